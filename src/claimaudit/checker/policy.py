"""The review policy: when a human must read the evidence before citing a paper for a claim.

Applied when a record is made and again each time a judgement is read back from the results
cache, so a new threshold needs no new judgements.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claimaudit.checker.args import backend_attribute
from claimaudit.errors import PluginError, UsageError
from claimaudit.judges.protocol import Judge
from claimaudit.records import CheckedRecord

DEFAULT_THRESHOLD = 0.8


@dataclass(frozen=True)
class ReviewPolicy:
    """When a human must look: anything but a confident, evidenced, note-free ``supports``.

    ``threshold`` None means: the threshold the judge's own validation fitted (its
    ``review_threshold``; the embedded verifier ships one), else ``DEFAULT_THRESHOLD``. A checker
    resolves it once for its judge (``for_judge``).
    """

    threshold: float | None = None

    def __post_init__(self) -> None:
        threshold = self.threshold
        if threshold is None:
            return
        if isinstance(threshold, bool) or not isinstance(threshold, int | float):
            # From Python a string ("0.5") would fail later in a comparison, with a TypeError.
            raise UsageError(
                f"the review threshold must be a number in [0, 1], not {type(threshold).__name__}"
            )
        if not 0.0 <= threshold <= 1.0:
            raise UsageError("the review threshold must lie in [0, 1]")

    def for_judge(self, judge: Judge) -> ReviewPolicy:
        """This policy with its threshold fixed for ``judge``."""
        if self.threshold is not None:
            return self
        fitted = backend_attribute(judge, "review_threshold", "judge")
        if fitted is None:
            return ReviewPolicy(DEFAULT_THRESHOLD)
        if isinstance(fitted, bool) or not isinstance(fitted, int | float) or not 0 <= fitted <= 1:
            # The judge's own figure, not the user's: say whose it is.
            raise PluginError(
                f"judge {judge.name!r} gives a review threshold of {fitted!r}, not one in [0, 1]"
            )
        return ReviewPolicy(float(fitted))

    @property
    def effective_threshold(self) -> float:
        return DEFAULT_THRESHOLD if self.threshold is None else self.threshold

    def needs_review(
        self,
        verdict: str,
        confidence: float | None,
        evidence_confidence: float | None,
        evidence_id: str | None,
        notes: Sequence[str] = (),
    ) -> bool:
        threshold = self.effective_threshold
        # A confidence of None means the judge gave no probabilities: nothing can clear that.
        # A review note (a consistency problem the judge saw) never lets a record be cleared.
        return (
            verdict != "supports"
            or confidence is None
            or evidence_confidence is None
            or confidence < threshold
            or evidence_confidence < threshold
            or evidence_id is None
            or bool(notes)
        )

    def reviewed(self, record: CheckedRecord) -> CheckedRecord:
        """``record`` with ``needsReview`` decided by this policy."""
        # A record read back (the cache, a resumed batch) may carry a blank quote: it quotes
        # nothing, so it is decided as a record without evidence, as records.CheckedRecord
        # requires.
        quoted = record.evidence is not None and record.evidence.strip() != ""
        needs = self.needs_review(
            record.verdict,
            record.confidence,
            record.evidence_confidence,
            record.evidence_passage_id if quoted else None,
            record.review_notes,
        )
        return record.model_copy(update={"needs_review": needs})
