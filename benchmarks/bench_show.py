"""`claimaudit library show` on a very long paper: the first page, a page deep inside, and all.

Run from the repository root:  .venv/bin/python benchmarks/bench_show.py [--passages 110000]
[--repeats 3]. Builds a temporary library holding one paper of that many passages (one per
sentence, through ``import-jsonl``) and times the real command as a user runs it (a fresh process,
output to a file), median of the runs. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _time(command: list[str], repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        with tempfile.TemporaryFile() as out:
            start = time.perf_counter()
            subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL, check=True)
            runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--passages", type=int, default=110_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        library = Path(folder) / "lib.sqlite3"
        corpus = Path(folder) / "long.jsonl"
        text = "Sentence {} of a very long paper about sparse matrices."
        sentences = [text.format(i) for i in range(args.passages)]
        corpus.write_text(json.dumps({"doc_id": 1, "title": "Long", "abstract": sentences}))
        base = [sys.executable, "-m", "claimaudit", "library"]
        load = [*base, "import-jsonl", str(corpus), "--library", str(library)]
        subprocess.run(load, check=True, stdout=subprocess.DEVNULL)
        show = [*base, "show", "scifact:1", "--library", str(library)]
        last = args.passages - 100
        cases = [
            ("first page (default --limit 100)", show),
            (f"a page at --offset {last}", [*show, "--offset", str(last)]),
            ("first page, --json", [*show, "--json"]),
            ("every passage (--limit 0)", [*show, "--limit", "0"]),
            ("every passage, --json --limit 0", [*show, "--json", "--limit", "0"]),
        ]
        title = f"`library show` of a {args.passages:,}-passage paper"
        print(f"## {title} (median of {args.repeats} runs)\n")
        print("| command | median s |")
        print("|---|---:|")
        for label, command in cases:
            print(f"| {label} | {_time(command, args.repeats):.2f} |")


if __name__ == "__main__":
    main()
