from __future__ import annotations

import json
import math
from collections.abc import Callable
from fractions import Fraction

import numpy
import pytest

from claimaudit.api import make_checker
from claimaudit.checker.pipeline import Checker
from claimaudit.errors import InvalidSettingsError, JudgeError, PluginError, UsageError
from claimaudit.identity import parse_ref
from claimaudit.judges.protocol import (
    ChoiceAnswer,
    ChoiceQuestion,
    Decision,
    Judge,
    JudgeReply,
    JudgeSettings,
    confidence_from_probabilities,
    validate_answer,
)
from claimaudit.records import CheckedRecord, record_to_dict
from tests.fakes import MemorySource, ScriptedJudge, pick

QUESTION = ChoiceQuestion("?", {"a": None, "b": None, "c": None})


def test_confidence_formula() -> None:
    assert confidence_from_probabilities({"a": 1 / 3, "b": 1 / 3, "c": 1 / 3}) == pytest.approx(0.0)
    assert confidence_from_probabilities({"a": 1.0, "b": 0.0}) == 1.0
    assert confidence_from_probabilities({"a": 0.7, "b": 0.2, "c": 0.1}) == pytest.approx(0.55)


def test_valid_answer_passes() -> None:
    validate_answer("q", ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1}, 0.55), QUESTION)
    # Within the 0.02 tolerance.
    validate_answer("q", ChoiceAnswer("a", {"a": 0.71, "b": 0.2, "c": 0.105}, 0.55), QUESTION)


@pytest.mark.parametrize(
    "answer",
    [
        ChoiceAnswer("d", {"a": 0.7, "b": 0.2, "c": 0.1}, 0.5),
        ChoiceAnswer("a", {"a": 0.8, "b": 0.2}, 0.5),
        ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1, "d": 0.0}, 0.5),
        ChoiceAnswer("a", {"a": 1.2, "b": -0.1, "c": -0.1}, 0.5),
        ChoiceAnswer("a", {"a": 0.9, "b": 0.2, "c": 0.2}, 0.5),
        ChoiceAnswer("a", {"a": math.nan, "b": 0.5, "c": 0.5}, 0.5),
        ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1}, 1.5),
        ChoiceAnswer("a", {"a": "0.7", "b": 0.2, "c": 0.1}, 0.5),  # type: ignore[dict-item]
        ChoiceAnswer("a", {"a": True, "b": 0.0, "c": 0.0}, 0.5),
    ],
)
def test_invalid_answers_are_operational_failures(answer: ChoiceAnswer) -> None:
    with pytest.raises(JudgeError):
        validate_answer("q", answer, QUESTION)


def test_probabilities_without_a_confidence_are_said_to_lack_it() -> None:
    answer = ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1}, None)
    with pytest.raises(JudgeError, match=r"^judge gave probabilities but no confidence for 'q'$"):
        validate_answer("q", answer, QUESTION)


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (ChoiceAnswer("z", None, None), "judge 'pick' chose 'z', not an option of 'q'"),
        (ChoiceAnswer("a", None, 0.5), "judge 'pick' gave a confidence without probabilities"),
        (ChoiceAnswer("a", {"a": 1.0}, 1.0), "judge 'pick' returned an incomplete probability"),
        (
            ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1}, None),
            "judge 'pick' gave probabilities",
        ),
        (ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1}, 2.0), "judge 'pick' returned a probab"),
        (
            ChoiceAnswer("a", {"a": 0.9, "b": 0.2, "c": 0.2}, 0.5),
            "judge 'pick' gave probabilities for 'q' that sum",
        ),
    ],
)
def test_an_invalid_answer_names_the_judge(answer: ChoiceAnswer, message: str) -> None:
    # A plugin judge's fault must say whose it is, as the checker's other lines do.
    with pytest.raises(JudgeError) as raised:
        validate_answer("q", answer, QUESTION, "pick")
    assert str(raised.value).startswith(message)


def test_a_secret_in_an_unknown_option_is_masked_before_the_name_is_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: the name was cut to 40 characters first, so a key it held, cut in half, was no longer
    # recognised and its first part reached the record.
    secret = "sk-test-0123456789abcdef-SECRET"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    answer = ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1, f"the key is {secret}": 0.0}, 0.55)
    with pytest.raises(JudgeError) as raised:
        validate_answer("q", answer, QUESTION, "pick")
    assert "'the key is ***'" in str(raised.value) and secret[:8] not in str(raised.value)


