"""What a review returns: per cited sentence, one record per paper, plus the uncited sentences."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from claimaudit.records import VERDICTS, Record, record_to_dict
from claimaudit.review.claims import Claim
from claimaudit.review.sentences import Sentence

# Worst first: how a sentence with several papers is coloured. An unchecked paper ranks below
# every verdict against the claim (it is no evidence either way) but above support.
SEVERITY: tuple[str, ...] = (
    "contradicts",
    "not_addressed",
    "insufficient_evidence",
    "not_checked",
    "supports",
)


@dataclass(frozen=True)
class ReviewedRecord:
    """A review record (as ``check`` gives) with the sentence it is about and its citations."""

    sentence: Sentence
    citations: tuple[str, ...]
    record: Record

    def to_dict(self) -> dict[str, Any]:
        sentence = {**self.sentence.position(), "text": self.sentence.text}
        return {
            "sentence": sentence,
            "citations": list(self.citations),
            **record_to_dict(self.record),
        }


@dataclass(frozen=True)
class ClaimReview:
    claim: Claim
    records: tuple[ReviewedRecord, ...]

    @property
    def worst(self) -> str:
        verdicts = {r.record.verdict for r in self.records}
        return next(v for v in SEVERITY if v in verdicts)

    @property
    def needs_review(self) -> bool:
        return any(r.record.needs_review for r in self.records)


@dataclass(frozen=True)
class ReviewSummary:
    sentences: int
    claims: int
    uncited: int
    records: int
    verdicts: dict[str, int]
    needs_review: int
    not_checked: int

    @classmethod
    def of(cls, claims: tuple[ClaimReview, ...], uncited: int) -> ReviewSummary:
        records = [r.record for c in claims for r in c.records]
        verdicts = dict.fromkeys(VERDICTS, 0)
        for record in records:
            verdicts[record.verdict] += 1
        return cls(
            sentences=len(claims) + uncited,
            claims=len(claims),
            uncited=uncited,
            records=len(records),
            verdicts=verdicts,
            needs_review=sum(r.needs_review for r in records),
            not_checked=verdicts["not_checked"],
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "sentences": self.sentences,
            "citedSentences": self.claims,
            "uncitedSentences": self.uncited,
            "records": self.records,
            "verdicts": dict(self.verdicts),
            "needsReview": self.needs_review,
            "notChecked": self.not_checked,
        }


@dataclass(frozen=True)
class ReviewResult:
    """A reviewed report. ``annotated_markdown`` is the report with a footnote per claim."""

    text: str
    claims: tuple[ClaimReview, ...]
    uncited: tuple[Sentence, ...]
    summary: ReviewSummary
    annotated_markdown: str

    @property
    def records(self) -> list[ReviewedRecord]:
        return [record for claim in self.claims for record in claim.records]

    def to_dict(self) -> dict[str, Any]:
        return {
            "summary": self.summary.to_dict(),
            "records": [record.to_dict() for record in self.records],
            "uncited": [{**s.position(), "text": s.text} for s in self.uncited],
        }
