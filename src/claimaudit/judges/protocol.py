"""The contract every judge keeps, and the decision protocol it speaks.

A judge is a class that subclasses ``Judge`` and gives it a ``name`` and a ``decide`` method;
every other part of the contract has a default here, which a judge overrides when it has more to
say (see ``Judge``). A plugin makes judges from ``JudgeSettings`` (see ``claimaudit.plugins``).

The decision mirrors TypeSafe System One's Choice question: a state text plus named questions,
each with labelled options, answered with the chosen label, a probability per label and a
confidence. Judges that reason over text (Jev, OpenAI-compatible models) read
``Decision.state``; judges that score passages themselves (the embedded verifier) read the
structured ``Decision.case``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar, runtime_checkable

from claimaudit.errors import InvalidSettingsError, JudgeError, SettingNotTakenError, UsageError
from claimaudit.guards.untrusted import name_problem
from claimaudit.judges.deadline import check_timeout
from claimaudit.net.redaction import clipped
from claimaudit.passage import Passage

__all__ = [
    "Case",
    "ChoiceAnswer",
    "ChoiceQuestion",
    "Decision",
    "Judge",
    "JudgeError",
    "JudgeReply",
    "JudgeSettings",
    "confidence_from_probabilities",
    "settled_confidence",
    "validate_answer",
    "validate_reply",
]

PROBABILITY_SUM_TOLERANCE = 0.02
# The built-in judges that take a context window, which a refusal of one names.
CONTEXT_JUDGES = "the openai judge"
# JudgeReply.usage keys the checker reads: prompt and completion tokens, as the server counted.
INPUT_TOKENS = "input_tokens"
OUTPUT_TOKENS = "output_tokens"
# JudgeReply.usage key the checker reads: how many of the passages it was given the judge's model
# read (whole or in part), for a judge that reads fewer than it is given (the embedded judge
# scores at most 24 windows); it becomes the record's passagesRead.
PASSAGES_READ = "passagesRead"


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
    """A System One style request: the state text, the questions, and the structured case.

    The checker asks two questions: ``"relation"``, whose options are the four verdicts
    (``supports``, ``contradicts``, ``not_addressed``, ``insufficient_evidence``), and
    ``"evidence"``, whose options are the ids of ``case.passages`` plus ``"none"``. A judge
    answers each with one of its options (see ``ChoiceAnswer``).
    """

    state: str
    questions: Mapping[str, ChoiceQuestion]
    case: Case


@dataclass(frozen=True)
class ChoiceAnswer:
    """The chosen option, with a probability per option and Jev's confidence.

    ``probabilities`` maps every option of the question to a probability (they sum to 1, within
    0.02; any real number type, numpy's included, recorded as floats); ``confidence`` is
    ``confidence_from_probabilities`` of them. Both are None when the
    backend gave only a choice (an OpenAI-compatible server that returns no logprobs): nothing
    is made up in their place, and the checker then always asks for review. A model's
    self-reported confidence never fills them.
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
    judge that runs in-process makes none), for the record's cost accounting. ``usage``: what
    the backend reported it cost; ``input_tokens`` and ``output_tokens`` (prompt and completion
    tokens, summed over the decision's requests) reach the record's ``judgeTokens``,
    ``passagesRead`` (how many of the case's passages its model read, whole or in part: for a
    judge that may read fewer than it is given) the record's ``passagesRead``; other keys are
    the judge's own.
    ``review_notes``: reasons the judge found for a human to look whatever its confidence (the
    embedded verifier's consistency checks: "the claim's year 2005 is not in the evidence");
    a record with any is never cleared.
    """

    model: str
    answers: Mapping[str, ChoiceAnswer]
    usage: Mapping[str, int] = field(default_factory=dict)
    calls: int = 0
    review_notes: tuple[str, ...] = ()


Options = TypeVar("Options")


@dataclass(frozen=True)
class JudgeSettings:
    """What a judge's factory receives (see ``claimaudit.plugins``).

    ``model``, ``timeout`` and ``context_tokens`` are the settings any judge may take
    (``--model``, ``--timeout``, ``--context-tokens``: the model's context window in tokens);
    each judge reads what applies to it. ``options`` holds one judge's own typed options: a
    frozen dataclass that judge defines (``JevOptions``, ``OpenAIOptions``, ``LocalOptions``),
    which its factory reads with ``options_for``.
    """

    model: str | None = None
    timeout: float | None = None
    options: object | None = None
    context_tokens: int | None = None

    def __post_init__(self) -> None:
        # Checked here, once for every judge: a judge that reads no timeout (the local one)
        # took "5" or -1 from Python, where the command line and the openai judge refuse them.
        if self.model is not None and not isinstance(self.model, str):
            raise InvalidSettingsError(
                f"model must be a model id (a string), not {type(self.model).__name__}"
            )
        # A line break or control character in a model id was sent in every request.
        problem = name_problem(self.model, "model") if self.model is not None else None
        if problem is not None:
            raise InvalidSettingsError(problem)
        if self.timeout is not None:
            check_timeout(self.timeout, "the judge's")
        tokens = self.context_tokens
        if tokens is not None and (
            isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 1
        ):
            raise InvalidSettingsError(
                f"context_tokens must be a positive whole number of tokens, not {tokens!r}"
            )

    def refuse_context_tokens(self, judge: str, why: str) -> None:
        """SettingNotTakenError when a context window was given to ``judge`` (its name), which
        uses none (``why``): silently ignored, it looked applied (as a --model would)."""
        if self.context_tokens is not None:
            raise SettingNotTakenError(
                f"the {judge} judge takes no context window ({why})",
                setting="context_tokens",
                value=self.context_tokens,
                takes_it=CONTEXT_JUDGES,
            )

    def options_for(self, kind: type[Options]) -> Options:
        """The options as ``kind``: those given, or ``kind()`` (its defaults) when none were;
        InvalidSettingsError when the options given are another judge's."""
        if self.options is None:
            return kind()
        if not isinstance(self.options, kind):
            raise InvalidSettingsError(
                f"{type(self.options).__name__} are not options of this judge "
                f"(it takes {kind.__name__})"
            )
        return self.options


@runtime_checkable
class Judge(Protocol):
    """A decision backend. Subclass it: ``class MyJudge(Judge)``.

    Required: ``name`` (how records and ``--judge`` name it) and ``decide``, which answers every
    question of the decision (each option with a probability, or the choice alone) or raises
    ``JudgeError`` for an operational failure (unreachable, timed out, invalid answer), which
    becomes a ``not_checked`` record, never a verdict. Any other exception is treated the same
    way, as a bug of the judge. A plugin's ``decide`` or ``fit_evidence`` that has not returned
    within ``JudgeSettings.timeout`` (default 60 s), its own retries included, is given up on
    the same way, and the judge is not called again until that call returns.

    Optional, with the defaults below; override them as properties or class attributes:
    ``cache_identity``, ``concurrency``, ``review_threshold``, ``fit_evidence`` and ``close``.
    """

    name: str

    def decide(self, decision: Decision) -> JudgeReply:
        """Answer every question of ``decision`` (see ``JudgeReply``) or raise JudgeError."""
        ...

    @property
    def cache_identity(self) -> str | None:
        """What identifies this judge's answers (model and weights, or model and endpoint): the
        results cache keeps them under it. None, the default, means they are never cached,
        since answers of two configurations could not be told apart."""
        return None

    @property
    def concurrency(self) -> int:
        """How many decisions may run at once, from different threads (a review checks pairs
        concurrently). The default, 1, calls the judge from one thread at a time."""
        return 1

    @property
    def review_threshold(self) -> float | None:
        """The confidence threshold this judge's own validation fitted; the review policy uses
        it when the user gives none. None, the default, leaves the policy's own default."""
        return None

    def fit_evidence(
        self, case: Case, ranked: Sequence[Passage], limit: int
    ) -> Sequence[Passage] | None:
        """The passages of ``ranked`` (best match first) this judge can read together with the
        claim, topic and title of ``case`` (whose ``passages`` is empty) and the questions: at
        most ``limit`` of them, best first. A judge with a context window fits the evidence to
        it here; may raise JudgeError (``ContextLengthError`` when not even the claim and the
        questions fit). None, the default, leaves the choice to the checker's character budget.
        """
        return None

    def close(self) -> None:
        """Release what the judge holds (connections, sessions); called once it is no longer
        used. The default holds nothing."""
        return None


def confidence_from_probabilities(probabilities: Mapping[str, float]) -> float:
    """Jev's confidence: how far the top probability sits above uniform, scaled to [0, 1].
    UsageError, naming the problem, unless ``probabilities`` maps at least two options to
    numbers from 0 to 1 (a plugin's None was a bare TypeError, and NaN gave 0.0)."""
    if not isinstance(probabilities, Mapping):
        raise UsageError(
            "confidence_from_probabilities takes a mapping of option to probability, "
            f"not {type(probabilities).__name__}"
        )
    n = len(probabilities)
    if n < 2:
        raise UsageError("a choice needs at least two options")
    # As floats whatever number type the judge used (numpy's float32): records are JSON.
    p_max = max(_probability(option, value) for option, value in probabilities.items())
    value = (p_max - 1.0 / n) / (1.0 - 1.0 / n)
    return min(1.0, max(0.0, value))


def _probability(option: object, value: object) -> float:
    # Real numbers only: a bool or text is no probability, and NaN compares false with
    # everything, so max() picked whichever came first and the confidence was made up.
    number = (
        float(value) if isinstance(value, numbers.Real) and not isinstance(value, bool) else None
    )
    if number is None or not 0.0 <= number <= 1.0:
        raise UsageError(
            f"option {str(option)[:40]!r} has the probability {repr(value)[:40]}; a "
            "probability is a number from 0 to 1"
        )
    return number


def settled_confidence(answer: ChoiceAnswer) -> float | None:
    """The confidence a record carries for ``answer``: ``confidence_from_probabilities`` of its
    probabilities when its choice is their top option (ties included), 0 when the judge chose
    an option its own probabilities do not favour, None without probabilities. The figure a
    judge reports is never used, so no judge can clear a record by saying it is sure."""
    if answer.probabilities is None:
        return None
    top = max(answer.probabilities.values())
    if answer.probabilities[answer.choice] < top - 1e-9:
        return 0.0
    return confidence_from_probabilities(answer.probabilities)


def validate_answer(
    question_id: str, answer: ChoiceAnswer, question: ChoiceQuestion, judge: str | None = None
) -> None:
    """Check an answer the way the reference design does; raise JudgeError when it is invalid,
    naming ``judge`` (the judge's name) when given: a plugin's error must say whose it is."""
    who = _who(judge)
    _check_shape(question_id, answer, who)
    options = set(question.options)
    if answer.choice not in options:
        raise JudgeError(f"{who} chose {answer.choice!r}, not an option of {question_id!r}")
    if answer.probabilities is None:
        # A bare choice is valid, but then there is no distribution to derive a confidence from.
        if answer.confidence is not None:
            raise JudgeError(f"{who} gave a confidence without probabilities for {question_id!r}")
        return
    given = set(answer.probabilities)
    unknown = sorted(map(str, given - options))
    if unknown:
        # A distribution with an extra option is not incomplete: name the option (masked, then
        # cut: half a credential is no longer recognised as one; escaped).
        shown = clipped(unknown[0], 40)
        raise JudgeError(
            f"{who} gave a probability for {shown!r}, not an option of {question_id!r}"
        )
    if given != options:
        raise JudgeError(
            f"{who} returned an incomplete probability distribution for {question_id!r}"
        )
    if answer.confidence is None:
        # The protocol pairs them: probabilities come with their confidence (never used as
        # given; see settled_confidence), and saying which is missing beats a range error.
        raise JudgeError(f"{who} gave probabilities but no confidence for {question_id!r}")
    values = [*answer.probabilities.values(), answer.confidence]
    for value in values:
        # Any real number: a judge scoring with numpy gives float32 values, which are no
        # ``float``; the record keeps them as floats (``confidence_from_probabilities``).
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise JudgeError(
                f"{who} gave a probability or confidence for {question_id!r} of type "
                f"{type(value).__name__}, not a number"
            )
        if not math.isfinite(value) or not 0.0 <= value <= 1.0:
            raise JudgeError(
                f"{who} returned a probability or confidence outside [0, 1] for {question_id!r}"
            )
    total = math.fsum(answer.probabilities.values())
    if abs(total - 1.0) > PROBABILITY_SUM_TOLERANCE:
        raise JudgeError(
            f"{who} gave probabilities for {question_id!r} that sum to {total:.3f}, not 1"
        )


def _check_shape(question_id: str, answer: object, who: str) -> None:
    """JudgeError unless ``answer`` is a ``ChoiceAnswer`` with a string choice and its
    probabilities (if any) a mapping: a plugin's dict or list otherwise failed deep in the
    checks below as a bare AttributeError or TypeError, naming no judge, or a list of
    probabilities was read as options ("a probability for '0.7'")."""
    if not isinstance(answer, ChoiceAnswer):
        raise JudgeError(
            f"{who} gave its answer to {question_id!r} as {type(answer).__name__}, "
            "not a ChoiceAnswer"
        )
    if not isinstance(answer.choice, str):
        raise JudgeError(
            f"{who} gave its choice for {question_id!r} as {type(answer.choice).__name__}, "
            "not a string"
        )
    if answer.probabilities is not None and not isinstance(answer.probabilities, Mapping):
        raise JudgeError(
            f"{who} gave its probabilities for {question_id!r} as "
            f"{type(answer.probabilities).__name__}, not a mapping of option to probability"
        )


def validate_reply(reply: JudgeReply, decision: Decision, judge: str | None = None) -> None:
    """Check a reply to ``decision``; JudgeError naming ``judge`` (its name) when invalid."""
    who = _who(judge)
    if isinstance(reply.calls, bool) or not isinstance(reply.calls, int) or reply.calls < 0:
        raise JudgeError(f"{who} reported {reply.calls!r} requests, not a count")
    notes = reply.review_notes
    if not isinstance(notes, tuple | list) or not all(isinstance(n, str) for n in notes):
        raise JudgeError(f"{who} gave review notes that are not a sequence of strings")
    for question_id, question in decision.questions.items():
        answer = reply.answers.get(question_id)
        if answer is None:
            raise JudgeError(f"{who} gave no answer to {question_id!r}")
        validate_answer(question_id, answer, question, judge)


def _who(judge: str | None) -> str:
    return f"judge {judge!r}" if judge is not None else "judge"
