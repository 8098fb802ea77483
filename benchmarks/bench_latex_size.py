"""LaTeX extraction time against source size: a body of random words (no markup at all, the
case that was quadratic in pylatexenc's tokenizer), and the same words with a macro, a
citation and an inline formula in every sentence.

Run from the repository root:  .venv/bin/python benchmarks/bench_latex_size.py [--sizes 0.4 1 4]
Prints a markdown table: size in MB, seconds to extract (whole ``extract``: includes, macros,
parsing, text) and passages.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimaudit.library.extract import extract

_WORDS = "sleep caffeine trial dose memory adult child reduced effect group significant".split()


def _body(chars: int, markup: bool, rng: random.Random) -> str:
    parts: list[str] = []
    size = 0
    while size < chars:
        sentence = " ".join(rng.choice(_WORDS) for _ in range(12))
        if markup:
            sentence += " \\emph{dose} \\cite{k} with $x^2 + y$"
        parts.append(sentence + ".")
        size += len(sentence) + 2
        if len(parts) % 8 == 0:
            parts.append("\n\n")
    return " ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=float, nargs="+", default=[0.4, 0.9, 1.7, 3.9])
    args = parser.parse_args()
    rng = random.Random(1)
    print("| body | MB | seconds | passages |\n|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for markup in (False, True):
            for mb in args.sizes:
                path = Path(folder) / "paper.tex"
                body = _body(int(mb * 1_000_000), markup, rng)
                path.write_text(
                    "\\documentclass{article}\n\\begin{document}\n\\section{Results}\n"
                    f"{body}\n\\end{{document}}\n",
                    encoding="utf-8",
                )
                start = time.perf_counter()
                blocks = extract(path).blocks
                seconds = time.perf_counter() - start
                kind = "words and markup" if markup else "words"
                print(f"| {kind} | {mb:g} | {seconds:.1f} | {len(blocks)} |", flush=True)


if __name__ == "__main__":
    main()
