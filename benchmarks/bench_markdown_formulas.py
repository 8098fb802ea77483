"""Markdown extraction time against the number of inline formulas: a paper of paragraphs of
five sentences, each with one formula, in three kinds: the same ``$x_i$`` every time, a
different symbol with plain scripts each time (``$x_{17}^{2}$``), and a formula with a command
and an operator each time (``$\\alpha_{17} + 1$``), which the LaTeX parser reads.

Run from the repository root:
    PYTHONPATH=src python benchmarks/bench_markdown_formulas.py [--formulas 5000] [--repeats 5]
(another tree's: ``git archive COMMIT src | tar -x -C /tmp/base``; ``PYTHONPATH=/tmp/base/src``).
Prints a markdown table: kind, formulas, and the median over ``--repeats`` fresh processes
(each its own, so no run reads formulas an earlier one cached) of ``extract``'s processor
seconds and wall seconds, and processor ms per formula. Processor time is the figure to
compare: on a shared machine whose CPU share is capped, wall time is many times it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

_KINDS: dict[str, Callable[[int], str]] = {
    "same `$x_i$`": lambda i: "x_i",
    "plain scripts `$x_{i}^{2}$`": lambda i: f"x_{{{i}}}^{{2}}",
    "command `$\\alpha_{i} + 1$`": lambda i: f"\\alpha_{{{i}}} + 1",
}
_TIMED = (
    "import sys, time; from pathlib import Path; "
    "from claimaudit.library.extract import extract; "
    "c, w = time.process_time(), time.perf_counter(); extract(Path(sys.argv[1])); "
    "print(time.process_time() - c, time.perf_counter() - w)"
)


def _paper(formulas: int, formula: Callable[[int], str]) -> str:
    lines = ["# Formulas\n\n## Methods\n\n"]
    for i in range(0, formulas, 5):
        sentences = [f"We set ${formula(i + j)}$ to a value." for j in range(5)]
        lines.append(" ".join(sentences) + "\n\n")
    return "".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--formulas", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(
        "| formulas | count | median CPU s | median wall s | CPU ms per formula |\n"
        "|---|---:|---:|---:|---:|"
    )
    with tempfile.TemporaryDirectory() as folder:
        for kind, formula in _KINDS.items():
            path = Path(folder) / "paper.md"
            path.write_text(_paper(args.formulas, formula), encoding="utf-8")
            runs = [
                subprocess.run(
                    [sys.executable, "-c", _TIMED, str(path)],
                    check=True,
                    capture_output=True,
                    text=True,
                    env=os.environ,
                ).stdout.split()
                for _ in range(args.repeats)
            ]
            cpu = statistics.median(float(run[0]) for run in runs)
            wall = statistics.median(float(run[1]) for run in runs)
            per = cpu / args.formulas * 1000
            print(f"| {kind} | {args.formulas} | {cpu:.2f} | {wall:.2f} | {per:.3f} |", flush=True)


if __name__ == "__main__":
    main()