@pytest.mark.parametrize(
    ("extra", "shown"),
    [
        ("maybe", "'maybe'"),
        ("\x1b[31mred\u202e", "'\\x1b[31mred\\u202e'"),
        ("x" * 60, repr("x" * 40)),
    ],
)
def test_an_unknown_option_in_a_complete_distribution_is_named(extra: str, shown: str) -> None:
    # It was "returned an incomplete probability distribution": nothing was missing.
    answer = ChoiceAnswer("a", {"a": 0.7, "b": 0.2, "c": 0.1, extra: 0.0}, 0.55)
    with pytest.raises(JudgeError) as raised:
        validate_answer("q", answer, QUESTION, "pick")
    assert str(raised.value) == f"judge 'pick' gave a probability for {shown}, not an option of 'q'"


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        # QA: these were "check failed: AttributeError" or "TypeError", naming no judge.
        ({"choice": "a"}, "judge 'pick' gave its answer to 'q' as dict, not a ChoiceAnswer"),
        (None, "judge 'pick' gave its answer to 'q' as NoneType, not a ChoiceAnswer"),
        (
            ChoiceAnswer(["a"], None, None),  # type: ignore[arg-type]
            "judge 'pick' gave its choice for 'q' as list, not",
        ),
        (
            ChoiceAnswer(1, None, None),  # type: ignore[arg-type]
            "judge 'pick' gave its choice for 'q' as int, not a string",
        ),
        # QA: a list was read as its values: "gave a probability for '0.7', not an option".
        (
            ChoiceAnswer("a", [0.7, 0.2, 0.1], 0.55),  # type: ignore[arg-type]
            "judge 'pick' gave its probabilities for 'q' as list, not a mapping of option to",
        ),
    ],
)
def test_an_answer_of_the_wrong_shape_names_the_judge_and_the_shape(
    answer: object, message: str
) -> None:
    with pytest.raises(JudgeError) as raised:
        validate_answer("q", answer, QUESTION, "pick")  # type: ignore[arg-type]
    assert str(raised.value).startswith(message)


def test_a_reply_with_an_answer_of_the_wrong_shape_is_not_checked_naming_the_judge() -> None:
    def script(decision: Decision) -> JudgeReply:
        reply = pick("supports", "P001")(decision)
        return JudgeReply("m", {**reply.answers, "relation": {"choice": "supports"}})  # type: ignore[dict-item]

    source = MemorySource()
    source.add(parse_ref("scifact:1"), "T", ["Aspirin lowers fever."])
    [record] = Checker(source, ScriptedJudge(script)).check("Aspirin lowers fever.", ["scifact:1"])
    assert record.verdict == "not_checked"
    assert (
        record.error == "judge 'scripted' gave its answer to 'relation' as dict, not a ChoiceAnswer"
    )


@pytest.mark.parametrize("number", [numpy.float32, numpy.float16, Fraction])
def test_probabilities_as_numpy_or_other_real_numbers_are_recorded_as_floats(
    number: Callable[[float], object],
) -> None:
    # QA: a judge scoring with numpy (softmax in float32) was refused with "returned a
    # probability or confidence outside [0, 1]" for probabilities in [0, 1] that sum to 1.
    def script(decision: Decision) -> JudgeReply:
        reply = pick("supports", "P001", strength=0.875)(decision)
        answers = {
            qid: ChoiceAnswer(
                a.choice,
                {o: number(p) for o, p in (a.probabilities or {}).items()},  # type: ignore[misc]
                number(a.confidence or 0.0),  # type: ignore[arg-type]
            )
            for qid, a in reply.answers.items()
        }
        return JudgeReply("m", answers)

    source = MemorySource()
    source.add(parse_ref("scifact:1"), "T", ["Aspirin lowers fever.", "Other."])
    [record] = Checker(source, ScriptedJudge(script)).check("Aspirin lowers fever.", ["scifact:1"])
    assert isinstance(record, CheckedRecord), record
    assert record.verdict == "supports" and record.evidence_passage_id == "P001"
    assert type(record.confidence) is float and record.confidence == pytest.approx(5 / 6)
    assert record.probabilities is not None
    assert all(type(p) is float for p in record.probabilities.values())
    json.dumps(record_to_dict(record))  # as every output writes it


@pytest.mark.parametrize("value", ["0.7", None, [0.7]])
def test_a_probability_that_is_no_number_is_named_as_such(value: object) -> None:
    answer = ChoiceAnswer("a", {"a": value, "b": 0.2, "c": 0.1}, 0.55)  # type: ignore[dict-item]
    with pytest.raises(JudgeError) as raised:
        validate_answer("q", answer, QUESTION, "pick")
    assert str(raised.value) == (
        f"judge 'pick' gave a probability or confidence for 'q' of type "
        f"{type(value).__name__}, not a number"
    )


