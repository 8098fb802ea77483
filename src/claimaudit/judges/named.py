"""A judge under the name it was registered by.

A record's ``judge`` says who judged: a plugin's judge object whose own ``name`` is another
backend's ("local"), blank, or no text at all must not be credited to what it claims. A judge
built by name answers to that name; everything else is its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimaudit.judges.protocol import Case, Decision, Judge, JudgeReply
from claimaudit.passage import Passage


class RegisteredJudge(Judge):
    """``inner``, named ``name`` (the name it was registered and asked for by)."""

    def __init__(self, inner: Judge, name: str) -> None:
        self.inner = inner
        self.name = name

    def decide(self, decision: Decision) -> JudgeReply:
        return self.inner.decide(decision)

    @property
    def cache_identity(self) -> str | None:
        return self.inner.cache_identity

    @property
    def concurrency(self) -> int:
        return self.inner.concurrency

    @property
    def review_threshold(self) -> float | None:
        return self.inner.review_threshold

    def fit_evidence(
        self, case: Case, ranked: Sequence[Passage], limit: int
    ) -> Sequence[Passage] | None:
        return self.inner.fit_evidence(case, ranked, limit)

    def close(self) -> None:
        self.inner.close()

    def __getattr__(self, attribute: str) -> object:
        # Anything beyond the contract (a judge's own settings, say) is the inner judge's.
        if attribute == "inner":  # not set yet (a copy being made): no endless lookup
            raise AttributeError(attribute)
        return getattr(self.inner, attribute)


def as_registered(judge: Judge, name: str) -> Judge:
    """``judge`` when its own name is ``name``, else ``judge`` under ``name``."""
    own = getattr(judge, "name", None)
    return judge if isinstance(own, str) and own == name else RegisteredJudge(judge, name)
