from __future__ import annotations

from claimaudit.accounting import RunSummary
from claimaudit.records import NotCheckedRecord


def failure(calls: dict[str, int]) -> NotCheckedRecord:
    return NotCheckedRecord(claim="c", paperRef="x:1", error="e", calls=calls)


def test_summary_adds_calls_per_backend_and_counts_not_checked() -> None:
    summary = RunSummary.of([failure({"openai": 2, "valyu": 1}), failure({"openai": 1})])
    assert (summary.pairs, summary.not_checked) == (2, 2)
    assert summary.line() == (
        "2 pairs: 0 with a verdict, 2 not checked; 2 need review; backend calls: openai 3, valyu 1"
    )


def test_summary_line_without_calls() -> None:
    assert RunSummary.of([failure({})]).line("paper") == (
        "1 paper: 0 with a verdict, 1 not checked; 1 needs review; backend calls: none"
    )
    assert RunSummary().line() == (
        "0 pairs: 0 with a verdict, 0 not checked; 0 need review; backend calls: none"
    )


def test_summary_as_json_counts_every_verdict() -> None:
    from claimaudit.checker import Checker
    from claimaudit.identity import parse_ref
    from tests.fakes import MemorySource, ScriptedJudge, pick

    source = MemorySource()
    source.add(parse_ref("1706.03762v5"), "T", ["Attention is all you need."])
    checked = Checker(source, ScriptedJudge(pick("supports", "P001"))).check("c", ["1706.03762"])
    summary = RunSummary.of([*checked, failure({"valyu": 1})]).to_dict()
    assert summary == {
        "records": 2,
        "verdicts": {
            "supports": 1,
            "contradicts": 0,
            "not_addressed": 0,
            "insufficient_evidence": 0,
            "not_checked": 1,
        },
        "needsReview": 1,  # the confident, evidenced supports needs none
        "notChecked": 1,
        "calls": {"valyu": 1},
    }
