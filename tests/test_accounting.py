from __future__ import annotations

from claimaudit.accounting import RunSummary
from claimaudit.records import JudgeTokens, NotCheckedRecord


def failure(
    calls: dict[str, int], tokens: JudgeTokens | None = None, seconds: float = 0.0
) -> NotCheckedRecord:
    return NotCheckedRecord(
        claim="c",
        paperRef="x:1",
        error="e",
        calls=calls,
        judgeTokens=tokens,
        judgeSeconds=seconds,
    )


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


def test_summary_adds_the_judges_tokens_and_seconds() -> None:
    records = [
        failure({"openai": 2}, JudgeTokens(prompt=1200, completion=2), 1.25),
        failure({"openai": 1}, JudgeTokens(prompt=1110, completion=1), 0.5),
        failure({}),  # nothing asked: no tokens, no time
    ]
    summary = RunSummary.of(records)
    assert summary.cost_line() == (
        "backend calls: openai 3; judge tokens: 2,310 prompt, 3 completion; "
        "waiting on the judge: 1.8 s"
    )
    assert summary.cost_dict() == {
        "judgeTokens": {"prompt": 2310, "completion": 3},
        "judgeSeconds": 1.75,
    }


def test_time_without_tokens_is_still_reported() -> None:
    # The embedded judge reports no tokens, but it was waited on.
    summary = RunSummary.of([failure({}, None, 2.04)])
    assert summary.cost_line() == "backend calls: none; waiting on the judge: 2.0 s"
    # Nor a count of zero that nobody made: no record reported tokens, so none are summed.
    assert summary.to_dict()["judgeTokens"] is None
    assert summary.cost_dict() == {"judgeTokens": None, "judgeSeconds": 2.04}


def test_tokens_reported_as_zero_are_summed_as_zero() -> None:
    # A server that reported 0 tokens did report them: the summary says 0, not null.
    summary = RunSummary.of([failure({}, JudgeTokens(prompt=0, completion=0)), failure({})])
    assert summary.to_dict()["judgeTokens"] == {"prompt": 0, "completion": 0}


def test_summary_as_json_counts_every_verdict() -> None:
    from claimaudit.checker.pipeline import Checker
    from claimaudit.identity import parse_ref
    from tests.fakes import MemorySource, ScriptedJudge, pick

    source = MemorySource()
    source.add(parse_ref("1706.03762v5"), "T", ["Attention is all you need."])
    checked = Checker(source, ScriptedJudge(pick("supports", "P001"))).check(
        "Attention helps.", ["1706.03762"]
    )
    summary = RunSummary.of([*checked, failure({"valyu": 1})]).to_dict()
    seconds = summary.pop("judgeSeconds")
    assert seconds == round(checked[0].judge_seconds, 3) and seconds >= 0.0
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
        "judgeTokens": None,  # the scripted judge reports none
    }


def test_counts_agree_with_their_nouns() -> None:
    from claimaudit.accounting import counted, noun_for

    assert counted(1, "cited sentence") == "1 cited sentence"
    assert counted(0, "cited sentence") == "0 cited sentences"
    assert counted(2, "record") == "2 records"
    assert counted(1, "needs review", "need review") == "1 needs review"
    assert counted(3, "needs review", "need review") == "3 need review"
    assert noun_for(1, "uncited sentence") == "uncited sentence"
