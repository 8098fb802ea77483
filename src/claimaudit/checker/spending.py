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

    def add(self, calls: object, usage: object) -> None:
        if is_count(calls):
            self.calls += calls
        if not isinstance(usage, Mapping):
            self.usage_unusable = self.usage_unusable or usage is not None
            return
        figures = {k: v for k, v in usage.items() if k in _TOKEN_KEYS}
        if not all(is_count(v) for v in figures.values()):
            _log.warning("the judge reported token counts that are not counts: %r", figures)
            self.usage_unusable = True
            return
        self.usage.update(figures)

    def tokens(self) -> JudgeTokens | None:
        if self.usage_unusable or not self.usage:
            return None
        return JudgeTokens(prompt=self.usage[INPUT_TOKENS], completion=self.usage[OUTPUT_TOKENS])
