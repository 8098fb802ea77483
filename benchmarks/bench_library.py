"""Library benchmarks: ingestion throughput over the six shared papers, and search latency
over the full SciFact corpus (5,183 abstracts, 45,952 sentence passages).

Run from the repository root:  .venv/bin/python benchmarks/bench_library.py [--repeats 5]
Prints markdown tables. Ingestion times cover extraction, passage sizing and the database
transaction (each run into a fresh temporary library); search times cover ``Library.search``
with limit 10, the query being the text of a SciFact training claim. ``--no-hits`` times only
searches that find nothing (Hebrew, Greek, Russian, Chinese, English), which scan the passages'
text for words the index cannot see (``library.search_cjk.inner_rows``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.scifact import import_corpus
from claimaudit.library.store import Library

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
PAPERS = DATA / "papers"
SIX_PAPERS: tuple[tuple[str, Path, str], ...] = (
    ("SciPy 1.0 (LaTeX + \\input)", PAPERS / "scipy-1.0_virtanen2020" / "scipy-1.0", "1907.10121"),
    (
        "scikit-image (LaTeX, several files)",
        PAPERS / "scikit-image_vanderwalt2014" / "latex",
        "1407.6245",
    ),
    (
        "conv arithmetic (LaTeX)",
        PAPERS / "conv-arithmetic_dumoulin2016" / "conv_arithmetic.tex",
        "1603.07285",
    ),
    (
        "good enough practices (LaTeX)",
        PAPERS / "good-enough-practices_wilson2017",
        "1609.00037",
    ),
    ("deep rules (Manubot)", PAPERS / "deep-rules_lee2022", "2105.14372"),
    ("deep review (Manubot)", PAPERS / "deep-review_ching2018", "doi:10.1098/rsif.2017.0387"),
)


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def bench_ingestion(repeats: int) -> None:
    print(f"## Ingestion throughput (median of {repeats} runs, fresh library each run)\n")
    print("| paper | source KB | passages | median ms | KB/s |")
    print("|---|---:|---:|---:|---:|")
    total_kb = 0.0
    total_s = 0.0
    for label, path, ref in SIX_PAPERS:
        times: list[float] = []
        kb = 0.0
        passages = 0
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as tmp, Library.open(Path(tmp) / "l.db") as lib:
                start = time.perf_counter()
                result = add_path(lib, path, ref=parse_ref(ref))
                times.append(time.perf_counter() - start)
                kb, passages = result.source_bytes / 1024, result.passage_count
        median = statistics.median(times)
        total_kb += kb
        total_s += median
        print(f"| {label} | {kb:.1f} | {passages} | {median * 1000:.0f} | {kb / median:.0f} |")
    print(f"| **all six** | {total_kb:.1f} | | {total_s * 1000:.0f} | {total_kb / total_s:.0f} |\n")


def bench_search(queries: int) -> None:
    claims_path = DATA / "scifact" / "claims_train.jsonl"
    claims = [json.loads(line)["claim"] for line in claims_path.read_text().splitlines()]
    claims = claims[:queries]
    with tempfile.TemporaryDirectory() as tmp, Library.open(Path(tmp) / "l.db") as lib:
        start = time.perf_counter()
        summary = import_corpus(lib, DATA / "scifact" / "corpus.jsonl")
        import_s = time.perf_counter() - start
        lib.search(claims[0])  # warm the page cache once, as a running tool would be
        times: list[float] = []
        for claim in claims:
            start = time.perf_counter()
            lib.search(claim, limit=10)
            times.append((time.perf_counter() - start) * 1000)
    print("## Search over the full SciFact corpus\n")
    print(
        f"Import: {summary.added} abstracts, {summary.passages} passages in {import_s:.2f} s "
        f"(one transaction).\n"
    )
    print("| queries | median ms | p95 ms | max ms |")
    print("|---:|---:|---:|---:|")
    print(
        f"| {len(times)} | {statistics.median(times):.1f} | {percentile(times, 95):.1f} "
        f"| {max(times):.1f} |"
    )


# Queries the SciFact corpus holds no passage for, in scripts the index reads word by word or
# not (Chinese): each reads every passage's text once for words inside CJK text.
NO_HIT_QUERIES = (
    "המחקר מראה שהטיפול משפר את התוצאות",
    "והמחקר",
    "בבית הספר הילדים לומדים מתמטיקה ומדעים בכל יום",
    "η άσκηση βελτιώνει την υγεία",
    "ёжики живут в лесу",
    "这是没有结果的查询",
    "zzqx wibblefrotz",
    " ".join(f"nohitword{i}" for i in range(20)),
)


def bench_no_hits(repeats: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, Library.open(Path(tmp) / "l.db") as lib:
        import_corpus(lib, DATA / "scifact" / "corpus.jsonl")
        lib.search(NO_HIT_QUERIES[0])  # warm the page cache once
        print("## Searches finding nothing, over the full SciFact corpus\n")
        print(f"| query | hits | median ms of {repeats} |")
        print("|---|---:|---:|")
        medians: list[float] = []
        for query in NO_HIT_QUERIES:
            times: list[float] = []
            hits = 0
            for _ in range(repeats):
                start = time.perf_counter()
                hits = len(lib.search(query, limit=10))
                times.append((time.perf_counter() - start) * 1000)
            medians.append(statistics.median(times))
            print(f"| {query[:40]} | {hits} | {medians[-1]:.1f} |")
        print(f"| **median of the medians** | | {statistics.median(medians):.1f} |\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--no-hits", action="store_true", help="time searches finding nothing")
    args = parser.parse_args(argv)
    if not DATA.is_dir():
        print(f"shared data folder missing: {DATA}", file=sys.stderr)
        return 2
    if args.no_hits:
        bench_no_hits(max(1, args.repeats))
        return 0
    bench_ingestion(max(1, args.repeats))
    bench_search(args.queries)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
