"""The review policy: when a human must read the evidence before citing a paper for a claim.

Applied when a record is made and again each time a judgement is read back from the results
cache, so a new threshold needs no new judgements.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimaudit.errors import UsageError
from claimaudit.records import CheckedRecord

DEFAULT_THRESHOLD = 0.8


@dataclass(frozen=True)
class ReviewPolicy:
    """When a human must look: anything but a confident, evidenced ``supports``."""

    threshold: float = DEFAULT_THRESHOLD

    def __post_init__(self) -> None:
        if not 0.0 <= self.threshold <= 1.0:
            raise UsageError("the review threshold must lie in [0, 1]")

    def needs_review(
        self,
        verdict: str,
        confidence: float | None,
        evidence_confidence: float | None,
        evidence_id: str | None,
    ) -> bool:
        # A confidence of None means the judge gave no probabilities: nothing can clear that.
        return (
            verdict != "supports"
            or confidence is None
            or evidence_confidence is None
            or confidence < self.threshold
            or evidence_confidence < self.threshold
            or evidence_id is None
        )

    def reviewed(self, record: CheckedRecord) -> CheckedRecord:
        """``record`` with ``needsReview`` decided by this policy."""
        needs = self.needs_review(
            record.verdict,
            record.confidence,
            record.evidence_confidence,
            record.evidence_passage_id,
        )
        return record.model_copy(update={"needs_review": needs})
