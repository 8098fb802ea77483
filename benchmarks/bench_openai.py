"""What the ``openai`` judge sends per pair, and what it adds to the model's own time.

A hosted model bills by prompt size and its latency is the server's; neither can be measured
offline. So this measures, against the test suite's fake chat completions server on 127.0.0.1
(which answers at once):
- the characters of the messages sent per (claim, paper) pair (two requests), and the tokens the
  fake server estimates (4 characters a token), for a SciFact abstract and a full paper;
- the judge's own overhead per pair: rendering, two HTTP round trips on the loopback, parsing
  and reading the logprobs (median wall time of ``Checker.check_paper``, model time excluded).

Usage: python benchmarks/bench_openai.py [--repeats N] [--shared ../shared/data]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the fake server lives in the test suite

from benchmarks.bench_check import FULL_PAPER_CLAIM, bench_library  # noqa: E402
from tests.judges.openaiserver import OpenAIServer  # noqa: E402

from claimaudit.api import make_checker  # noqa: E402
from claimaudit.records import CheckedRecord  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp, OpenAIServer() as server:
        os.environ["OPENAI_BASE_URL"] = server.url
        db, pairs = bench_library(args.shared, Path(tmp))
        checker = make_checker("openai", library=db, model="bench")
        cases = {
            "SciFact abstract": [(claim, f"scifact:{doc}") for claim, doc in pairs],
            "full paper (deep-rules)": [(FULL_PAPER_CLAIM, "arXiv:2105.14372")],
        }
        for name, items in cases.items():
            seconds: list[float] = []
            chars: list[int] = []
            tokens: list[int] = []
            selected: list[int] = []
            for _ in range(args.repeats):
                for claim, ref in items:
                    before = len(server.requests)
                    started = time.perf_counter()
                    record = checker.check_paper(claim, ref)
                    seconds.append(time.perf_counter() - started)
                    assert isinstance(record, CheckedRecord), record
                    selected.append(record.passages_selected)
                    sent = server.requests[before:]
                    chars.append(sum(len(m["content"]) for r in sent for m in r.json["messages"]))
                    tokens.append(sum(len(r.body) // 4 for r in sent))
            label = f"{name}, median {statistics.median(selected):.0f} passages selected"
            rows.append((label, chars, tokens, seconds))
    print("| pair | message characters sent | est. prompt tokens | check ms | runs |")
    print("|---|---:|---:|---:|---:|")
    for label, chars, tokens, seconds in rows:
        print(
            f"| {label} | {statistics.median(chars):,.0f} | {statistics.median(tokens):,.0f} "
            f"| {statistics.median(seconds) * 1000:.1f} | {len(seconds)} |"
        )


if __name__ == "__main__":
    main()
