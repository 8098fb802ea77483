"""How much judging one review may ask for. A server reviews drafts from anyone, and a 1 MiB
draft can cite thousands of (sentence, paper) pairs; the command line sets no limit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claimaudit.errors import ReviewTooLargeError, UsageError
from claimaudit.review.claims import Claim


@dataclass(frozen=True)
class ReviewLimits:
    """The most papers one cited sentence may cite and the most distinct (sentence, paper)
    pairs one review may ask for (``review_report(limits=...)``); past either, the review is
    refused before anything is judged. Each a whole number (UsageError otherwise)."""

    papers_per_sentence: int  # as many as one check takes
    pairs: int  # distinct (sentence, paper) pairs to judge in one review

    def __post_init__(self) -> None:
        # "50" from a setting read as text failed at the first comparison, mid-review.
        for name in ("papers_per_sentence", "pairs"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise UsageError(f"{name} must be a whole number from 0, not {value!r:.40}")

    def check(self, claims: Sequence[Claim], pairs: int) -> None:
        """ReviewTooLargeError, before anything is judged, for a draft over a limit."""
        for claim in claims:
            papers = sum(1 for target in claim.targets if target.paper is not None)
            if papers > self.papers_per_sentence:
                raise ReviewTooLargeError(
                    f"the sentence at line {claim.sentence.line} cites {papers} papers; "
                    f"the limit is {self.papers_per_sentence} per sentence"
                )
        if pairs > self.pairs:
            raise ReviewTooLargeError(
                f"the draft asks for {pairs} (sentence, paper) checks; the limit is "
                f"{self.pairs} per review: send it in parts"
            )
