from __future__ import annotations

import math

import pytest

from claimaudit.errors import JudgeError
from claimaudit.judges.protocol import (
    ChoiceAnswer,
    ChoiceQuestion,
    confidence_from_probabilities,
    validate_answer,
)

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
