"""``review`` of a 50-citation report with the embedded judge: cold cache, warm cache, one edit.

The report is built from the five shared papers that have arXiv ids or a DOI: ten sentences per
paper, each the opening sentence of one of the paper's passages (so the work is real full-paper
checking), cited in turn as a Manubot key, a numbered reference and an arXiv id or DOI in the
text. Each repeat copies the freshly ingested library (no cached results), reviews the report
(cold), reviews it again (warm: every pair from the cache), then reviews it with one sentence
edited (one new pair). Timings are in-process ``review_report`` calls, the model already loaded.

Usage: python benchmarks/bench_review.py [--repeats N] [--shared ../shared/data] [--workers N ...]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from claimaudit.api import make_checker
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.result_cache import LibraryResultCache
from claimaudit.library.store import Library
from claimaudit.review import extract_claims, review_report
from claimaudit.text.plain import sentences

ROOT = Path(__file__).resolve().parents[1]
PAPERS = {
    "arXiv:1907.10121": "scipy-1.0_virtanen2020",
    "arXiv:1407.6245": "scikit-image_vanderwalt2014/latex/skimage.tex",
    "doi:10.1371/journal.pcbi.1005510": "good-enough-practices_wilson2017/index.md",
    "arXiv:1603.07285": "conv-arithmetic_dumoulin2016/conv_arithmetic.tex",
    "arXiv:2105.14372": "deep-rules_lee2022",
}
PER_PAPER = 10


def _opening_sentences(library: Library, ref: str) -> list[str]:
    found: list[str] = []
    for passage in library.passages(parse_ref(ref)):
        first = next(sentences(passage.text, 400), "")
        words = first.split()
        plain = all(c not in first for c in '[]@\\$`*_{}|#<>=\u201c"') and first[0].isupper()
        balanced = first.count("(") == first.count(")")
        if (
            8 <= len(words) <= 40
            and first.endswith(".")
            and plain
            and balanced
            and first not in found
        ):
            found.append(first)
    step = max(1, len(found) // PER_PAPER)
    return found[::step][:PER_PAPER]


def build_report(library: Library) -> str:
    refs = list(PAPERS)
    lines = ["# A literature review, generated for the benchmark", ""]
    styles = ("key", "number", "identifier")
    n = 0
    for number, ref in enumerate(refs, start=1):
        for sentence in _opening_sentences(library, ref):
            body = sentence[:-1]
            style = styles[n % len(styles)]
            if style == "key":
                cite = f"[@{ref[0].lower() + ref[1:]}]"
            elif style == "number":
                cite = f"[{number}]"
            else:
                cite = f"({ref})"
            lines.append(f"{body} {cite}.")
            n += 1
            if n % 5 == 0:  # paragraphs of five sentences
                lines.append("")
    lines += ["", "## References", ""]
    lines += [f"{i}. A paper of the shared data. {ref}" for i, ref in enumerate(refs, start=1)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument(
        "--workers",
        type=int,
        nargs="*",
        default=[0],
        help="worker counts to compare, run in turn within each repeat (0: the judge's default)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pristine = Path(tmp) / "pristine.sqlite3"
        with Library.open(pristine) as library:
            for ref, path in PAPERS.items():
                add_path(library, args.shared / "papers" / path, ref=parse_ref(ref))
            report = build_report(library)
        claims, _ = extract_claims(report)
        citations = sum(len(c.citations) for c in claims)
        assert citations == len(claims) == 50, (citations, len(claims))
        assert all(t.paper for c in claims for t in c.targets)
        first = claims[0].sentence
        edited = report[: first.start] + "In short, " + report[first.start :]
        samples: dict[int, tuple[list[float], list[float], list[float]]] = {
            w: ([], [], []) for w in args.workers
        }
        for repeat in range(args.repeats + 1):
            for workers in args.workers:
                db = Path(tmp) / f"run{repeat}-{workers}.sqlite3"
                shutil.copyfile(pristine, db)
                checker = make_checker("local", library=db, cache=LibraryResultCache(db))
                timings = []
                for text in (report, report, edited):
                    started = time.perf_counter()
                    result = review_report(text, checker=checker, workers=workers or None)
                    timings.append(time.perf_counter() - started)
                    assert result.summary.not_checked == 0
                if repeat:  # the first round loads the model and warms the page cache
                    for series, value in zip(samples[workers], timings, strict=True):
                        series.append(value)
    default = make_checker("local", library=pristine).judge.concurrency
    for workers, (cold, warm, edit) in samples.items():
        label = workers or f"the judge's default ({default})"
        print(f"\n50 cited sentences; workers: {label}; {args.repeats} repeats\n")
        print("| review | median s | min s | max s |")
        print("|---|---:|---:|---:|")
        for name, values in (
            ("cold cache (50 pairs judged)", cold),
            ("warm cache (50 pairs from the cache)", warm),
            ("warm cache, one sentence edited (1 pair judged)", edit),
        ):
            row = [statistics.median(values), min(values), max(values)]
            print(f"| {name} | " + " | ".join(f"{v:.2f}" for v in row) + " |")


if __name__ == "__main__":
    main()
