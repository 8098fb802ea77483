"""What a review returns: per cited sentence, one record per paper, plus the uncited sentences."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from claimaudit.accounting import RunSummary
from claimaudit.bibfile import UnreadEntry
from claimaudit.records import VERDICTS, Record, record_to_dict
from claimaudit.refcheck.models import ReferenceCheck
from claimaudit.review.claims import Claim
from claimaudit.review.latex.claims import LatexClaims
from claimaudit.review.references import status_counts
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
    reference: ReferenceCheck | None = None  # with --verify-refs: is the cited work real?
    # What the bibliography entry leaves to the reader: it names two works' identifiers.
    bibliography_note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        sentence = {**self.sentence.position(), "text": self.sentence.text}
        checked = (
            {}
            if self.reference is None
            else {
                "referenceStatus": self.reference.status.value,
                "reference": self.reference.to_dict(),
            }
        )
        noted = (
            {} if self.bibliography_note is None else {"bibliographyNote": self.bibliography_note}
        )
        return {
            "sentence": sentence,
            "citations": list(self.citations),
            **record_to_dict(self.record),
            **noted,
            **checked,
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
    cost: RunSummary  # backend calls, judge tokens and seconds, summed over the records
    references: dict[str, int] | None = None  # references by status, with --verify-refs

    @classmethod
    def of(
        cls,
        claims: tuple[ClaimReview, ...],
        uncited: int,
        references: Sequence[ReferenceCheck] | None = None,
    ) -> ReviewSummary:
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
            cost=RunSummary.of(records),
            references=None if references is None else status_counts(references),
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
            "calls": dict(sorted(self.cost.calls.items())),
            **self.cost.cost_dict(),
            **({} if self.references is None else {"referenceStatuses": dict(self.references)}),
        }


@dataclass(frozen=True)
class ReviewResult:
    """A reviewed report. ``annotated_markdown`` is a Markdown report with a footnote per
    claim (empty for a LaTeX draft: see ``annotate_latex``); ``latex`` holds a LaTeX draft's
    files and paragraphs; ``references`` every cited reference's check, with --verify-refs;
    ``unread`` the bibliography's blocks that could not be read as entries; ``warnings`` what
    the reader may have lost (a LaTeX macro it does not know wrapping a citation, references
    listed that no citation it reads names), said on every surface: on stderr by the command
    line, in the JSON of each."""

    text: str
    claims: tuple[ClaimReview, ...]
    uncited: tuple[Sentence, ...]
    summary: ReviewSummary
    annotated_markdown: str
    references: tuple[ReferenceCheck, ...] | None = None
    latex: LatexClaims | None = None
    unread: tuple[UnreadEntry, ...] = ()  # bibliography blocks that could not be read
    # A Markdown draft's warnings (a LaTeX draft's are its ``latex.warnings``): references
    # listed that no citation names (``none_cited``).
    notices: tuple[str, ...] = ()

    @property
    def records(self) -> list[ReviewedRecord]:
        return [record for claim in self.claims for record in claim.records]

    @property
    def warnings(self) -> tuple[str, ...]:
        return self.notices if self.latex is None else (*self.latex.warnings, *self.notices)

    @property
    def format(self) -> str:
        return "markdown" if self.latex is None else "latex"

    def to_dict(self) -> dict[str, Any]:
        checked = (
            {}
            if self.references is None
            else {"references": [r.to_dict() for r in self.references]}
        )
        return {
            "summary": self.summary.to_dict(),
            "records": [record.to_dict() for record in self.records],
            "uncited": [{**s.position(), "text": s.text} for s in self.uncited],
            **checked,
            **({"unreadEntries": [u.to_dict() for u in self.unread]} if self.unread else {}),
            **({"warnings": list(self.warnings)} if self.warnings else {}),
        }
