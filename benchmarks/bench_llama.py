"""The ``openai`` judge against a real llama.cpp server on this machine: what a check costs.

Starts llama-cpp-python's server (``make llama`` installs it) with the test suite's
SmolLM2-135M model on a free 127.0.0.1 port and measures, each as the median of ``--repeats``:

- the server's start, until ``GET /v1/models`` answers;
- ``check_paper`` of the llama tests' short paper (4 passages): cold (the server's first prompt
  of the run, a fresh server each repeat) and warm (the same question again, when llama.cpp
  reuses the previous prompt's prefix);
- ``check_paper`` of a full paper (good-enough-practices, 167 passages) fitted to a 2,048-token
  window (``context_tokens``), with the prompt tokens the server counted.

Usage: python benchmarks/bench_llama.py [--repeats N]
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
sys.path.insert(0, str(ROOT))  # the server helpers live in the test suite

from tests.llamacpp.papers import CLAIM, DROPOUT_REF, write_library  # noqa: E402
from tests.llamacpp.server import SERVED_MODEL, LlamaServer  # noqa: E402

from claimaudit.api import make_checker  # noqa: E402
from claimaudit.identity import parse_ref  # noqa: E402
from claimaudit.library.ingest import add_path  # noqa: E402
from claimaudit.library.store import Library  # noqa: E402
from claimaudit.records import Record  # noqa: E402

FULL_REF = "arXiv:1609.00037"
FULL_PAPER = ROOT / "examples" / "papers" / "good-enough-practices_wilson2017" / "index.md"
FULL_CLAIM = "Scientists should put everything they write in version control."
WINDOW = 2048


def timed_check(db: Path, claim: str, ref: str, context_tokens: int | None) -> tuple[float, Record]:
    with make_checker(
        "openai",
        library=db,
        model=SERVED_MODEL,
        timeout=600.0,
        context_tokens=context_tokens,
        cache=False,
    ) as checker:
        started = time.perf_counter()
        record = checker.check_paper(claim, ref)
        return time.perf_counter() - started, record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    starts: list[float] = []
    cold: list[float] = []
    warm: list[float] = []
    fitted: list[float] = []
    tokens: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = write_library(Path(tmp))
        with Library.open(db) as library:
            add_path(library, FULL_PAPER, ref=parse_ref(FULL_REF))
        for repeat in range(args.repeats):
            began = time.perf_counter()
            with LlamaServer(Path(tmp), n_ctx=WINDOW) as server:
                starts.append(time.perf_counter() - began)
                os.environ["OPENAI_BASE_URL"] = server.base_url
                for series in (cold, warm):
                    seconds, record = timed_check(db, CLAIM, DROPOUT_REF, None)
                    assert record.verdict != "not_checked", record
                    series.append(seconds)
                seconds, record = timed_check(db, FULL_CLAIM, FULL_REF, WINDOW)
                assert record.verdict != "not_checked", record
                assert record.judge_tokens is not None
                fitted.append(seconds)
                tokens.append(record.judge_tokens.prompt)
            print(f"repeat {repeat + 1}: done", file=sys.stderr)
    print("| measure | median s | runs |")
    print("|---|---:|---:|")
    print(f"| server start | {statistics.median(starts):.1f} | {len(starts)} |")
    print(f"| short paper, cold | {statistics.median(cold):.1f} | {len(cold)} |")
    print(f"| short paper, warm | {statistics.median(warm):.1f} | {len(warm)} |")
    print(
        f"| full paper fitted to {WINDOW} tokens ({statistics.median(tokens):,.0f} prompt "
        f"tokens, both questions) | {statistics.median(fitted):.1f} | {len(fitted)} |"
    )


if __name__ == "__main__":
    main()
