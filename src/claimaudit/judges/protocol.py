"""The decision protocol every judge speaks.

It mirrors TypeSafe System One's Choice question: a state text plus named questions, each with
labelled options, answered with the chosen label, a probability per label and a confidence. Judges
that reason over text (Jev, OpenAI-compatible models) read ``Decision.state``; judges that score
passages themselves (the embedded verifier) read the structured ``Decision.case``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from claimaudit.passage import Passage

PROBABILITY_SUM_TOLERANCE = 0.02


class JudgeError(Exception):
    """An operational failure of a judge: unreachable, timed out, HTTP error, invalid answer.

    The checker turns it into a ``not_checked`` record; it is never a verdict. Messages must not
    contain secrets. ``calls``: backend requests the judge had made when it failed (a failure
    after a request still cost one), for the record's cost accounting.
    """

    def __init__(self, message: str, *, calls: int = 0) -> None:
        super().__init__(message)
        self.calls = calls


@dataclass(frozen=True)
class Case:
    """What is being judged: one claim against candidate passages of one paper."""

    claim: str
    paper_title: str
    passages: Sequence[Passage]  # the candidates the judge may cite, by passage id
    topic: str | None = None


@dataclass(frozen=True)
class ChoiceQuestion:
    """A Choice question: option label -> description (or None)."""

    instructions: str
    options: Mapping[str, str | None]


@dataclass(frozen=True)
class Decision:
    """A System One style request: the state text, the questions, and the structured case."""

    state: str
    questions: Mapping[str, ChoiceQuestion]
    case: Case


@dataclass(frozen=True)
class ChoiceAnswer:
    """The chosen option, with a probability per option and Jev's confidence.

    ``probabilities`` and ``confidence`` are None when the backend gave only a choice (an
    OpenAI-compatible server that returns no logprobs): nothing is made up in their place, and
    the checker then always asks for review. A model's self-reported confidence never fills them.
    """

    choice: str
    probabilities: Mapping[str, float] | None
    confidence: float | None

    @property
    def probabilities_available(self) -> bool:
        return self.probabilities is not None


@dataclass(frozen=True)
class JudgeReply:
    """Answers keyed by question id, plus the model id that produced them.

    ``calls``: requests made to the backend for this decision (Jev: one for both questions; a
    judge that runs in-process makes none), for the record's cost accounting.
    ``review_notes``: reasons the judge found for a human to look whatever its confidence (the
    embedded verifier's consistency checks: "the claim's year 2005 is not in the evidence");
    a record with any is never cleared.
    """

    model: str
    answers: Mapping[str, ChoiceAnswer]
    usage: Mapping[str, int] = field(default_factory=dict)
    calls: int = 0
    review_notes: tuple[str, ...] = ()


@runtime_checkable
class Judge(Protocol):
    """A decision backend: ``decide`` answers every question or raises JudgeError."""

    name: str

    def decide(self, decision: Decision) -> JudgeReply: ...


def review_threshold(judge: Judge) -> float | None:
    """The confidence a judge's cleared verdicts were validated at, if it declares one."""
    value = getattr(judge, "review_threshold", None)
    return float(value) if isinstance(value, int | float) else None


def confidence_from_probabilities(probabilities: Mapping[str, float]) -> float:
    """Jev's confidence: how far the top probability sits above uniform, scaled to [0, 1]."""
    n = len(probabilities)
    if n < 2:
        raise ValueError("a choice needs at least two options")
    p_max = max(probabilities.values())
    value = (p_max - 1.0 / n) / (1.0 - 1.0 / n)
    return min(1.0, max(0.0, value))


def validate_answer(question_id: str, answer: ChoiceAnswer, question: ChoiceQuestion) -> None:
    """Check an answer the way the reference design does; raise JudgeError when it is invalid."""
    options = set(question.options)
    if answer.choice not in options:
        raise JudgeError(f"judge chose {answer.choice!r}, not an option of {question_id!r}")
    if answer.probabilities is None:
        # A bare choice is valid, but then there is no distribution to derive a confidence from.
        if answer.confidence is not None:
            raise JudgeError(f"judge gave a confidence without probabilities for {question_id!r}")
        return
    given = set(answer.probabilities)
    if given != options:
        raise JudgeError(
            f"judge returned an incomplete probability distribution for {question_id!r}"
        )
    values = [*answer.probabilities.values(), answer.confidence]
    for value in values:
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not 0.0 <= value <= 1.0
        ):
            raise JudgeError(
                f"judge returned a probability or confidence outside [0, 1] for {question_id!r}"
            )
    total = math.fsum(answer.probabilities.values())
    if abs(total - 1.0) > PROBABILITY_SUM_TOLERANCE:
        raise JudgeError(f"judge probabilities for {question_id!r} sum to {total:.3f}, not 1")


def validate_reply(reply: JudgeReply, decision: Decision) -> None:
    for question_id, question in decision.questions.items():
        answer = reply.answers.get(question_id)
        if answer is None:
            raise JudgeError(f"judge gave no answer to {question_id!r}")
        validate_answer(question_id, answer, question)
