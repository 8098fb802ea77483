from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

import pytest

from claimaudit.backends.watched import WatchedJudge
from claimaudit.checker.cache import cache_key
from claimaudit.checker.pipeline import Checker
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.checker.selection import Bm25Ranker
from claimaudit.errors import (
    ContextLengthError,
    InvalidClaimError,
    JudgeError,
    PluginError,
    SourceError,
    UsageError,
)
from claimaudit.identity import parse_ref
from claimaudit.inputs import topic_reordered
from claimaudit.judges.protocol import Case, ChoiceAnswer, Decision, Judge, JudgeReply
from claimaudit.passage import Passage
from claimaudit.plugins import Registry
from claimaudit.records import CheckedRecord, JudgeTokens, NotCheckedRecord, record_to_dict
from tests.checker.conftest import CLAIM, TEXTS
from tests.conftest import SEED_FIELDS
from tests.fakes import MemoryCache, MemorySource, ScriptedJudge, failing, pick


def test_supported_claim_copies_the_chosen_passage_verbatim(source: MemorySource) -> None:
    judge = ScriptedJudge(pick("supports", "P002"))
    [record] = Checker(source, judge).check("The Transformer has no recurrence.", ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.verdict == "supports"
    assert record.evidence_passage_id == "P002"
    assert record.evidence == TEXTS[1]
    assert record.paper_ref == "arXiv:1706.03762"
    assert record.matched_ref == "arXiv:1706.03762v5"
    assert record.model == "scripted-1" and record.judge == "scripted"
    assert set(record.probabilities) == {
        "supports",
        "contradicts",
        "not_addressed",
        "insufficient_evidence",
    }
    assert record.passages_considered == 3 and record.passages_selected == 3
    assert record.evidence_scope == "full_text"
    assert not record.needs_review


def test_both_questions_go_in_one_decision(source: MemorySource) -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    Checker(source, judge).check(
        "Transformers use attention.", ["1706.03762"], topic="architecture"
    )
    [decision] = judge.seen
    assert set(decision.questions) == {"relation", "evidence"}
    assert set(decision.questions["evidence"].options) == {"P001", "P002", "P003", "none"}
    assert "<claim>Transformers use attention.</claim>" in decision.state
    assert '<passage id="P002">The model contains no recurrence' in decision.state
    assert "<topic>architecture</topic>" in decision.state
    assert decision.case.topic == "architecture"


def test_record_json_uses_the_seed_keys(source: MemorySource) -> None:
    [record] = Checker(source, ScriptedJudge(pick("supports", "P002"))).check(CLAIM, ["1706.03762"])
    data = record_to_dict(record)
    for key in [*SEED_FIELDS, "paperRef"]:
        assert key in data
    assert data["retrievedAt"].endswith("Z") or data["retrievedAt"].endswith("+00:00")


@pytest.mark.parametrize("verdict", ["contradicts", "not_addressed", "insufficient_evidence"])
def test_anything_but_supports_needs_review(source: MemorySource, verdict: str) -> None:
    [record] = Checker(source, ScriptedJudge(pick(verdict, "P001"))).check(CLAIM, ["1706.03762"])
    assert record.verdict == verdict and record.needs_review


def test_low_confidence_supports_needs_review(source: MemorySource) -> None:
    [record] = Checker(source, ScriptedJudge(pick("supports", "P001", strength=0.6))).check(
        CLAIM, ["1706.03762"]
    )
    assert record.verdict == "supports" and record.needs_review
    [relaxed] = Checker(
        source, ScriptedJudge(pick("supports", "P001", strength=0.6)), policy=ReviewPolicy(0.3)
    ).check(CLAIM, ["1706.03762"])
    assert not relaxed.needs_review


def test_supports_without_evidence_needs_review(source: MemorySource) -> None:
    [record] = Checker(source, ScriptedJudge(pick("supports", None))).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.evidence is None and record.evidence_passage_id is None and record.needs_review


def test_a_review_note_keeps_a_confident_supports_in_review(source: MemorySource) -> None:
    note = "the claim's year 2005 is not in the evidence (it gives 2017)"
    judge = ScriptedJudge(pick("supports", "P002", notes=(note,)))
    [record] = Checker(source, judge).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.verdict == "supports" and record.confidence and record.confidence > 0.9
    assert record.needs_review
    assert record.review_notes == [note]
    assert record_to_dict(record)["reviewNotes"] == [note]


def test_a_judges_review_notes_are_recorded_and_cached_one_line_and_masked(
    source: MemorySource, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A plugin's note went into the record and the cache as given: a key, a bearer token, and
    # a line break the table printed as a forged line of its own.
    monkeypatch.setenv("OPENAI_API_KEY", "sk-QAOPENAI-7777-abcdef")
    note = (
        "note \x1b[2J\x1b[31mRED\nFAKE: supports 0.99 "
        "key=sk-QAOPENAI-7777-abcdef Bearer ts-QAJEV-8888"
    )
    cache = MemoryCache()
    judge = ScriptedJudge(pick("supports", "P002", notes=(note,)), cache_identity="scripted")
    [record] = Checker(source, judge, cache=cache).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord) and record.needs_review
    assert record.review_notes == ["note RED FAKE: supports 0.99 key=*** Bearer ***"]
    [cached] = cache.entries.values()
    assert cached.review_notes == record.review_notes


def test_a_record_with_notes_cannot_claim_it_needs_no_review(source: MemorySource) -> None:
    [record] = Checker(source, ScriptedJudge(pick("supports", "P002"))).check(CLAIM, ["1706.03762"])
    data = record_to_dict(record)
    assert data["needsReview"] is False and data["reviewNotes"] == []
    with pytest.raises(ValueError, match="review notes"):
        CheckedRecord.model_validate({**data, "reviewNotes": ["odd"]})


def test_the_judges_validated_threshold_applies_unless_the_user_sets_one(
    source: MemorySource,
) -> None:
    # Confidence of a 0.9 pick over four options is (0.9 - 0.25) / 0.75 = 0.867.
    strict = ScriptedJudge(pick("supports", "P002", strength=0.9), review_threshold=0.9)
    [record] = Checker(source, strict).check(CLAIM, ["1706.03762"])
    assert record.needs_review  # 0.867 is below the judge's own 0.9
    [record] = Checker(source, strict, policy=ReviewPolicy(0.8)).check(CLAIM, ["1706.03762"])
    assert not record.needs_review  # the user's threshold wins
    plain = ScriptedJudge(pick("supports", "P002", strength=0.9))
    [record] = Checker(source, plain).check(CLAIM, ["1706.03762"])
    assert not record.needs_review  # no judge threshold: the default 0.8


def test_policy_rejects_thresholds_outside_unit_interval() -> None:
    with pytest.raises(ValueError):
        ReviewPolicy(1.5)


@pytest.mark.parametrize(("threshold", "kind"), [("0.5", "str"), (True, "bool"), ([0.5], "list")])
def test_policy_refuses_a_threshold_that_is_no_number_in_words(
    threshold: object, kind: str
) -> None:
    # A string used to pass, to fail later as a TypeError comparing it with a confidence.
    with pytest.raises(UsageError) as caught:
        ReviewPolicy(threshold)  # type: ignore[arg-type]
    assert str(caught.value) == f"the review threshold must be a number in [0, 1], not {kind}"


def test_each_failure_is_not_checked_and_others_still_run(source: MemorySource) -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    records = Checker(source, judge).check(
        CLAIM, ["not-a-ref", "1706.03762v4", "2105.14372", "1706.03762v5"]
    )
    kinds = [r.verdict for r in records]
    assert kinds == ["not_checked", "not_checked", "not_checked", "supports"]
    bad, wrong_version, missing, _ = records
    assert isinstance(bad, NotCheckedRecord) and "not a paper reference" in bad.error
    assert bad.paper_ref == "not-a-ref"
    assert (
        isinstance(wrong_version, NotCheckedRecord) and "not in the library" in wrong_version.error
    )
    assert (
        isinstance(missing, NotCheckedRecord)
        and missing.paper_url == "https://arxiv.org/abs/2105.14372"
    )
    assert all(r.needs_review for r in records[:3])


def test_judge_error_is_not_checked(source: MemorySource) -> None:
    [record] = Checker(source, ScriptedJudge(failing("Jev request failed: HTTP 500"))).check(
        CLAIM, ["1706.03762"]
    )
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "Jev request failed: HTTP 500"


def test_invalid_answer_is_not_checked(source: MemorySource) -> None:
    def bad(decision: Decision) -> JudgeReply:
        answers = {
            q: ChoiceAnswer("supports" if q == "relation" else "none", {"supports": 1.0}, 1.0)
            for q in decision.questions
        }
        return JudgeReply(model="m", answers=answers)

    [record] = Checker(source, ScriptedJudge(bad)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert "incomplete probability distribution" in record.error


def test_source_returning_another_edition_is_not_checked() -> None:
    class WrongEdition(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            return super().fetch(ref.unversioned, query)

    src = WrongEdition()
    src.add(parse_ref("1706.03762v1"), "T", TEXTS)
    [record] = Checker(src, ScriptedJudge(pick("supports", "P001"))).check(CLAIM, ["1706.03762v5"])
    assert isinstance(record, NotCheckedRecord) and "not the requested" in record.error


def test_empty_paper_is_not_checked() -> None:
    src = MemorySource()
    src.add(parse_ref("scifact:1"), "Empty", [])
    [record] = Checker(src, ScriptedJudge(pick("supports", "P001"))).check(CLAIM, ["scifact:1"])
    assert isinstance(record, NotCheckedRecord) and "no text passages" in record.error


def test_a_paper_of_web_addresses_only_says_so_and_asks_nothing() -> None:
    # No passage is over any budget: there is no text to judge, and the record says that.
    src = MemorySource()
    links = [f"https://example.org/data/set{n}" for n in range(16)]
    src.add(parse_ref("local:urls2"), "Links", [" ".join(links[:8]), " ".join(links[8:])])
    judge = ScriptedJudge(pick("supports", "P001"))
    [record] = Checker(src, judge).check("Example org hosts the data", ["local:urls2"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == (
        "the paper has no passage of text to judge (only web addresses); nothing was sent to "
        "the judge"
    )
    assert judge.seen == [] and record.calls == {}


def test_a_source_repeating_a_passage_id_is_not_checked() -> None:
    # The judge names its evidence by id; with two "P001"s the quote could be the other text.
    class Repeating(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            paper = super().fetch(ref, query)
            first = paper.passages[0]
            hurts = Passage(first.passage_id, "Aspirin raises fever.")
            return replace(paper, passages=[first, hurts])

    src = Repeating()
    src.add(parse_ref("scifact:1"), "T", ["Aspirin lowers fever."])
    [record] = Checker(src, ScriptedJudge(pick("supports", "P001"))).check(CLAIM, ["scifact:1"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "source 'memory' returned passage id P001 more than once"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"passages": [Passage("none", "Aspirin lowers fever.")]}, "reserved id 'none'"),
        ({"calls": -3}, "reported -3 requests"),
        ({"retrieved_at": datetime(2020, 1, 1)}, "without a time zone"),
        ({"passages": [Passage("P001", 12345)]}, "passage 'P001' with int text, not a string"),
    ],
)
def test_what_a_source_returns_is_vetted(change: dict[str, object], message: str) -> None:
    class Odd(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            return replace(super().fetch(ref, query), **change)

    src = Odd()
    src.add(parse_ref("scifact:1"), "T", ["Aspirin lowers fever."])
    [record] = Checker(src, ScriptedJudge(pick("supports", "P001"))).check(CLAIM, ["scifact:1"])
    assert isinstance(record, NotCheckedRecord) and message in record.error


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"calls": -1}, "judge 'scripted' reported -1 requests, not a count"),
        ({"review_notes": "abc"}, "judge 'scripted' gave review notes that are not a sequence"),
        ({"model": 12}, "judge 'scripted' gave its model as int, not a string"),
    ],
)
def test_what_a_judge_returns_is_vetted(
    source: MemorySource, change: dict[str, object], message: str
) -> None:
    def script(decision: Decision) -> JudgeReply:
        return replace(pick("supports", "P002")(decision), **change)

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord) and message in record.error


