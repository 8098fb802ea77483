"""One passage of a long paper by its id (``Library.passage_window``, which ``GET
/v1/library/{ref}/passages/{id}`` and MCP ``library_passage`` call), with and without the index
of schema step 17 (``passages_by_id``).

Run from the repository root:  .venv/bin/python benchmarks/bench_passage.py [--passages 20000]
[--calls 200] [--runs 5]. Builds a temporary library holding one paper of that many passages,
times ``--calls`` reads of passages spread over the paper (context 2), and prints the median
per call of each of ``--runs`` runs, then their median, in a markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage

REF = parse_ref("local:long")


def _run(lib: Library, ids: list[str]) -> float:
    times = []
    for passage_id in ids:
        start = time.perf_counter()
        assert lib.passage_window(REF, passage_id, 2) is not None
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--passages", type=int, default=20_000)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    step = max(args.passages // args.calls, 1)
    ids = [f"P{n:06d}" for n in range(0, args.passages, step)][: args.calls]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lib.sqlite3"
        with Library.open(path) as lib:
            text = "Sentence {} of a very long paper about sparse matrices."
            passages = [Passage(f"P{n:06d}", text.format(n), None) for n in range(args.passages)]
            lib.add_paper(NewPaper(REF, "Long", passages, "h"))
            with_index = [_run(lib, ids) for _ in range(args.runs)]
            lib._conn.execute("DROP INDEX passages_by_id")  # as a library of version 16
            without = [_run(lib, ids) for _ in range(args.runs)]
    print(f"| one passage of {args.passages:,} (context 2) | runs' medians, ms | median ms |")
    print("|---|---|---:|")
    for label, runs in (("without the index", without), ("with the index", with_index)):
        shown = ", ".join(f"{r:.2f}" for r in runs)
        print(f"| {label} | {shown} | {statistics.median(runs):.2f} |")


if __name__ == "__main__":
    main()
