"""Scores for the evaluation harness: 3-class macro-F1, evidence hit rate and calibration."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from claimaudit.evaluation.datasets import CLASSES, CONTRADICTS, NOT_ESTABLISHED, SUPPORTS

VERDICT_CLASS = {
    "supports": SUPPORTS,
    "contradicts": CONTRADICTS,
    "not_addressed": NOT_ESTABLISHED,
    "insufficient_evidence": NOT_ESTABLISHED,
}


@dataclass(frozen=True)
class Outcome:
    """One judged pair: gold and predicted class, the predicted class's probability, evidence."""

    gold: str
    predicted: str
    probability: float | None  # None when the judge gave no probabilities
    evidence_hit: bool | None  # None when the pair does not count for evidence hit rate


def class_probabilities(probabilities: dict[str, float]) -> dict[str, float]:
    """Collapse the four verdict probabilities into the three evaluation classes, summing to 1.

    A judge's answer may sum to 1 within 0.02 (``PROBABILITY_SUM_TOLERANCE``): unnormalised,
    ``not_addressed`` 0.6 and ``insufficient_evidence`` 0.41 made a confidence of 1.01, past
    every calibration bin."""
    merged = dict.fromkeys(CLASSES, 0.0)
    for verdict, p in probabilities.items():
        merged[VERDICT_CLASS[verdict]] += p
    total = math.fsum(merged.values())
    return {c: p / total for c, p in merged.items()} if total > 0 else merged


@dataclass(frozen=True)
class ClassScore:
    """None for a class neither gold nor predicted: there is nothing to score it on."""

    precision: float | None
    recall: float | None
    f1: float | None
    support: int


@dataclass(frozen=True)
class Metrics:
    pairs: int
    macro_f1: float
    accuracy: float
    per_class: dict[str, ClassScore]
    confusion: dict[str, dict[str, int]]  # gold -> predicted -> count
    evidence_hit_rate: float | None
    evidence_pairs: int
    ece: float | None  # None when no judged pair came with probabilities
    # The judged pairs ECE is over: those that came with probabilities (a judge may give bare
    # choices for some), said beside the figure as the evidence hit rate's pairs are.
    ece_pairs: int = 0
    extra: dict[str, float] = field(default_factory=dict)


def _safe(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else 0.0


def expected_calibration_error(outcomes: Sequence[Outcome], bins: int = 10) -> float:
    """Weighted gap between confidence and accuracy over equal-width probability bins.

    Pairs judged without probabilities have no confidence to calibrate and are left out.
    """
    scored = [(o.probability, o.gold == o.predicted) for o in outcomes if o.probability is not None]
    if not scored:
        return 0.0
    total = 0.0
    for b in range(bins):
        low, high = b / bins, (b + 1) / bins
        # The last bin holds a confidence a rounding put past 1: in none, its pair weighed in
        # the total but its gap was never added, and the figure came out too low.
        members = [
            (p, right)
            for p, right in scored
            if low < p <= high or (b == 0 and p <= 0) or (b == bins - 1 and p > 1)
        ]
        if members:
            confidence = sum(p for p, _ in members) / len(members)
            accuracy = sum(right for _, right in members) / len(members)
            total += len(members) / len(scored) * abs(confidence - accuracy)
    return total


def _class_score(c: str, confusion: dict[str, dict[str, int]]) -> ClassScore:
    tp = confusion[c][c]
    predicted = sum(confusion[g][c] for g in CLASSES)
    actual = sum(confusion[c].values())
    if not predicted and not actual:
        return ClassScore(None, None, None, 0)
    precision, recall = _safe(tp, predicted), _safe(tp, actual)
    return ClassScore(precision, recall, _safe(2 * precision * recall, precision + recall), actual)


def score(outcomes: Sequence[Outcome]) -> Metrics:
    confusion = {g: dict.fromkeys(CLASSES, 0) for g in CLASSES}
    for o in outcomes:
        confusion[o.gold][o.predicted] += 1
    per_class = {c: _class_score(c, confusion) for c in CLASSES}
    # As scikit-learn's default: over the classes in gold or predictions. A class absent from
    # both (contradicts, on a supports-only subset) would count as an F1 of 0 for a perfect run.
    scored = [s.f1 for s in per_class.values() if s.f1 is not None]
    hits = [o.evidence_hit for o in outcomes if o.evidence_hit is not None]
    calibrated = sum(o.probability is not None for o in outcomes)
    return Metrics(
        pairs=len(outcomes),
        macro_f1=_safe(sum(scored), len(scored)),
        accuracy=_safe(sum(confusion[c][c] for c in CLASSES), len(outcomes)),
        per_class=per_class,
        confusion=confusion,
        evidence_hit_rate=_safe(sum(hits), len(hits)) if hits else None,
        evidence_pairs=len(hits),
        ece=expected_calibration_error(outcomes) if calibrated else None,
        ece_pairs=calibrated,
    )