def test_a_sources_url_loses_its_credentials_in_the_record() -> None:
    class Leaky(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            url = "http://user:pw@example.com/x?token=abc&page=2"
            return replace(super().fetch(ref, query), url=url)

    src = Leaky()
    src.add(parse_ref("scifact:1"), "T", ["Aspirin lowers fever."])
    [record] = Checker(src, ScriptedJudge(pick("supports", "P001"))).check(CLAIM, ["scifact:1"])
    assert isinstance(record, CheckedRecord) and record.paper_url is not None
    assert "pw" not in record.paper_url and "abc" not in record.paper_url
    assert record.paper_url.startswith("http://***@example.com/x?") and "page=2" in record.paper_url


def test_truncation_is_reported_in_the_record(source: MemorySource) -> None:
    checker = Checker(source, ScriptedJudge(pick("supports", "P002")), max_passages=1)
    [record] = checker.check("no recurrence", ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.passages_considered == 3 and record.passages_selected == 1
    assert record.evidence_scope == "selected_passages"


@pytest.mark.parametrize(
    ("claim", "papers", "message"),
    [
        ("", ["1706.03762"], "empty"),
        ("   \n", ["1706.03762"], "empty"),
        ("x" * 2001, ["1706.03762"], "limit is 2000"),
        (CLAIM, [], "no paper"),
        (CLAIM, ["1706.03762", "arXiv:1706.03762"], "more than once"),
    ],
)
def test_unusable_requests_raise(
    source: MemorySource, claim: str, papers: list[str], message: str
) -> None:
    with pytest.raises(InvalidClaimError, match=message):
        Checker(source, ScriptedJudge(pick("supports", "P001"))).check(claim, papers)


def test_a_crashing_judge_is_not_checked_without_its_message(source: MemorySource) -> None:
    def crash(decision: Decision) -> JudgeReply:
        raise RuntimeError("secret-token-in-message")

    [record] = Checker(source, ScriptedJudge(crash)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "judge 'scripted' failed: RuntimeError"


# ---------------------------------------------------------------------- probabilities unavailable


def bare_choices(relation: str, passage_id: str | None) -> JudgeReply:
    """Choices without probabilities, as a chat server that returns no logprobs gives them."""
    return JudgeReply(
        model="m",
        answers={
            "relation": ChoiceAnswer(relation, None, None),
            "evidence": ChoiceAnswer(passage_id or "none", None, None),
        },
    )


def test_a_bare_choice_is_a_verdict_that_always_needs_review(source: MemorySource) -> None:
    judge = ScriptedJudge(lambda decision: bare_choices("supports", "P002"))
    [record] = Checker(source, judge, policy=ReviewPolicy(0.0)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.verdict == "supports" and record.evidence == TEXTS[1]
    assert record.probabilities_available is False
    assert record.needs_review  # even with the threshold at 0: nothing measured, nothing cleared
    assert (record.confidence, record.probabilities, record.evidence_confidence) == (
        None,
        None,
        None,
    )


def test_a_judges_own_confidence_never_clears_a_record(source: MemorySource) -> None:
    # The record's confidence comes from the probabilities, never from the figure reported.
    def claims_certainty(chosen: str, probabilities: dict[str, float]) -> Callable[..., JudgeReply]:
        def script(decision: Decision) -> JudgeReply:
            evidence = {o: float(o == "P002") for o in decision.questions["evidence"].options}
            return JudgeReply(
                model="m",
                answers={
                    "relation": ChoiceAnswer(chosen, probabilities, 1.0),
                    "evidence": ChoiceAnswer("P002", evidence, 1.0),
                },
            )

        return script

    uniform = dict.fromkeys(
        ("supports", "contradicts", "not_addressed", "insufficient_evidence"), 0.25
    )
    against = {
        **uniform,
        "supports": 0.01,
        "contradicts": 0.97,
        "not_addressed": 0.01,
        "insufficient_evidence": 0.01,
    }
    for probabilities, confidence in ((uniform, 0.0), (against, 0.0)):
        judge = ScriptedJudge(claims_certainty("supports", probabilities))
        [record] = Checker(source, judge, policy=ReviewPolicy(0.5)).check(CLAIM, ["1706.03762"])
        assert isinstance(record, CheckedRecord) and record.verdict == "supports"
        assert record.confidence == confidence and record.needs_review
    # A choice its probabilities favour gets their confidence, as Jev computes it.
    favoured = {**against, "supports": 0.97, "contradicts": 0.01}
    judge = ScriptedJudge(claims_certainty("supports", favoured))
    [record] = Checker(source, judge, policy=ReviewPolicy(0.5)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord) and record.confidence == pytest.approx(0.96)
    assert not record.needs_review


def test_a_judge_cannot_put_its_own_text_in_the_evidence(source: MemorySource) -> None:
    # fit_evidence names passages; the text judged and quoted stays the paper's.
    class Inventive(ScriptedJudge):
        def fit_evidence(self, case, ranked, limit):  # type: ignore[no-untyped-def]
            return [replace(p, text="INVENTED text, not the paper's") for p in ranked]

    judge = Inventive(pick("supports", "P002"))
    [record] = Checker(source, judge).check("The Transformer has no recurrence.", ["1706.03762"])
    assert isinstance(record, CheckedRecord) and record.evidence == TEXTS[1]
    assert all("INVENTED" not in p.text for d in judge.seen for p in d.case.passages)


def test_record_schema_keeps_the_flag_and_the_numbers_consistent(source: MemorySource) -> None:
    [record] = Checker(source, ScriptedJudge(pick("supports", "P002"))).check(CLAIM, ["1706.03762"])
    data = record_to_dict(record)
    assert data["probabilitiesAvailable"] is True
    with pytest.raises(ValueError, match="probabilitiesAvailable"):
        CheckedRecord.model_validate({**data, "probabilities": None})
    with pytest.raises(ValueError, match="always needs review"):
        CheckedRecord.model_validate(
            {
                **data,
                "probabilities": None,
                "confidence": None,
                "evidenceConfidence": None,
                "probabilitiesAvailable": False,
                "needsReview": False,
            }
        )


def test_a_confidence_without_probabilities_is_invalid(source: MemorySource) -> None:
    def bad(decision: Decision) -> JudgeReply:
        reply = bare_choices("supports", "P001")
        answers = {**reply.answers, "relation": ChoiceAnswer("supports", None, 0.9)}
        return JudgeReply(model="m", answers=answers, calls=1)

    [record] = Checker(source, ScriptedJudge(bad)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert "confidence without probabilities" in record.error
    assert record.calls == {"scripted": 1}  # the invalid answer was still a request


# ---------------------------------------------------------------------- call accounting


class CountingSource(MemorySource):
    """A source whose every paper cost ``requests`` backend calls."""

    def __init__(self, requests: int) -> None:
        super().__init__(name="remote")
        self.requests = requests

    def fetch(self, ref, query):  # type: ignore[no-untyped-def]
        from dataclasses import replace

        return replace(super().fetch(ref, query), calls=self.requests)


def with_calls(calls: int, relation: str = "supports") -> ScriptedJudge:
    def script(decision: Decision) -> JudgeReply:
        reply = pick(relation, "P001")(decision)
        return JudgeReply(model=reply.model, answers=reply.answers, calls=calls)

    return ScriptedJudge(script)


def test_records_note_calls_per_backend() -> None:
    src = CountingSource(requests=3)
    src.add(parse_ref("1706.03762v5"), "T", TEXTS)
    [record] = Checker(src, with_calls(1)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.calls == {"remote": 3, "scripted": 1}
    assert record_to_dict(record)["calls"] == {"remote": 3, "scripted": 1}


def test_backends_that_made_no_call_are_left_out(source: MemorySource) -> None:
    [record] = Checker(source, with_calls(0)).check(CLAIM, ["1706.03762"])
    assert record.calls == {}


def test_a_failed_judge_still_accounts_for_its_calls_and_the_sources() -> None:
    def fail_after_two(decision: Decision) -> JudgeReply:
        raise JudgeError("server answered 'evidence' with nonsense", calls=2)

    src = CountingSource(requests=1)
    src.add(parse_ref("1706.03762v5"), "T", TEXTS)
    [record] = Checker(src, ScriptedJudge(fail_after_two)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.calls == {"remote": 1, "scripted": 2}


def test_a_paper_the_source_could_not_provide_notes_no_calls(source: MemorySource) -> None:
    [record] = Checker(source, with_calls(1)).check(CLAIM, ["2105.14372"])
    assert isinstance(record, NotCheckedRecord) and record.calls == {}


def test_a_source_failure_notes_the_requests_it_made() -> None:
    class FailingSearch(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            raise SourceError("search did not return the requested paper", calls=2)

    [record] = Checker(FailingSearch(name="remote"), with_calls(1)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.calls == {"remote": 2}


# ---------------------------------------------------------------------- bugs in backends


class ExplodingSource(MemorySource):
    def fetch(self, ref, query):  # type: ignore[no-untyped-def]
        raise RuntimeError("bug in a source plugin")


def test_a_bug_in_a_source_is_a_not_checked_record_with_its_traceback_in_the_debug_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    checker = Checker(ExplodingSource(name="exploding"), ScriptedJudge(pick("supports", None)))
    with caplog.at_level(logging.DEBUG, logger="claimaudit"):
        [record] = checker.check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "source 'exploding' failed: RuntimeError"  # no message, no trace
    [logged] = caplog.records
    assert logged.levelno == logging.DEBUG and logged.exc_info is not None
    assert "bug in a source plugin" in caplog.text and "Traceback" in caplog.text


@pytest.mark.parametrize(
    ("raised", "reason"),
    [
        (
            ModuleNotFoundError("No module named 'valyu'"),
            "ModuleNotFoundError: No module named 'valyu'",
        ),
        (ImportError(), "ImportError"),
        (RuntimeError("a bug's own words"), "RuntimeError"),
    ],
)
def test_a_source_that_cannot_import_what_it_needs_says_what_in_one_line(
    raised: Exception, reason: str
) -> None:
    # QA: with the valyu package missing, `--source valyu` wrote "source 'valyu' failed:
    # ModuleNotFoundError", naming no module; a judge's ImportError was already named.
    class Missing(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            raise raised

    checker = Checker(Missing(name="valyu"), ScriptedJudge(pick("supports", None)))
    [record] = checker.check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == f"source 'valyu' failed: {reason}"


def test_an_import_failure_anywhere_else_names_the_module(source: MemorySource) -> None:
    class Unranked(Bm25Ranker):
        def rank(self, query, passages):  # type: ignore[no-untyped-def]
            raise ModuleNotFoundError("No module named 'numpy'")

    checker = Checker(source, ScriptedJudge(pick("supports", "P001")), ranker=Unranked())
    [record] = checker.check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "check failed: ModuleNotFoundError: No module named 'numpy'"


def test_a_bug_in_a_judge_is_a_not_checked_record(
    source: MemorySource, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(decision: Decision) -> JudgeReply:
        raise KeyError("relation")

    with caplog.at_level(logging.DEBUG, logger="claimaudit"):
        [record] = Checker(source, ScriptedJudge(broken)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "judge 'scripted' failed: KeyError"
    assert "Traceback" in caplog.text


def test_a_bug_anywhere_else_is_still_a_not_checked_record(source: MemorySource) -> None:
    class BadRanker(Bm25Ranker):
        def rank(self, query, passages):  # type: ignore[no-untyped-def]
            raise ZeroDivisionError

    checker = Checker(source, ScriptedJudge(pick("supports", "P001")), ranker=BadRanker())
    [record] = checker.check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "check failed: ZeroDivisionError"


# ---------------------------------------------------------------- cost, and fitting to a window


def test_records_carry_the_judges_tokens_and_the_time_spent_waiting(source: MemorySource) -> None:
    def script(decision: Decision) -> JudgeReply:
        time.sleep(0.05)
        reply = pick("supports", "P001")(decision)
        usage = {"input_tokens": 812, "output_tokens": 2, "windows": 7}  # windows: its own
        return JudgeReply(model=reply.model, answers=reply.answers, usage=usage, calls=2)

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert record.judge_tokens == JudgeTokens(prompt=812, completion=2)
    assert 0.05 <= record.judge_seconds < 5.0
    data = record_to_dict(record)
    assert data["judgeTokens"] == {"prompt": 812, "completion": 2}
    assert data["judgeSeconds"] == record.judge_seconds


def test_a_judge_that_reports_no_tokens_gives_none(source: MemorySource) -> None:
    [record] = Checker(source, ScriptedJudge(pick("supports", "P001"))).check(CLAIM, ["1706.03762"])
    assert record.judge_tokens is None and record_to_dict(record)["judgeTokens"] is None


def test_a_failed_judge_still_accounts_for_its_tokens_and_time(source: MemorySource) -> None:
    def script(decision: Decision) -> JudgeReply:
        raise JudgeError("answered 'evidence' with 'The'", calls=2, usage={"input_tokens": 900})

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.calls == {"scripted": 2}
    assert record.judge_tokens == JudgeTokens(prompt=900, completion=0)
    assert record.judge_seconds >= 0.0


class WindowJudge(ScriptedJudge):
    """A judge with a context window it learns from its first refusal, as the openai judge."""

    window: int | None = None

    def fit_evidence(
        self, case: Case, ranked: Sequence[Passage], limit: int
    ) -> Sequence[Passage] | None:
        return None if self.window is None else ranked[: self.window]


def test_an_overflow_that_names_the_window_is_fitted_and_asked_once_more(
    source: MemorySource,
) -> None:
    def script(decision: Decision) -> JudgeReply:
        if len(decision.case.passages) > 1:
            judge.window = 1  # what the server said
            raise ContextLengthError("too long", window=1, calls=1)
        return pick("supports", "P001")(decision)

    judge = WindowJudge(script)
    [record] = Checker(source, judge).check("Transformers use attention.", ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert [len(d.case.passages) for d in judge.seen] == [3, 1]
    assert record.passages_selected == 1 and record.evidence_scope == "selected_passages"
    assert record.calls == {"scripted": 1}  # the refused request; the scripted answer made none


def test_an_overflow_is_asked_again_only_once_and_never_becomes_a_verdict(
    source: MemorySource,
) -> None:
    def script(decision: Decision) -> JudgeReply:
        judge.window = len(decision.case.passages) - 1 or None
        raise ContextLengthError("too long for 1 token", window=1, calls=1)

    judge = WindowJudge(script)
    [record] = Checker(source, judge).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert len(judge.seen) == 2 and record.calls == {"scripted": 2}
    assert record.error == "too long for 1 token"


def test_an_overflow_is_not_asked_again_when_fitting_changes_nothing(source: MemorySource) -> None:
    judge = ScriptedJudge(failing("unused"))

    def script(decision: Decision) -> JudgeReply:
        raise ContextLengthError("the prompt is longer than the window of 9 tokens", window=9)

    judge.script = script
    [record] = Checker(source, judge).check(CLAIM, ["1706.03762"])
    # The judge has no fit of its own, so the same passages would overflow again.
    assert isinstance(record, NotCheckedRecord) and len(judge.seen) == 1
    assert "window of 9 tokens" in record.error


def test_an_overflow_without_a_size_is_not_asked_again(source: MemorySource) -> None:
    def script(decision: Decision) -> JudgeReply:
        raise ContextLengthError("the prompt is longer than the model's context window")

    judge = WindowJudge(script)
    [record] = Checker(source, judge).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord) and len(judge.seen) == 1


def test_a_fit_that_fails_is_not_checked_and_sends_nothing(source: MemorySource) -> None:
    class Cramped(ScriptedJudge):
        def fit_evidence(
            self, case: Case, ranked: Sequence[Passage], limit: int
        ) -> Sequence[Passage] | None:
            raise ContextLengthError("the claim and the questions alone take 900 tokens")

    judge = Cramped(pick("supports", "P001"))
    [record] = Checker(source, judge).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord) and not judge.seen
    assert record.error == "the claim and the questions alone take 900 tokens"


@pytest.mark.parametrize(
    ("attribute", "value", "message"),
    [
        ("review_threshold", 5.0, "gives a review threshold of 5.0"),
        ("concurrency", None, "allows None concurrent decisions"),
        ("concurrency", 0, "allows 0 concurrent decisions"),
    ],
)
def test_a_judges_own_settings_out_of_range_are_its_fault(
    source: MemorySource, attribute: str, value: object, message: str
) -> None:
    # Blamed on the plugin (PluginError), not on a user who passed no such setting.
    class Odd(ScriptedJudge):
        pass

    setattr(Odd, attribute, value)
    judge = Odd(pick("supports", "P002"))
    setattr(judge, attribute, value)  # the fake keeps its threshold per instance
    with pytest.raises(PluginError, match=message):
        Checker(source, judge)


def test_a_checker_reads_papers_once_and_refuses_one_string(source: MemorySource) -> None:
    checker = Checker(source, ScriptedJudge(pick("supports", "P002")))
    with pytest.raises(InvalidClaimError, match="not one string"):
        checker.check(CLAIM, "1706.03762")  # type: ignore[arg-type]  # the mistake under test
    records = checker.check(CLAIM, (p for p in ["1706.03762"]))
    assert [r.paper_ref for r in records] == ["arXiv:1706.03762"]


def test_a_checker_takes_paper_refs_as_it_takes_their_text(source: MemorySource) -> None:
    checker = Checker(source, ScriptedJudge(pick("supports", "P002")))
    [listed] = checker.check("The model has no recurrence.", [parse_ref("1706.03762")])
    one = checker.check_paper("The model has no recurrence.", parse_ref("1706.03762v5"))
    assert isinstance(listed, CheckedRecord) and listed.paper_ref == "arXiv:1706.03762"
    assert isinstance(one, CheckedRecord) and one.paper_ref == "arXiv:1706.03762v5"


def test_iter_check_refuses_an_unusable_request_before_the_first_record(
    source: MemorySource,
) -> None:
    # It was a generator: the error came only at the first next(), far from the call.
    checker = Checker(source, ScriptedJudge(pick("supports", "P002")))
    with pytest.raises(InvalidClaimError, match=r"^the claim must be a string, not NoneType$"):
        checker.iter_check(None, ["1706.03762"])  # type: ignore[arg-type]
    with pytest.raises(InvalidClaimError, match=r"^paper reference 2 must be a string or a Pa"):
        checker.iter_check(CLAIM, ["1706.03762", 1706.03762])  # type: ignore[list-item]
    with pytest.raises(InvalidClaimError, match=r"^the topic must be a string, not int$"):
        checker.check_paper("The model has no recurrence.", "1706.03762", 5)  # type: ignore[arg-type]


def test_a_checker_refuses_an_unusable_budget_when_built(source: MemorySource) -> None:
    with pytest.raises(UsageError, match="max_passages must be a positive whole number"):
        Checker(source, ScriptedJudge(pick("supports", "P002")), max_passages=0)


# ---------------------------------------------------------------- what the checker must not trust


@pytest.mark.parametrize(("returned", "kind"), [(None, "NoneType"), ({"relation": "A"}, "dict")])
def test_a_judge_that_returns_no_reply_is_named(
    source: MemorySource, returned: object, kind: str
) -> None:
    judge = ScriptedJudge(lambda decision: returned)  # type: ignore[arg-type,return-value]
    [record] = Checker(source, judge).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == f"judge 'scripted' returned {kind}, not a JudgeReply"


@pytest.mark.parametrize("usage", [{"input_tokens": -1000, "output_tokens": 2}, "many"])
def test_token_counts_that_are_not_counts_are_left_out_and_the_verdict_kept(
    source: MemorySource, usage: object
) -> None:
    def script(decision: Decision) -> JudgeReply:
        reply = pick("supports", "P002")(decision)
        return replace(reply, usage=usage, calls=2)

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord) and record.verdict == "supports"
    assert record.evidence == TEXTS[1] and not record.needs_review
    assert record.judge_tokens is None and record.calls == {"scripted": 2}


def test_a_failed_judge_with_negative_token_counts_still_notes_its_calls(
    source: MemorySource,
) -> None:
    def script(decision: Decision) -> JudgeReply:
        raise JudgeError("server went away", calls=3, usage={"input_tokens": -5})

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord) and record.error == "server went away"
    assert record.calls == {"scripted": 3} and record.judge_tokens is None


def test_blank_passages_are_never_offered_as_evidence() -> None:
    src = MemorySource()
    src.add(parse_ref("scifact:1"), "T", ["   ", "", "Aspirin lowers fever.", " \n\t.. "])
    judge = ScriptedJudge(pick("supports", "P003"))
    [record] = Checker(src, judge).check("Aspirin lowers fever.", ["scifact:1"])
    assert isinstance(record, CheckedRecord) and record.evidence == "Aspirin lowers fever."
    [decision] = judge.seen
    assert list(decision.questions["evidence"].options) == ["P003", "none"]


@pytest.mark.parametrize(
    ("texts", "only"),
    [
        (["   ", ""], "blank passages"),
        (["  ", "https://example.org/data"], "blank passages and web addresses"),
    ],
)
def test_a_paper_of_blank_passages_is_not_checked_and_asks_nothing(
    texts: list[str], only: str
) -> None:
    src = MemorySource()
    src.add(parse_ref("scifact:1"), "T", texts)
    judge = ScriptedJudge(pick("supports", "P001"))
    [record] = Checker(src, judge).check("Aspirin lowers fever.", ["scifact:1"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == (
        f"the paper has no passage of text to judge (only {only}); nothing was sent to the judge"
    )
    assert judge.seen == []


def test_a_judge_that_rewrites_the_passages_it_is_handed_changes_no_quote(
    source: MemorySource,
) -> None:
    def script(decision: Decision) -> JudgeReply:
        for passage in decision.case.passages:  # frozen, but not against this
            object.__setattr__(passage, "text", "GENERATED QUOTE BY JUDGE")
            object.__setattr__(passage, "section", "Made up")
        return pick("supports", "P002")(decision)

    [record] = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.evidence == TEXTS[1] and record.evidence_section is None


def test_a_judge_that_renames_the_passages_it_fits_is_not_checked(source: MemorySource) -> None:
    class Renaming(ScriptedJudge):
        def fit_evidence(self, case, ranked, limit):  # type: ignore[no-untyped-def]
            for passage in ranked:
                object.__setattr__(passage, "passage_id", "X" + passage.passage_id)
            return ranked

    [record] = Checker(source, Renaming(pick("supports", "XP002"))).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "judge 'scripted' fitted passages it was not offered"


@pytest.mark.parametrize(
    ("fitted", "message"),
    [
        # QA: a generator was used up by the check that the passages were offered, and the
        # record said "no passage fits the evidence budget", which the judge never said.
        (lambda ranked: (p for p in ranked), "judge 'scripted' fitted passages as generator, "),
        # QA: "check failed: ValueError", naming no judge.
        (lambda ranked: [ranked[0], ranked[0]], "judge 'scripted' fitted passage P001 twice"),
    ],
)
def test_a_fit_of_the_wrong_shape_is_not_checked_naming_the_judge(
    source: MemorySource,
    fitted: Callable[[Sequence[Passage]], object],
    message: str,
) -> None:
    class Fitting(ScriptedJudge):
        def fit_evidence(self, case, ranked, limit):  # type: ignore[no-untyped-def]
            return fitted(sorted(ranked, key=lambda p: p.passage_id))

    [record] = Checker(source, Fitting(pick("supports", "P001"))).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error.startswith(message)


def test_a_judge_calling_sys_exit_is_not_checked_and_the_run_goes_on(source: MemorySource) -> None:
    # QA: a plugin's decide calling sys.exit(3) ended `check` and `batch` at once, exit 3,
    # nothing printed or written, the other papers never checked.
    source.add(parse_ref("1607.06450v1"), "Layer Normalization", TEXTS)
    asked: list[str] = []

    def script(decision: Decision) -> JudgeReply:
        asked.append(decision.case.paper_title)
        if len(asked) == 1:
            sys.exit(3)
        return pick("supports", "P001")(decision)

    records = Checker(source, ScriptedJudge(script)).check(CLAIM, ["1706.03762", "1607.06450"])
    assert [r.verdict for r in records] == ["not_checked", "supports"]
    assert isinstance(records[0], NotCheckedRecord)
    assert records[0].error == "judge 'scripted' failed: SystemExit"


def test_a_source_calling_sys_exit_is_not_checked_and_the_run_goes_on(source: MemorySource) -> None:
    class Exiting(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            if ref.work == "1706.03762":
                raise SystemExit("bailing out")
            return source.fetch(ref, query)

    source.add(parse_ref("1607.06450v1"), "Layer Normalization", TEXTS)
    judge = ScriptedJudge(pick("supports", "P001"))
    records = Checker(Exiting(), judge).check(CLAIM, ["1706.03762", "1607.06450"])
    assert [r.verdict for r in records] == ["not_checked", "supports"]
    assert isinstance(records[0], NotCheckedRecord)
    assert records[0].error == "source 'memory' failed: SystemExit"


# ------------------------------------------------------------- a third-party judge's reply


def plugin_judge(script: Callable[[Decision], JudgeReply]) -> Judge:
    """A judge as a third-party plugin gives it: registered as "pick", built by the registry
    (which watches each of its calls)."""
    registry = Registry()
    registry.add_judge("pick", lambda settings: ScriptedJudge(script, name="pick"), "a plugin")
    judge = registry.make_judge("pick")
    assert isinstance(judge, WatchedJudge) and isinstance(judge.inner, ScriptedJudge)
    return judge


@pytest.mark.parametrize(
    ("confidence", "probabilities", "message"),
    [
        (None, True, "judge 'pick' gave probabilities but no confidence for 'relation'"),
        (0.5, False, "judge 'pick' gave a confidence without probabilities for 'relation'"),
    ],
)
def test_a_plugin_judges_invalid_answer_is_said_to_be_the_plugins(
    source: MemorySource, confidence: float | None, probabilities: bool, message: str
) -> None:
    def script(decision: Decision) -> JudgeReply:
        reply = pick("supports", "P002")(decision)
        answer = reply.answers["relation"]
        odd = ChoiceAnswer(
            answer.choice, answer.probabilities if probabilities else None, confidence
        )
        return replace(reply, answers={**reply.answers, "relation": odd})

    [record] = Checker(source, plugin_judge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == message


def test_a_plugin_judges_model_loses_its_escape_sequences(source: MemorySource) -> None:
    # Records reach terminals and pages: a model name that turns them red, rings the bell or
    # moves the cursor is kept as the text it names, as built-in judges keep theirs.
    def script(decision: Decision) -> JudgeReply:
        reply = pick("supports", "P002")(decision)
        return replace(reply, model="\x1b[31mevil\x1b[0m-\x07model\x1b]0;title\x07\r\n2")

    [record] = Checker(source, plugin_judge(script)).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord)
    assert record.model == "evil-model 2"
    assert record.judge == "pick"


def test_a_sources_title_loses_its_escape_sequences() -> None:
    src = MemorySource(name="pick")
    src.add(parse_ref("scifact:1"), "\x1b[2JAspirin\u202e and\x1b[1m fever\x08", [CLAIM])
    [record] = Checker(src, plugin_judge(pick("supports", "P001"))).check(CLAIM, ["scifact:1"])
    assert isinstance(record, CheckedRecord)
    assert record.paper_title == "Aspirin and fever"


def test_a_claim_without_words_keeps_its_reference_cut_and_masked(source: MemorySource) -> None:
    # A draft's sentence of punctuation reaches the checker unvalidated: its record shows the
    # reference as any refused one is shown, never 100,000 characters or a credential.
    secret = "https://user:hunter2@example.org/" + "x" * 100_000
    record = Checker(source, ScriptedJudge(pick("supports", "P001"))).check_paper("?! ...", secret)
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "the claim has no words to check"
    assert "hunter2" not in record.paper_ref
    assert len(record.paper_ref) <= 2_000


def test_a_topic_narrows_the_evidence_even_for_a_claim_past_the_ranker_s_word_cap() -> None:
    # 70 distinct content words: the ranker keeps 64, and the topic used to come after them.
    long_claim = " ".join(f"filler{i}" for i in range(70)) + "."
    src = MemorySource()
    texts = [f"Passage about filler{i}." for i in range(5)] + ["Checkerboard artifacts appear."]
    src.add(parse_ref("arXiv:1603.07285v2"), "Convolution arithmetic", texts)
    checker = Checker(src, ScriptedJudge(pick("supports", "P006")), max_passages=1)
    [record] = checker.check(long_claim, ["1603.07285"], topic="checkerboard artifacts")
    assert isinstance(record, CheckedRecord)
    assert record.evidence_passage_id == "P006"
    # The record still shows the claim, then the topic: the same words, as before.
    assert record.search_query == f"{long_claim} checkerboard artifacts"


def _cached_then_checked(
    claim: str, topic: str | None, passages: list[str], old_settings: str = ""
) -> tuple[int, int]:
    """An answer for ``claim`` (and ``topic``) on a paper of ``passages``, cached under the key
    an older claimaudit made (its selection settings the ranker's, then ``old_settings``), and
    the claim checked again: the cache's hits and the judge's calls in all."""
    source = MemorySource()
    source.add(parse_ref("arxiv:1706.03762"), "Attention", passages)
    judge = ScriptedJudge(pick("supports", "P001"), cache_identity="scripted-1")
    record = Checker(source, judge).check_paper(claim, "arxiv:1706.03762", topic)
    assert isinstance(record, CheckedRecord)
    checker = Checker(source, judge, cache=MemoryCache())
    paper = source.fetch(parse_ref("arxiv:1706.03762"), claim)
    settings = f"Bm25Ranker:{checker.max_passages}:{checker.max_chars}{old_settings}"
    old = cache_key(claim, topic, parse_ref("arxiv:1706.03762"), paper, judge, settings)
    assert old is not None and isinstance(checker.cache, MemoryCache)
    checker.cache.put(old, record)
    checker.check_paper(claim, "arxiv:1706.03762", topic)
    return checker.cache.hits, len(judge.seen)


@pytest.mark.parametrize("long_claim", [True, False], ids=["topic-reordered", "short-claim"])
def test_an_answer_cached_before_the_topic_came_first_is_asked_afresh_when_that_changes_it(
    long_claim: bool,
) -> None:
    # Before the ranker read the topic first, a claim past the ranker's cap pushed the topic's
    # words out: its cached answer was ranked without them, so it must not be reused.
    claim = "Attention helps. " + " ".join(f"filler{i}" for i in range(70) if long_claim)
    topic = "convolution"
    assert topic_reordered(claim, topic) is long_claim
    # The key such an answer was stored under: the selection settings alone.
    hits, calls = _cached_then_checked(claim, topic, TEXTS)
    assert hits == (0 if long_claim else 1)
    assert calls == (2 if long_claim else 1)


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk-claim", "english-claim"])
def test_an_answer_cached_before_cjk_was_ranked_in_pairs_is_asked_afresh(cjk: bool) -> None:
    # A CJK claim's cached answer was judged on passages in document order (a CJK run was one
    # token to the ranker): it must not be reused. An English claim's ranking did not change.
    claim = "注意力机制有帮助。" if cjk else "Attention helps."
    hits, calls = _cached_then_checked(claim, None, TEXTS)
    assert hits == (0 if cjk else 1)
    assert calls == (2 if cjk else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "before", "afresh"),
    [
        ("DNA helps.", "DNA는 중요하다", "", True),
        ("DNA helps.", "DNA 는 중요하다", "", False),
        ("DNA는 중요하다", "DNA는 중요하다", ":cjk-pairs:cjk-alone:cjk-words", False),
    ],
    ids=["touching", "apart", "cjk-claim"],
)
def test_an_answer_cached_before_a_word_touching_cjk_was_read_apart_is_asked_afresh(
    claim: str, passage: str, before: str, afresh: bool
) -> None:
    # A passage's "DNA는" was one word to the ranker of a claim without CJK: its cached answer
    # was judged on passages ranked without it. A CJK claim read it apart already.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], before)
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize("thai", [True, False], ids=["thai-claim", "english-claim"])
def test_an_answer_cached_before_thai_was_ranked_in_letter_pairs_is_asked_afresh(
    thai: bool,
) -> None:
    # A Thai claim's cached answer was judged on passages ranked by the pieces between its
    # marks, which no passage's word equalled: it must not be reused. An English claim's
    # ranking did not change, whatever Thai its passages hold.
    claim = "กลไกความสนใจช่วยได้" if thai else "Attention helps."
    hits, calls = _cached_then_checked(claim, None, ["นักเรียนเรียนภาษาไทย", *TEXTS])
    assert hits == (0 if thai else 1)
    assert calls == (2 if thai else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("מחקר חדש", "המחקר הראה", True),
        ("המחקר חדש", "Plain text.", True),
        ("ספר טוב", "ספר טוב", False),
    ],
    ids=["passage-prefix", "claim-prefix", "none"],
)
def test_an_answer_cached_before_hebrew_prefixes_were_read_past_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # A Hebrew claim or passage word that may have a prefix ("המחקר") was read only as written:
    # the cached answer was judged on passages ranked otherwise. Without such a word a Hebrew
    # claim ranks as before and keeps its answer.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("בית גדול", "ובבית שקט", True),
        ("ובבית שקט", "Plain text.", True),
        ("בית גדול", "הבית יפה", False),
    ],
    ids=["passage-stacked", "claim-stacked", "one-prefix"],
)
def test_an_answer_cached_before_stacked_hebrew_prefixes_were_read_past_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # "ובבית" (and in the house) was read without its vav alone, never as "בית": the cached
    # answer was judged on passages ranked otherwise, even where its key read one prefix past.
    # A Hebrew question with one prefix only ranks as before and keeps its answer.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], ":he-prefix")
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("ספר טוב", "שלום רב", True),
        ("שלום לכם", "Plain text.", True),
        ("ספר טוב", "המחקר הראה", False),
    ],
    ids=["passage-whole-word", "claim-whole-word", "prefix-only"],
)
def test_an_answer_cached_before_common_hebrew_words_were_kept_whole_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # "שלום" (peace) was read also as "לום", as "כלום" (nothing) was: the cached answer was
    # judged on passages ranked otherwise. A Hebrew question without such a word keeps it.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], ":he-prefix")
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize("long_claim", [True, False], ids=["long-cjk-claim", "short-cjk-claim"])
def test_an_answer_cached_before_all_cjk_pairs_were_ranked_is_asked_afresh(
    long_claim: bool,
) -> None:
    # A CJK claim of more than 64 character pairs was ranked by its first 64 alone: its cached
    # answer was judged on other passages and must not be reused. A shorter one's ranking did
    # not change.
    setting = (
        "我们在这个研究中使用了许多不同的数据集和实验设置来评估模型的总体表现情况"
        "并且比较了多种基线方法的结果以及它们在各种条件下的稳定性\uff0c"
    )
    claim = (setting if long_claim else "") + "注意力机制有帮助。"
    hits, calls = _cached_then_checked(claim, None, TEXTS, ":cjk-pairs")
    assert hits == (0 if long_claim else 1)
    assert calls == (2 if long_claim else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("\u0645\u06cc\u200c\u0634\u0648\u062f", "Plain text.", True),  # a Persian non-joiner
        ("Die Strasse ist lang.", "Die Stra\u00dfe ist lang.", True),  # a passage's "ß"
        ("Attention helps.", "Attention helps, caf\u00e9.", False),  # read alike as before
        ("\u03b7 \u03ac\u03c3\u03ba\u03b7\u03c3\u03b7", "Plain text.", True),  # a tonos
        ("Viet Nam grows.", "Vi\u1ec7t Nam grows.", True),  # two diacritics
    ],
    ids=["persian-claim", "german-passage", "unchanged", "greek-claim", "vietnamese-passage"],
)
def test_an_answer_cached_before_the_rankers_read_the_search_form_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # A claim or passage the rankers now read otherwise (``text.searchform``) was judged on
    # passages ranked otherwise: its cached answer must not be reused. Others keep theirs.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)


def test_a_paper_whose_only_passage_is_over_the_budget_is_not_sent_to_the_judge() -> None:
    # Asking with no passage would spend a (paid) call on nothing and blame the judge.
    source = MemorySource()
    text = "Aspirin lowers fever in adults with influenza, a randomised trial found."
    source.add(parse_ref("local:big"), "Big", [text])
    judge = ScriptedJudge(pick("supports", "P001"))
    [record] = Checker(source, judge, max_chars=10).check("Aspirin lowers fever", ["local:big"])
    assert judge.seen == []
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "no passage fits the evidence budget; nothing was sent to the judge"
    assert record_to_dict(record)["calls"] == {}


@pytest.mark.parametrize(
    "papers", [["1603.07285", "1603.07285v2"], ["1603.07285v2", "arxiv:1603.07285"]]
)
def test_two_references_read_as_one_edition_are_judged_once(papers: list[str]) -> None:
    # QA: --paper arXiv:X --paper arXiv:Xv2, X read as the v2 stored, judged v2 twice: two
    # identical records (two papers "supporting" the claim) at two judge calls.
    source = MemorySource()
    source.add(parse_ref("arXiv:1603.07285v2"), "Convolution arithmetic", TEXTS)
    judge = ScriptedJudge(pick("supports", "P001"))
    first, second = Checker(source, judge).check(CLAIM, papers)
    assert len(judge.seen) == 1
    assert isinstance(first, CheckedRecord) and first.matched_ref == "arXiv:1603.07285v2"
    assert isinstance(second, NotCheckedRecord)
    assert second.paper_ref == str(parse_ref(papers[1]))
    one, other = (str(parse_ref(p)) for p in papers)
    assert second.error == (
        f"{one} and {other} are the same paper here (both read as arXiv:1603.07285v2): it is "
        f"checked once, in the record of {one}"
    )


def test_two_editions_of_one_paper_are_each_judged() -> None:
    # arXiv:X read as v3 beside arXiv:Xv2: two editions, two verdicts.
    source = MemorySource()  # answers an unversioned reference with the first it holds
    source.add(parse_ref("arXiv:1603.07285v3"), "Convolution arithmetic", TEXTS)
    source.add(parse_ref("arXiv:1603.07285v2"), "Convolution arithmetic", TEXTS)
    judge = ScriptedJudge(pick("supports", "P001"))
    records = Checker(source, judge).check(CLAIM, ["1603.07285", "1603.07285v2"])
    assert [r.verdict for r in records] == ["supports", "supports"]
    assert [getattr(r, "matched_ref", None) for r in records] == [
        "arXiv:1603.07285v3",
        "arXiv:1603.07285v2",
    ]
    assert len(judge.seen) == 2


def test_a_new_ranking_version_has_cached_answers_asked_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A change to either ranker (the local judge's pre-selection too, which no judge's identity
    # names) bumps RANKING_VERSION: an answer judged on passages ranked the old way is not
    # reused. The first version keeps the keys answers were cached under before it was named.
    source = MemorySource()
    source.add(parse_ref("arxiv:1706.03762"), "Attention", TEXTS)
    judge = ScriptedJudge(pick("supports", "P001"), cache_identity="scripted-1")
    checker = Checker(source, judge, cache=MemoryCache())
    checker.check_paper(CLAIM, "arxiv:1706.03762", None)
    assert isinstance(checker.cache, MemoryCache)
    checker.check_paper(CLAIM, "arxiv:1706.03762", None)
    assert (checker.cache.hits, len(judge.seen)) == (1, 1)
    monkeypatch.setattr("claimaudit.checker.selection.RANKING_VERSION", 2)
    checker.check_paper(CLAIM, "arxiv:1706.03762", None)
    assert (checker.cache.hits, len(judge.seen)) == (1, 2)
    checker.check_paper(CLAIM, "arxiv:1706.03762", None)
    assert (checker.cache.hits, len(judge.seen)) == (2, 2)


@pytest.mark.parametrize(
    ("claim", "afresh"), [("癌", True), ("癌症患者", False)], ids=["lone", "pairs-only"]
)
def test_an_answer_cached_before_a_lone_cjk_character_was_found_in_runs_is_asked_afresh(
    claim: str, afresh: bool
) -> None:
    # A claim's one-character CJK word matched only a passage holding it alone: its cached
    # answer was judged on passages ranked without it. A claim of pairs alone ranks as before.
    hits, _ = _cached_then_checked(claim, None, ["我们研究了癌症患者。", *TEXTS], ":cjk-pairs")
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "before", "afresh"),
    [
        ("암은 위험하다", ":cjk-pairs", True),
        ("癌は遺伝する", ":cjk-pairs", True),
        ("암 치료", ":cjk-pairs:cjk-alone", False),
    ],
    ids=["particle", "kana", "none"],
)
def test_an_answer_cached_before_a_cjk_word_was_read_apart_is_asked_afresh(
    claim: str, before: str, afresh: bool
) -> None:
    # A claim's Korean word with a particle written onto it ("암은"), or Japanese kanji with
    # kana after it ("癌は"), was looked for as written, never finding the word ("암", "癌"):
    # its cached answer was judged on passages ranked without it. A claim without such a word
    # ranks as before and keeps its answer.
    hits, _ = _cached_then_checked(claim, None, ["암 환자의 생존율", *TEXTS], before)
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("كتاب مفيد", "هذا الكتاب", True),
        ("الكتاب مفيد", "Plain text.", True),
        ("كتاب مفيد", "Plain text.", False),
        ("Sparse matrices save memory.", "هذا الكتاب", False),
    ],
    ids=["passage", "claim", "neither", "english-claim"],
)
def test_an_answer_cached_before_the_arabic_article_was_read_apart_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read an Arabic claim's words and its passages' without the article now: a
    # question where either holds one was judged on passages ranked otherwise. An English
    # claim reads its passages as before, whatever Arabic they hold.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        (
            "\u0643\u062a\u0627\u0628\u0647\u0627 \u062e\u0648\u0628",
            "\u0643\u062a\u0627\u0628 \u0647\u0627",
            True,
        ),
        ("\u0643\u062a\u0627\u0628 \u0647\u0627 \u062e\u0648\u0628", "Plain text.", True),
        ("\u0643\u062a\u0627\u0628\u0647\u0627 \u062e\u0648\u0628", "Plain text.", False),
        ("Sparse matrices save memory.", "\u0643\u062a\u0627\u0628 \u0647\u0627", False),
    ],
    ids=["passage", "claim", "neither", "english-claim"],
)
def test_an_answer_cached_before_a_persian_plural_was_read_onto_its_word_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read a Persian plural's ending written apart onto its word now, for a claim
    # in the Arabic script: a question where its claim or passages hold one was judged on
    # passages ranked otherwise. An English claim reads its passages as before. (The Arabic
    # kaf: the Persian one the rankers read otherwise since, as the Arabic.)
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("Cells grow at 10^5 per well.", "We plated 10\u2075 cells.", True),
        ("Cells grow at 10\u2075 per well.", "Plain text.", True),
        ("Cells grow at 10^5 per well.", "Plain text.", False),
        ("Cells grow at 10^5 per well.", "\u0625\u0633\u0644\u0627\u0645", True),
        ("Cells grow at 10^5 per well.", "\u0662\u0660\u0662\u0664", True),
    ],
    ids=["passage", "claim", "neither", "hamza-alef", "other-digits"],
)
def test_an_answer_cached_while_superscript_digits_were_plain_digits_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read "10⁵" as "10^5" now, not as the number "105": a question whose claim or
    # passages hold such digits was judged on passages ranked otherwise. Others keep theirs.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("Cells grow.", "\u06a9\u062a\u0627\u0628 \u0645\u062f\u0631\u0633\u0629", True),
        ("Cells grow in \u0131sparta.", "Plain text.", True),
        ("Cells grow.", "\u06a9\u062a\u0627\u0628", False),
        # QA: a PDF's presentation form of a teh marbuta (U+FE94), the letter once NFKC reads
        # it, was not seen by the key, which kept the answer judged otherwise.
        ("Cells grow.", "\u06a9\u062a\u0627\u0628 \u0645\u062f\u0631\u0633\ufe94", True),
    ],
    ids=["teh-marbuta", "dotless", "neither", "presentation-form"],
)
def test_an_answer_cached_while_a_folded_letter_was_its_own_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read a teh marbuta as heh and a dotless i as "i" now: a question whose claim
    # or passages hold one was judged on passages ranked otherwise, even where its key already
    # named the search form (a Persian kaf beside it). Others keep theirs.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], ":search-form")
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("Cells grow.", "\u06a9\u062a\u0627\u0628 \u0628\u0686\u06c1", True),
        ("Cells grow in \u0628\u0691\u06d2.", "Plain text.", True),
        ("Cells grow.", "\u06a9\u062a\u0627\u0628", False),
    ],
    ids=["heh-goal", "yeh-barree", "neither"],
)
def test_an_answer_cached_while_an_urdu_letter_was_its_own_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read the Urdu heh goal and yeh barree as heh and yeh now: a question whose
    # claim or passages hold one was judged on passages ranked otherwise, even where its key
    # already named the search form (a Persian kaf beside it). Others keep theirs.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], ":search-form")
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("Cells grow.", "\u05e6\u05d4\u05f4\u05dc \u05e0\u05d9\u05e7\u05d5\u05d3", True),
        ('Cells grow in \u05e6\u05d4"\u05dc.', "Plain text.", True),
        ("Cells grow.", '\u05d0\u05de\u05e8 "\u05e9\u05dc\u05d5\u05dd"', False),
        # With a vowel point before the gershayim, which the rankers read without.
        ("Cells grow.", "\u05e6\u05d4\u05b8\u05f4\u05dc", True),
    ],
    ids=["gershayim", "ascii-quote", "quotation", "pointed"],
)
def test_an_answer_cached_while_a_hebrew_acronym_was_two_words_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read "צה״ל" as one word now, not "צה" and "ל": a question whose claim or
    # passages hold one was judged on passages ranked otherwise. A word in quotation marks
    # reads as it did, and keeps its answer.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("Cells grow.", "\u043c\u02bc\u044f\u0441\u043e", True),
        ("Cells grow in Hawai\u02bbi.", "Plain text.", True),
        ("Cells grow.", "\u043c'\u044f\u0441\u043e", False),
    ],
    ids=["apostrophe", "turned-comma", "ascii"],
)
def test_an_answer_cached_while_a_modifier_apostrophe_was_a_letter_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read "мʼясо" as "м'ясо" now, not one word: a question whose claim or passages
    # hold such an apostrophe was judged on passages ranked otherwise. The ASCII one reads as
    # it did, and keeps its answer.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("Cells grow.", "Stra\u00dfe in \u0141\u00f3d\u017a", True),
        ("Cells grow in encyclop\u00e6dia.", "Plain text.", True),
        ("Cells grow.", "Stra\u00dfe in \u00d8resund", True),
    ],
    ids=["l-stroke", "ae", "o-stroke"],
)
def test_an_answer_cached_while_a_latin_letter_was_its_own_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read "ł" as "l", "æ" as "ae" now: a question whose claim or passages hold one
    # was judged on passages ranked otherwise, even where its key already named the search
    # form (a "ß" beside it). So, since, does one holding "ø" (read as "o").
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], ":search-form")
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "old", "afresh"),
    [
        ("S\u00f8ren wrote.", "Plain text.", "", True),
        ("Soren wrote.", "S\u00f8ren Kierkegaard", "", True),
        ("Soren wrote.", "Stra\u00dfe in \u0141\u00f3d\u017a", ":search-form:plain-latin", False),
    ],
    ids=["claim", "passage", "none"],
)
def test_an_answer_cached_while_o_with_a_stroke_was_its_own_letter_is_asked_afresh(
    claim: str, passage: str, old: str, afresh: bool
) -> None:
    # The rankers read "ø" as "o" now ("Søren" is "Soren"): a question whose claim or passages
    # hold one was judged on passages ranked otherwise. Others keep their answers.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], old)
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("Sparse\u200bmatrices save memory.", "Plain text.", True),
        ("Sparse matrices save memory.", "Sparse\u200bmatrices.", True),
        ("Sparse matrices save memory.", "Plain text.", False),
    ],
    ids=["claim", "passage", "neither"],
)
def test_an_answer_cached_while_a_zero_width_space_joined_words_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # The rankers read a zero-width space as a word break now, not as nothing: a question whose
    # claim or passages hold one was judged on passages ranked otherwise. Others keep theirs.
    # Where one is held, as such a text was keyed since the search form.
    old_settings = ":search-form" if afresh else ""
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS], old_settings)
    assert hits == (0 if afresh else 1)


@pytest.mark.parametrize(
    ("claim", "passage", "afresh"),
    [
        ("The loss grows as x\u00b2.", "It grows as x^2 here.", True),
        ("Heat by M\u00fcller holds.", "Mueller et al. showed it.", True),
        ("The value of x is low.", "The value was low.", False),
        ("CO2 rose.", "Plain text.", False),
        ("Attention helps.", "It grows as x^2 here.", False),
    ],
    ids=["raised-and-marked", "umlaut-written-out", "same-spelling", "nothing-marked", "english"],
)
def test_an_answer_cached_before_spellings_were_folded_is_asked_afresh(
    claim: str, passage: str, afresh: bool
) -> None:
    # A claim's "x²" and a passage's "x^2", or "Müller" and "Mueller", were two words to the
    # rankers: the cached answer was judged on passages ranked otherwise. A claim whose words
    # are read alike in its passages ("value" as "valu" in both), or one with no such word,
    # ranks them as before and keeps its answer.
    hits, _ = _cached_then_checked(claim, None, [passage, *TEXTS])
    assert hits == (0 if afresh else 1)
