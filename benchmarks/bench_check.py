"""End-to-end check latency with the embedded judge.

Measures, on one machine and with medians over repeated runs:
- a warm in-process ``Checker.check_paper`` on a SciFact abstract (about 10 sentence passages)
  and on a full paper (deep-rules, about 66 paragraph passages, budget-limited selection);
- a cold ``claimaudit check`` process (start-up, model load, one check), as a user sees it.

Usage: python benchmarks/bench_check.py [--repeats N] [--shared ../shared/data] [--model-dir DIR]

``--model-dir`` measures the warm checks with another model folder (to compare two settings in
one session); the cold process always runs the packaged model, so it is left out then.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from claimaudit.api import make_checker
from claimaudit.identity import parse_ref
from claimaudit.judges.local.judge import LocalJudge
from claimaudit.library.ingest import add_path
from claimaudit.library.scifact import import_corpus
from claimaudit.library.store import Library

ROOT = Path(__file__).resolve().parents[1]
DEEP_RULES = ROOT / "examples" / "papers" / "deep-rules_lee2022"
FULL_PAPER_CLAIM = (
    "Simpler models such as logistic regression and random forests can help establish baseline "
    "performance expectations before applying deep learning."
)


def _median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.0f}"


def _scifact_subset(shared: Path, workdir: Path, n_docs: int) -> tuple[Path, list[tuple[str, str]]]:
    claims = [json.loads(line) for line in (shared / "scifact" / "claims_train.jsonl").open()]
    pairs = [(c["claim"], str(c["cited_doc_ids"][0])) for c in claims[:n_docs]]
    wanted = {doc for _, doc in pairs}
    subset = workdir / "corpus.jsonl"
    with (shared / "scifact" / "corpus.jsonl").open() as src, subset.open("w") as dst:
        for line in src:
            if str(json.loads(line)["doc_id"]) in wanted:
                dst.write(line)
    return subset, pairs


def bench_library(shared: Path, workdir: Path) -> tuple[Path, list[tuple[str, str]]]:
    """A library in ``workdir`` with 20 SciFact abstracts and the deep-rules paper: its path, and
    the (claim, SciFact doc id) pairs whose abstracts it holds."""
    db = workdir / "library.sqlite3"
    subset, pairs = _scifact_subset(shared, workdir, 20)
    with Library.open(db) as library:
        import_corpus(library, subset)
        add_path(library, DEEP_RULES, ref=parse_ref("arXiv:2105.14372"))
    return db, pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--model-dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db, pairs = bench_library(args.shared, Path(tmp))
        # No results cache: every run judges afresh (cached answers are bench_review's subject).
        judge = LocalJudge(args.model_dir) if args.model_dir else "local"
        checker = make_checker(judge, library=db, cache=False)
        checker.check_paper(pairs[0][0], f"scifact:{pairs[0][1]}")  # load the model once
        abstract: list[float] = []
        for _ in range(args.repeats):
            for claim, doc in pairs:
                started = time.perf_counter()
                checker.check_paper(claim, f"scifact:{doc}")
                abstract.append(time.perf_counter() - started)
        full: list[float] = []
        for _ in range(args.repeats):
            started = time.perf_counter()
            record = checker.check_paper(FULL_PAPER_CLAIM, "arXiv:2105.14372")
            full.append(time.perf_counter() - started)
        cold: list[float] = []
        env = {**os.environ, "CLAIMAUDIT_LIBRARY": str(db)}
        command = [
            sys.executable,
            "-m",
            "claimaudit",
            "check",
            FULL_PAPER_CLAIM,
            "--paper",
            "arXiv:2105.14372",
            "--format",
            "json",
            "--no-cache",  # every run judges afresh; cached answers are bench_review's subject
        ]
        for _ in range(0 if args.model_dir else args.repeats):
            started = time.perf_counter()
            subprocess.run(command, env=env, check=True, capture_output=True)
            cold.append(time.perf_counter() - started)
    selected = getattr(record, "passages_selected", "?")
    print("| measurement | median ms | runs |")
    print("|---|---:|---:|")
    print(f"| warm check, SciFact abstract | {_median_ms(abstract)} | {len(abstract)} |")
    label = f"warm check, full paper ({selected} passages selected)"
    print(f"| {label} | {_median_ms(full)} | {len(full)} |")
    if cold:
        print(f"| cold `claimaudit check` process, full paper | {_median_ms(cold)} | {len(cold)} |")


if __name__ == "__main__":
    main()
