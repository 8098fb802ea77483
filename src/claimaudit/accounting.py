"""What a run gave and cost: records per verdict, how many need review or could not be checked,
backend requests per backend, the judge's tokens and the time spent waiting on it.

Each record carries its own ``calls`` (backend name -> requests), ``judgeTokens`` (prompt and
completion tokens, as the judge's server reported them) and ``judgeSeconds``; this sums them for
the summary ``check``, ``batch`` and ``review`` print (a line on stderr, or the ``summary`` of
their JSON and of the API's and MCP's answers). Seconds add up over records: when a review
checks pairs concurrently, their sum exceeds the time the run took.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from claimaudit.records import VERDICTS, NotCheckedRecord, Record, record_to_dict


def noun_for(count: int, singular: str, plural: str | None = None) -> str:
    """``singular`` for a count of one, else ``plural`` (the singular with an "s" by default)."""
    return singular if count == 1 else (plural or f"{singular}s")


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``1 record``, ``2 records``: a count with its noun agreeing."""
    return f"{count} {noun_for(count, singular, plural)}"


@dataclass
class RunSummary:
    pairs: int = 0
    not_checked: int = 0
    needs_review: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    calls: Counter[str] = field(default_factory=Counter)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    # Whether any record's judge reported tokens: else the summary's judgeTokens is null, as
    # the records' are, not a count of zero nobody made.
    tokens_reported: bool = False
    judge_seconds: float = 0.0

    def add(self, record: Record) -> None:
        self.pairs += 1
        if isinstance(record, NotCheckedRecord):
            self.not_checked += 1
        self.needs_review += record.needs_review
        self.verdicts[record.verdict] += 1
        self.calls.update(record.calls)
        if record.judge_tokens is not None:
            self.tokens_reported = True
            self.prompt_tokens += record.judge_tokens.prompt
            self.completion_tokens += record.judge_tokens.completion
        self.judge_seconds += record.judge_seconds

    @classmethod
    def of(cls, records: Iterable[Record]) -> RunSummary:
        summary = cls()
        for record in records:
            summary.add(record)
        return summary

    def line(self, noun: str = "pair") -> str:
        """One line, each record counted once, e.g. ``3 pairs: 2 with a verdict, 1 not checked;
        3 need review; backend calls: openai 4, valyu 2; judge tokens: 2,310 prompt, 8
        completion; waiting on the judge: 3.1 s`` (``noun``: what a record is about; for the
        cost, see ``cost_line``)."""
        total = counted(self.pairs, noun)
        judged = f"{self.pairs - self.not_checked} with a verdict"
        review = counted(self.needs_review, "needs review", "need review")
        return f"{total}: {judged}, {self.not_checked} not checked; {review}; {self.cost_line()}"

    def cost_line(self) -> str:
        """``backend calls: openai 4; judge tokens: 2,310 prompt, 8 completion; waiting on the
        judge: 3.1 s``, the tokens only when the judge's server reported some, the time only
        when a judge was asked (cached results cost none)."""
        calls = ", ".join(f"{name} {count}" for name, count in sorted(self.calls.items()))
        parts = [f"backend calls: {calls or 'none'}"]
        if self.prompt_tokens or self.completion_tokens:
            parts.append(
                f"judge tokens: {self.prompt_tokens:,} prompt, "
                f"{self.completion_tokens:,} completion"
            )
        if self.judge_seconds:
            parts.append(f"waiting on the judge: {self.judge_seconds:.1f} s")
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """As JSON: ``records``, ``verdicts`` (every verdict, counted), ``needsReview``,
        ``notChecked``, ``calls`` per backend, ``judgeTokens`` (``prompt``, ``completion``;
        null when no record's judge reported any) and ``judgeSeconds``."""
        return {
            "records": self.pairs,
            "verdicts": {verdict: self.verdicts[verdict] for verdict in VERDICTS},
            "needsReview": self.needs_review,
            "notChecked": self.not_checked,
            "calls": dict(sorted(self.calls.items())),
            **self.cost_dict(),
        }

    def cost_dict(self) -> dict[str, Any]:
        """``judgeTokens`` (null when no record's judge reported tokens) and ``judgeSeconds``
        (rounded to milliseconds) as JSON."""
        tokens = {"prompt": self.prompt_tokens, "completion": self.completion_tokens}
        return {
            "judgeTokens": tokens if self.tokens_reported else None,
            "judgeSeconds": round(self.judge_seconds, 3),
        }


def check_answer(records: Iterable[Record], threshold: float) -> dict[str, Any]:
    """A check's JSON answer, the same from ``check --format json``, the API and MCP:
    ``{"records": [...], "summary": {...}, "threshold"}``, the review threshold the records'
    needsReview was decided by."""
    kept = list(records)
    return {
        "records": [record_to_dict(r) for r in kept],
        "summary": RunSummary.of(kept).to_dict(),
        "threshold": threshold,
    }
