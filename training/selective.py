"""Selective prediction: when may a ``supports`` go without review?

A record is cleared (``needsReview: false``) when the judge says ``supports`` with relation and
evidence confidence at or above the threshold, names an evidence passage, and its consistency
checks raised no note (``ReviewPolicy`` in ``claimaudit.checker.policy``). The threshold is fitted
here on out-of-fold validation answers: the lowest one from which cleared verdicts are right at
least ``target`` of the time, at that threshold and every higher one (so a lucky dip does not set
it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SUP = 0
_GRID = [round(0.01 * i, 2) for i in range(101)]
_MIN_CLEARED = 10  # precision over fewer cleared answers than this is not evidence


@dataclass(frozen=True)
class Judged:
    gold: int  # 0 supports, 1 contradicts, 2 not addressed, 3 insufficient evidence
    verdict: int
    confidence: float
    evidence_confidence: float
    evidence: int | None
    evidence_hit: bool
    notes: tuple[str, ...]


def cleared(j: Judged, threshold: float) -> bool:
    return (
        j.verdict == SUP
        and j.confidence >= threshold
        and j.evidence_confidence >= threshold
        and j.evidence is not None
        and not j.notes
    )


def stats(judged: Sequence[Judged], threshold: float) -> dict[str, float | None]:
    """Figures of the ``supports`` cleared at ``threshold``; precision is None (no figure)
    when nothing is cleared: no answer is no evidence of right answers."""
    chosen = [j for j in judged if cleared(j, threshold)]
    right = sum(j.gold == SUP for j in chosen)
    supports = sum(j.gold == SUP for j in judged)
    return {
        "threshold": threshold,
        "cleared": len(chosen),
        "precision": round(right / len(chosen), 4) if chosen else None,
        "coverage_of_true_supports": round(right / supports, 4) if supports else 0.0,
        "share_cleared": round(len(chosen) / len(judged), 4) if judged else 0.0,
    }


def choose_threshold(
    judged: Sequence[Judged], target: float, fixed: float | None = None
) -> tuple[float, dict[str, float | None]]:
    """(threshold, its figures): ``fixed`` when given (to measure a held-out set)."""
    if fixed is not None:
        return fixed, stats(judged, fixed)
    counts = [_right_of_cleared(judged, t) for t in _GRID]
    # Compared unrounded: a precision of 0.94996 is short of a 0.95 target.
    ok = [n < _MIN_CLEARED or right >= target * n for right, n in counts]
    for i, t in enumerate(_GRID):
        if all(ok[i:]) and counts[i][1] >= _MIN_CLEARED:
            return t, stats(judged, t)
    return 1.0, stats(judged, 1.0)


def _right_of_cleared(judged: Sequence[Judged], threshold: float) -> tuple[int, int]:
    """(right, cleared) at ``threshold``."""
    chosen = [j for j in judged if cleared(j, threshold)]
    return sum(j.gold == SUP for j in chosen), len(chosen)


def risk_coverage(judged: Sequence[Judged]) -> list[dict[str, float | None]]:
    """Precision and coverage of cleared ``supports`` along the threshold, for the model card."""
    return [stats(judged, t) for t in _GRID[::5]]
