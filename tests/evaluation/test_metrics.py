from __future__ import annotations

import pytest

from claimaudit.evaluation.metrics import (
    Outcome,
    class_probabilities,
    expected_calibration_error,
    score,
)


def test_perfect_predictions() -> None:
    outcomes = [
        Outcome("supports", "supports", 1.0, True),
        Outcome("contradicts", "contradicts", 1.0, False),
        Outcome("not_established", "not_established", 1.0, None),
    ]
    metrics = score(outcomes)
    assert metrics.macro_f1 == 1.0 and metrics.accuracy == 1.0
    assert metrics.evidence_hit_rate == 0.5 and metrics.evidence_pairs == 2
    assert metrics.ece == 0.0


def test_macro_f1_and_confusion_by_hand() -> None:
    outcomes = [
        Outcome("supports", "supports", 0.9, True),
        Outcome("supports", "not_established", 0.6, None),
        Outcome("contradicts", "supports", 0.7, None),
        Outcome("not_established", "not_established", 0.8, None),
    ]
    metrics = score(outcomes)
    assert metrics.confusion["supports"] == {"supports": 1, "contradicts": 0, "not_established": 1}
    s = metrics.per_class["supports"]
    assert s.precision == 0.5 and s.recall == 0.5 and s.f1 == 0.5
    assert metrics.per_class["contradicts"].f1 == 0.0
    ne = metrics.per_class["not_established"]
    assert ne.precision == 0.5 and ne.recall == 1.0 and ne.f1 == pytest.approx(2 / 3)
    assert metrics.macro_f1 == pytest.approx((0.5 + 0.0 + 2 / 3) / 3)


def test_ece_measures_overconfidence() -> None:
    # Always 0.9 sure, right half the time: ECE is 0.4.
    outcomes = [
        Outcome("supports", "supports", 0.9, None),
        Outcome("supports", "contradicts", 0.9, None),
    ]
    assert expected_calibration_error(outcomes) == pytest.approx(0.4)


def test_class_probabilities_merge_not_established() -> None:
    merged = class_probabilities(
        {"supports": 0.1, "contradicts": 0.2, "not_addressed": 0.3, "insufficient_evidence": 0.4}
    )
    assert merged == pytest.approx({"supports": 0.1, "contradicts": 0.2, "not_established": 0.7})


def test_pairs_without_probabilities_are_left_out_of_calibration() -> None:
    # A judge that gave bare choices (no logprobs): its pairs count for F1, not for ECE.
    bare = [
        Outcome("supports", "supports", None, True),
        Outcome("supports", "contradicts", None, None),
    ]
    assert score(bare).ece is None
    assert score(bare).accuracy == 0.5
    mixed = [*bare, Outcome("supports", "supports", 0.9, None)]
    assert score(mixed).ece == pytest.approx(0.1)