# ---------------------------------------------------------------------- the judge contract


class Minimal(Judge):
    """Only what the contract requires; everything else from its defaults."""

    name = "minimal"

    def decide(self, decision: Decision) -> JudgeReply:
        raise JudgeError("not asked here")


def test_a_judge_that_subclasses_the_contract_gets_its_defaults() -> None:
    judge = Minimal()
    assert isinstance(judge, Judge)
    assert judge.cache_identity is None  # never cached
    assert judge.concurrency == 1  # called from one thread at a time
    assert judge.review_threshold is None  # the review policy's own default
    judge.close()  # holds nothing


def test_backends_that_break_their_contract_are_refused_in_one_line() -> None:
    class DuckJudge:
        name = "duck"

        def decide(self, decision: Decision) -> JudgeReply:
            raise JudgeError("never asked")

    source = MemorySource()
    with pytest.raises(PluginError) as caught:
        Checker(source, DuckJudge())  # type: ignore[arg-type]
    message = str(caught.value)
    assert "judge 'duck' does not keep the Judge contract" in message
    assert "missing: cache_identity, close, concurrency, fit_evidence, review_threshold" in message
    assert "subclass claimaudit.Judge" in message

    class DuckSource:
        name = "duck-source"

    with pytest.raises(
        PluginError, match=r"source 'duck-source' .* \(missing: close, fetch, library_use\)"
    ):
        Checker(DuckSource(), Minimal())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"timeout": "5"}, "the judge's timeout must be a number of seconds from 0.1 up to 86400"),
        ({"timeout": -1}, "the judge's timeout must be a number of seconds from 0.1 up to 86400"),
        ({"timeout": True}, "the judge's timeout must be a number of seconds from 0.1"),
        (
            {"context_tokens": -5},
            "context_tokens must be a positive whole number of tokens, not -5",
        ),
        (
            {"context_tokens": 8.5},
            "context_tokens must be a positive whole number of tokens, not 8.5",
        ),
        ({"model": 5}, "model must be a model id (a string), not int"),
        # QA: a model id with a line break was sent in every request.
        ({"model": "m\nx"}, "model holds U+000A (a line feed) at character 2"),
        ({"model": "m\u202ex"}, "model holds U+202E (a right-to-left override) at character 2"),
    ],
)
def test_judge_settings_out_of_range_are_refused_for_every_judge(
    fields: dict[str, object], message: str
) -> None:
    # The local judge reads no timeout: from Python it took these, where the CLI refuses them.
    with pytest.raises(InvalidSettingsError) as caught:
        JudgeSettings(**fields)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)
    with pytest.raises(InvalidSettingsError):
        judge = ScriptedJudge(pick("supports", "P001"))
        make_checker(judge, source=MemorySource(), cache=False, **fields)  # type: ignore[arg-type]
    assert JudgeSettings(timeout=5, context_tokens=4096).timeout == 5


@pytest.mark.parametrize(
    ("probabilities", "message"),
    [
        (
            None,
            "confidence_from_probabilities takes a mapping of option to probability, not NoneType",
        ),
        (
            [0.5, 0.5],
            "confidence_from_probabilities takes a mapping of option to probability, not list",
        ),
        ({"a": 1.0}, "a choice needs at least two options"),
        # NaN compares false with everything: it gave 0.0, or whatever came first.
        (
            {"a": float("nan"), "b": 0.5},
            "option 'a' has the probability nan; a probability is a number from 0 to 1",
        ),
        (
            {"a": 0.5, "b": "0.5"},
            "option 'b' has the probability '0.5'; a probability is a number from 0 to 1",
        ),
        (
            {"a": True, "b": 0.0},
            "option 'a' has the probability True; a probability is a number from 0 to 1",
        ),
        (
            {"a": 2.0, "b": 0.0},
            "option 'a' has the probability 2.0; a probability is a number from 0 to 1",
        ),
    ],
)
def test_confidence_of_what_is_no_distribution_is_a_usage_error(
    probabilities: object, message: str
) -> None:
    # QA: a helper exported for plugin authors: None was a bare TypeError, NaN gave 0.0.
    with pytest.raises(UsageError) as caught:
        confidence_from_probabilities(probabilities)  # type: ignore[arg-type]
    assert str(caught.value) == message
