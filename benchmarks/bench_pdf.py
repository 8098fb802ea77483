"""PDF extraction: fidelity against the LaTeX sources, and speed, on the five shared PDFs.

Run from the repository root:  .venv/bin/python benchmarks/bench_pdf.py [--repeats 5]
Prints two markdown tables. Fidelity (see benchmarks/pdf_fidelity.py for the definitions):
LaTeX body sentences found whole in one PDF passage, spurious tokens per 1,000 words, passages
broken mid-sentence. Speed: each PDF extracted ``--repeats`` times in this one process (reading,
layout and paragraphs; no database), the median run's pages per second; pdfium renders nothing.
The CPU seconds the process spent (median run) are printed beside the wall-clock seconds: on a
machine shared with other work, they tell the extractor's own cost from the waiting.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.pdf_fidelity import PAIRS, measure, page_count

from claimaudit.library.pdf.extract import extract_pdf


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print("## PDF fidelity against the LaTeX source\n")
    print(
        "| PDF | pages | passages | sentences found | spurious / 1,000 words | broken "
        "| line numbers removed | running lines removed |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for pair in PAIRS:
        f = measure(pair)
        print(
            f"| {f.name} | {f.pages} | {f.passages} | {f.recall:.3f} ({f.found}/{f.sentences}) "
            f"| {f.spurious_per_1000:.2f} | {f.broken} | {f.line_numbers_removed} "
            f"| {f.running_lines_removed} |"
        )
    print(f"\n## PDF extraction speed (median of {args.repeats} runs)\n")
    print("| PDF | pages | median s | median CPU s | pages/s |")
    print("|---|---:|---:|---:|---:|")
    total_pages = 0
    total_time = 0.0
    total_cpu = 0.0
    for pair in PAIRS:
        runs = []
        cpu = []
        pages = page_count(pair.pdf)
        for _ in range(args.repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            extract_pdf(pair.pdf)
            runs.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        median = statistics.median(runs)
        total_pages += pages
        total_time += median
        total_cpu += statistics.median(cpu)
        print(
            f"| {pair.name} | {pages} | {median:.3f} | {statistics.median(cpu):.3f} "
            f"| {pages / median:.0f} |"
        )
    print(
        f"| **all five** | {total_pages} | {total_time:.3f} | {total_cpu:.3f} "
        f"| {total_pages / total_time:.0f} |"
    )


if __name__ == "__main__":
    main()
