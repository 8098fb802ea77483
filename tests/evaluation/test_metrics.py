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


def test_a_class_neither_gold_nor_predicted_is_not_scored() -> None:
    # A perfect run on a supports-only subset: contradicts and not_established have no pair.
    metrics = score([Outcome("supports", "supports", 0.9, True)] * 3)
    assert metrics.macro_f1 == 1.0
    for absent in ("contradicts", "not_established"):
        s = metrics.per_class[absent]
        assert (s.precision, s.recall, s.f1, s.support) == (None, None, None, 0)


def test_a_class_predicted_but_never_gold_scores_zero() -> None:
    metrics = score(
        [Outcome("supports", "supports", 0.9, True), Outcome("supports", "contradicts", 0.6, None)]
    )
    contradicts = metrics.per_class["contradicts"]
    assert (contradicts.precision, contradicts.recall, contradicts.f1) == (0.0, 0.0, 0.0)
    assert metrics.per_class["not_established"].f1 is None
    assert metrics.macro_f1 == pytest.approx((2 / 3 + 0.0) / 2)


_PAIRS = [
    ("supports", "supports"),
    ("supports", "contradicts"),
    ("contradicts", "contradicts"),
    ("not_established", "supports"),
    ("not_established", "not_established"),
    ("contradicts", "not_established"),
]


@pytest.mark.parametrize(
    "chosen",
    [range(6), [0], [0, 1], [0, 3], [1, 2], [2, 5], [4], [0, 2, 4], [1, 3, 5]],
)
def test_macro_f1_is_scikit_learns(chosen: list[int]) -> None:
    # scikit-learn's default: the mean over the classes in gold or predictions (on a full
    # validation set, all three: the figures there are as before).
    f1_score = pytest.importorskip("sklearn.metrics").f1_score
    gold, predicted = zip(*(_PAIRS[i] for i in chosen), strict=True)
    outcomes = [Outcome(g, p, None, None) for g, p in zip(gold, predicted, strict=True)]
    expected = f1_score(gold, predicted, average="macro", zero_division=0)
    assert score(outcomes).macro_f1 == pytest.approx(expected)


def test_class_probabilities_sum_to_one_when_the_judges_do_not_quite() -> None:
    # A judge's answer may sum to 1 within 0.02: its merged confidence stays a probability.
    merged = class_probabilities(
        {"supports": 0.0, "contradicts": 0.0, "not_addressed": 0.6, "insufficient_evidence": 0.41}
    )
    assert merged == pytest.approx({"supports": 0.0, "contradicts": 0.0, "not_established": 1.0})
    assert merged["not_established"] <= 1.0


def test_a_confidence_past_one_is_calibrated_not_dropped() -> None:
    # Sure and wrong: ECE 1. Such a pair fell in no bin, and the figure came out 0.
    wrong = [Outcome("supports", "contradicts", 1.0 + 1e-12, None)]
    assert expected_calibration_error(wrong) == pytest.approx(1.0)
    half = [*wrong, Outcome("supports", "supports", 1.0, None)]
    assert expected_calibration_error(half) == pytest.approx(0.5)
