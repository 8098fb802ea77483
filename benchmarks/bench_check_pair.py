"""Two local model folders, one warm full-paper check each, alternated in one process.

Run-to-run variance on a shared VM is as large as the difference between two settings, so the
two are timed in turns on the same claim and paper and compared by their medians:

    python benchmarks/bench_check_pair.py OLD_MODEL_DIR NEW_MODEL_DIR [--rounds 15]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_check import DEEP_RULES, FULL_PAPER_CLAIM

from claimaudit.api import make_checker
from claimaudit.identity import parse_ref
from claimaudit.judges.local.judge import LocalJudge
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library

REF = "arXiv:2105.14372"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", type=Path, nargs=2)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "library.sqlite3"
        with Library.open(db) as library:
            add_path(library, DEEP_RULES, ref=parse_ref(REF))
        checkers = [make_checker(LocalJudge(m), library=db, cache=False) for m in args.models]
        times: list[list[float]] = [[], []]
        for checker in checkers:
            checker.check_paper(FULL_PAPER_CLAIM, REF)  # load each model once
        for _ in range(args.rounds):
            for index, checker in enumerate(checkers):
                started = time.perf_counter()
                checker.check_paper(FULL_PAPER_CLAIM, REF)
                times[index].append(time.perf_counter() - started)
    medians = [statistics.median(t) * 1000 for t in times]
    print("| model folder | median ms | min | max | rounds |")
    print("|---|---:|---:|---:|---:|")
    for model, t, median in zip(args.models, times, medians, strict=True):
        print(f"| {model} | {median:.0f} | {min(t) * 1000:.0f} | {max(t) * 1000:.0f} | {len(t)} |")
    print(f"ratio (second / first): {medians[1] / medians[0]:.2f}")


if __name__ == "__main__":
    main()
