"""A judge that hands every part of the contract to another: the base of wrappers that change
one thing (the name a record gives, a cluster slot held while deciding) and nothing else."""

from __future__ import annotations

from collections.abc import Sequence

from claimaudit.judges.protocol import Case, Decision, Judge, JudgeReply
from claimaudit.passage import Passage


class DelegatingJudge(Judge):
    """``inner``'s decisions, cache identity, concurrency, threshold, evidence fitting and
    closing, under ``name``."""

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

    def take_side_calls(self) -> int:
        # Optional, beyond the contract (see ``_decision.side_calls``): the inner judge's.
        take = getattr(self.inner, "take_side_calls", None)
        return take() if callable(take) else 0
