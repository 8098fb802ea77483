"""The decision step (``claimaudit.checker.decision``): the judge's two answers made into a
record, and a failure made into a ``not_checked`` one; run through a Checker, as every caller runs
it."""

from __future__ import annotations

import json

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.judges.protocol import ChoiceAnswer, Decision, JudgeReply
from claimaudit.records import CheckedRecord, NotCheckedRecord, record_to_dict
from tests.checker.conftest import CLAIM, TEXTS
from tests.fakes import MemorySource, ScriptedJudge, answer, failing, pick


def test_a_confident_verdict_on_an_unconfident_evidence_choice_needs_review(
    source: MemorySource,
) -> None:
    # The evidence confidence is judged on its own: a sure verdict does not clear a quote the
    # judge barely chose.
    judge = ScriptedJudge(pick("supports", "P002", strength=0.97, evidence_strength=0.5))
    [record] = Checker(source, judge).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord) and record.evidence == TEXTS[1]
    assert record.confidence is not None and record.confidence > 0.9
    assert record.evidence_confidence is not None and record.evidence_confidence < 0.8
    assert record.needs_review


def test_probabilities_for_the_verdict_only_give_a_verdict_that_needs_review(
    source: MemorySource,
) -> None:
    # A judge with probabilities for one question but a bare choice for the other still gave
    # a verdict (not an operational failure); with nothing measured for the evidence, the
    # record says no probabilities were given, and it is never cleared.
    def script(decision: Decision) -> JudgeReply:
        options = decision.questions["relation"].options
        rest = 0.03 / (len(options) - 1)
        relation = answer({o: 0.97 if o == "supports" else rest for o in options})
        return JudgeReply(
            model="m", answers={"relation": relation, "evidence": ChoiceAnswer("P002", None, None)}
        )

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.verdict == "supports" and record.evidence == TEXTS[1]
    assert record.probabilities_available is False and record.evidence_confidence is None
    assert record.needs_review


def test_a_failing_judges_message_loses_the_credentials_it_quotes(
    source: MemorySource, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A judge's (or a plugin's) error text is written into the record: a password in a URL or
    # a key it echoes must not be.
    monkeypatch.setenv("OPENAI_API_KEY", "sk-QADECIDE-1234-abcdef")
    message = "server https://bob:hunter2pw@judge.example/v1 refused key=sk-QADECIDE-1234-abcdef"
    [record] = Checker(source, ScriptedJudge(failing(message))).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert "judge.example" in record.error
    assert "hunter2pw" not in record.error and "sk-QADECIDE-1234-abcdef" not in record.error


@pytest.mark.parametrize(
    ("raised", "reason"),
    [
        (
            ImportError("cannot import name 'x' from 'lib'\n(see https://u:pw123456@h.example/)"),
            "judge 'scripted' failed: ImportError: cannot import name 'x' from 'lib' "
            "(see https://***@h.example/)",
        ),
        (ImportError(), "judge 'scripted' failed: ImportError"),
        (ValueError("a bug's own words"), "judge 'scripted' failed: ValueError"),
    ],
)
def test_a_judge_that_cannot_import_what_it_needs_says_what_in_one_line(
    source: MemorySource, raised: Exception, reason: str
) -> None:
    # QA: "judge 'local' failed: ImportError" gave no clue to a broken installation. A bug's
    # text stays out; an ImportError's (a user's to fix) is kept, one line and redacted.
    def script(decision: Decision) -> JudgeReply:
        raise raised

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == reason


def _reporting(read: object) -> ScriptedJudge:
    """A judge that picks P002 and says its model read ``read`` of the passages given."""
    chosen = pick("supports", "P002")

    def script(decision: Decision) -> JudgeReply:
        reply = chosen(decision)
        return JudgeReply(model=reply.model, answers=reply.answers, usage={"passagesRead": read})

    return ScriptedJudge(script)


def test_the_record_says_how_many_passages_the_judge_read(source: MemorySource) -> None:
    # Given the whole paper, the judge read two of its three passages: the record says so, and
    # does not call what the judge saw the full text.
    [record] = Checker(source, _reporting(2)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert (record.passages_considered, record.passages_selected) == (3, 3)
    assert record.passages_read == 2 and record.evidence_scope == "selected_passages"
    assert record_to_dict(record)["passagesRead"] == 2
    [whole] = Checker(source, _reporting(3)).check(CLAIM, ["1706.03762"])
    assert isinstance(whole, CheckedRecord)
    assert whole.passages_read == 3 and whole.evidence_scope == "full_text"


@pytest.mark.parametrize("read", [None, 4, -1, True, 1.5, "2"])
def test_a_judge_that_says_nothing_usable_of_what_it_read_leaves_it_null(
    source: MemorySource, read: object
) -> None:
    # More than it was given, or no count, is no statement about this record; the verdict stands.
    [record] = Checker(source, _reporting(read)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord) and record.verdict == "supports"
    assert record.passages_read is None and record.evidence_scope == "full_text"
    assert record_to_dict(record)["passagesRead"] is None


def test_a_judges_model_id_past_its_limit_is_cut_in_the_record(source: MemorySource) -> None:
    # A reply's model id has no limit of its own: a 1 MB one went into every record.
    def script(decision: Decision) -> JudgeReply:
        reply = pick("supports", "P001")(decision)
        return JudgeReply(model="m" * 1_000_000, answers=reply.answers)

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.model == "m" * 199 + "\u2026"


def test_a_plugins_text_with_a_lone_surrogate_never_reaches_a_record(
    source: MemorySource,
) -> None:
    # QA: a judge's model id or error message with a lone surrogate (a plugin's) was copied
    # into the record, which then could not be written out as UTF-8 (check --json, batch).
    from dataclasses import replace

    from claimaudit.errors import InvalidClaimTextError, SourceError

    def odd_model(decision: Decision) -> JudgeReply:
        return replace(pick("supports", "P002")(decision), model="m\ud800")

    records = [
        *Checker(source, ScriptedJudge(odd_model)).check(CLAIM, ["1706.03762"]),
        *Checker(source, ScriptedJudge(failing("down \ud800"))).check(CLAIM, ["1706.03762"]),
    ]

    class Failing(MemorySource):
        def fetch(self, ref: object, query: str) -> object:  # type: ignore[override]
            raise SourceError("gone \udcff")

    records += Checker(Failing(), ScriptedJudge(pick("supports", "P002"))).check(CLAIM, ["x:1"])
    for record in records:
        json.dumps(record_to_dict(record), ensure_ascii=False).encode()  # no surrogate left
    assert isinstance(records[0], CheckedRecord) and records[0].model == "m\ufffd"
    assert [r.error for r in records[1:] if isinstance(r, NotCheckedRecord)] == [
        "down \ufffd",
        "gone \ufffd",
    ]
    # A claim is refused, never changed: check_paper, for callers that did not validate it.
    with pytest.raises(InvalidClaimTextError, match="lone surrogate at character 6"):
        Checker(source, ScriptedJudge(pick("supports", "P002"))).check_paper(
            "Claim\ud800 words", "1706.03762"
        )


def test_a_failure_that_says_nothing_still_says_why(source: MemorySource) -> None:
    # QA: a judge plugin raising JudgeError(" ") gave a not_checked record with a blank error.
    [record] = Checker(source, ScriptedJudge(failing(" "))).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "the check failed without a message"
