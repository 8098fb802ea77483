"""Sentence splitting against hostile runs: sentencex alone against ``claimaudit.text.segmenter``.

Each input is one paragraph of a repeated unit (runs on which sentencex is quadratic: quote
marks, backticks, terminators inside one long word, openers that never close) at each size;
sentencex alone is skipped at a size where a quadratic growth from the size before would put
it over ``--max-s`` seconds.

Usage: python benchmarks/bench_sentencex.py [--sizes 50000 100000 200000 400000] [--max-s 60]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

import sentencex

from claimaudit.text.segmenter import sentence_spans

UNITS = {
    "backticks": "`",
    "quotes '": "'",
    "curly quotes": "\u201c",
    "guillemets": "\u00bb",
    "`!-`": "!-",
    "`![`": "![",
    "`<!--`": "<!--",
    "`“a `": "\u201ca ",
    "`` ` `` (spaced)": "` ",
    "prose": "Sparse solvers save memory (Fig. 2). We, e.g., use SciPy et al. here! ",
}


def seconds(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50_000, 100_000, 200_000, 400_000])
    parser.add_argument("--max-s", type=float, default=60.0)
    args = parser.parse_args()
    sizes: list[int] = args.sizes
    header = " | ".join(f"{s // 1000} KB" for s in sizes)
    print(f"| input | splitter | {header} |")
    print("|---|---|" + "---|" * len(sizes))
    for name, unit in UNITS.items():
        texts = [(unit * (size // len(unit) + 1))[:size] for size in sizes]
        alone: list[str] = []
        previous: tuple[int, float] | None = None
        for size, text in zip(sizes, texts, strict=True):
            if previous and previous[1] * (size / previous[0]) ** 2 > args.max_s:
                alone.append(f"(~{previous[1] * (size / previous[0]) ** 2:.0f})")
                continue
            took = seconds(partial(sentencex.get_sentence_boundaries, "en", text))
            previous = (size, took)
            alone.append(f"{took:.3f}")
        bounded = [f"{seconds(partial(sentence_spans, text)):.3f}" for text in texts]
        print(f"| {name} | sentencex alone | {' | '.join(alone)} |", flush=True)
        print(f"| {name} | `segmenter.sentence_spans` | {' | '.join(bounded)} |", flush=True)


if __name__ == "__main__":
    main()
