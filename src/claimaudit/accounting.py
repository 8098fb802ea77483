"""What a run cost: pairs checked, not_checked records and backend requests per backend.

Each record carries its own ``calls`` (backend name -> requests); this sums them for the summary
line ``claimaudit batch`` (and ``check``'s table output) prints on stderr.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from claimaudit.records import NotCheckedRecord, Record


@dataclass
class RunSummary:
    pairs: int = 0
    not_checked: int = 0
    calls: Counter[str] = field(default_factory=Counter)

    def add(self, record: Record) -> None:
        self.pairs += 1
        if isinstance(record, NotCheckedRecord):
            self.not_checked += 1
        self.calls.update(record.calls)

    @classmethod
    def of(cls, records: Iterable[Record]) -> RunSummary:
        summary = cls()
        for record in records:
            summary.add(record)
        return summary

    def line(self) -> str:
        """One line, e.g. ``3 pairs checked, 1 not_checked; backend calls: openai 4, valyu 2``."""
        pairs = f"{self.pairs} pair{'' if self.pairs == 1 else 's'} checked"
        calls = ", ".join(f"{name} {count}" for name, count in sorted(self.calls.items()))
        return f"{pairs}, {self.not_checked} not_checked; backend calls: {calls or 'none'}"
