"""What judging one record cost: the judge's requests, the tokens its server reported, and the
seconds spent waiting on it, added up over the decisions and failures of one check.

Counts come from judges (plugins among them) and from their servers: a figure that is not a
whole number of at least 0 is not a count, and the token total is then left out rather than
failing the check or summing into a wrong number.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeGuard

from claimaudit.judges.protocol import INPUT_TOKENS, OUTPUT_TOKENS
from claimaudit.records import JudgeTokens

_log = logging.getLogger(__name__)

_TOKEN_KEYS = frozenset({INPUT_TOKENS, OUTPUT_TOKENS})


def _described(value: object) -> str:
    """A figure that is no count, as a warning may show it: a whole number (a negative one)
    as it is, anything else by its type alone."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return type(value).__name__


def is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass
class Spent:
    """Requests, reported tokens and seconds waited for one record."""

    calls: int = 0
    usage: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    # Set once a reported token figure was not a count: no total is given after that.
    usage_unusable: bool = False

    def add(self, calls: object, usage: object, judge: str | None = None) -> None:
        """Add what one decision (or failure) cost; ``judge``: its name, for the warning."""
        if is_count(calls):
            self.calls += calls
        if not isinstance(usage, Mapping):
            self.usage_unusable = self.usage_unusable or usage is not None
            return
        figures = {k: v for k, v in usage.items() if k in _TOKEN_KEYS}
        bad = {k: v for k, v in figures.items() if not is_count(v)}
        if bad:
            # Named by key and type, never echoed: a plugin's value may be anything, a key
            # included, and the warning goes to stderr and logs as it is.
            shown = ", ".join(f"{k}: {_described(v)}" for k, v in sorted(bad.items()))
            who = f"judge {judge!r}" if judge is not None else "the judge"
            _log.warning(
                "%s reported token figures that are not counts (%s); the record gives no token "
                "total",
                who,
                shown,
            )
            self.usage_unusable = True
            return
        self.usage.update(figures)

    def tokens(self) -> JudgeTokens | None:
        if self.usage_unusable or not self.usage:
            return None
        return JudgeTokens(prompt=self.usage[INPUT_TOKENS], completion=self.usage[OUTPUT_TOKENS])
