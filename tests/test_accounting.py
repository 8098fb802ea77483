from __future__ import annotations

from claimaudit.accounting import RunSummary
from claimaudit.records import NotCheckedRecord


def failure(calls: dict[str, int]) -> NotCheckedRecord:
    return NotCheckedRecord(claim="c", paperRef="x:1", error="e", calls=calls)


def test_summary_adds_calls_per_backend_and_counts_not_checked() -> None:
    summary = RunSummary.of([failure({"openai": 2, "valyu": 1}), failure({"openai": 1})])
    assert (summary.pairs, summary.not_checked) == (2, 2)
    assert summary.line() == "2 pairs checked, 2 not_checked; backend calls: openai 3, valyu 1"


def test_summary_line_without_calls() -> None:
    assert RunSummary.of([failure({})]).line() == (
        "1 pair checked, 1 not_checked; backend calls: none"
    )
    assert RunSummary().line() == "0 pairs checked, 0 not_checked; backend calls: none"
