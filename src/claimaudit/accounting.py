"""What a run gave and cost: records per verdict, how many need review or could not be checked,
and backend requests per backend.

Each record carries its own ``calls`` (backend name -> requests); this sums them for the summary
``check`` and ``batch`` print (a line on stderr, or the ``summary`` of ``check``'s JSON and of
the API's and MCP's check answers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from claimaudit.records import VERDICTS, NotCheckedRecord, Record, record_to_dict


@dataclass
class RunSummary:
    pairs: int = 0
    not_checked: int = 0
    needs_review: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    calls: Counter[str] = field(default_factory=Counter)

    def add(self, record: Record) -> None:
        self.pairs += 1
        if isinstance(record, NotCheckedRecord):
            self.not_checked += 1
        self.needs_review += record.needs_review
        self.verdicts[record.verdict] += 1
        self.calls.update(record.calls)

    @classmethod
    def of(cls, records: Iterable[Record]) -> RunSummary:
        summary = cls()
        for record in records:
            summary.add(record)
        return summary

    def line(self, noun: str = "pair") -> str:
        """One line, each record counted once, e.g. ``3 pairs: 2 with a verdict, 1 not checked;
        3 need review; backend calls: openai 4, valyu 2`` (``noun``: what a record is about)."""
        total = f"{self.pairs} {noun}{'' if self.pairs == 1 else 's'}"
        judged = f"{self.pairs - self.not_checked} with a verdict"
        review = f"{self.needs_review} need{'s' if self.needs_review == 1 else ''} review"
        calls = ", ".join(f"{name} {count}" for name, count in sorted(self.calls.items()))
        return (
            f"{total}: {judged}, {self.not_checked} not checked; {review}; "
            f"backend calls: {calls or 'none'}"
        )

    def to_dict(self) -> dict[str, Any]:
        """As JSON: ``records``, ``verdicts`` (every verdict, counted), ``needsReview``,
        ``notChecked`` and ``calls`` per backend."""
        return {
            "records": self.pairs,
            "verdicts": {verdict: self.verdicts[verdict] for verdict in VERDICTS},
            "needsReview": self.needs_review,
            "notChecked": self.not_checked,
            "calls": dict(sorted(self.calls.items())),
        }


def check_answer(records: Iterable[Record]) -> dict[str, Any]:
    """A check's JSON answer, the same from ``check --format json``, the API and MCP:
    ``{"records": [...], "summary": {...}}``."""
    kept = list(records)
    return {
        "records": [record_to_dict(r) for r in kept],
        "summary": RunSummary.of(kept).to_dict(),
    }
