"""Ids given to more than one input line, gathered while the input is read, for a warning.

Records carry their line's ``id`` so that input and output join on it (pandas, jq); two lines
with one id make that join pair each line with the other's records too, silently. Such lines
are still separate pairs (``inputKey`` tells them apart), so the run goes on: the warning says
which ids repeat and what to join on instead.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

# Ids named in the warning (a long input may repeat thousands); the count says the rest.
_SHOWN_IDS = 3


@dataclass
class RepeatedIds:
    # Each id's JSON form (7 and "7" join apart, so they are two ids here) and its first line.
    _counts: Counter[str] = field(default_factory=Counter)
    _first: dict[str, int] = field(default_factory=dict)
    # The first ids seen repeated, with their first two lines.
    _shown: list[tuple[str, int, int]] = field(default_factory=list)
    _repeated: int = 0

    def add(self, line_number: int, item_id: str | int) -> None:
        shown = json.dumps(item_id, ensure_ascii=False)
        self._counts[shown] += 1
        count = self._counts[shown]
        if count == 1:
            self._first[shown] = line_number
        elif count == 2:
            self._repeated += 1
            if len(self._shown) < _SHOWN_IDS:
                self._shown.append((shown, self._first[shown], line_number))

    def warning(self) -> str | None:
        """One line naming the first ids given to more than one line, or None."""
        if not self._repeated:
            return None
        named = "; ".join(
            f"{ident} (lines {a}, {b}{', ...' if self._counts[ident] > 2 else ''})"
            for ident, a, b in self._shown
        )
        left = self._repeated - len(self._shown)
        more = f" and {left:,} more" if left else ""
        return (
            f"ids given to more than one input line: {named}{more}; their records are told "
            "apart by inputLine and inputKey, so join the input and the records on those, not "
            "on id alone"
        )
