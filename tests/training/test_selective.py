"""The threshold that decides which ``supports`` go without review (training/selective.py)."""

from __future__ import annotations

from training.selective import Judged, choose_threshold, cleared, risk_coverage, stats

SUP, CON = 0, 1


def _judged(gold: int, confidence: float, *, evidence: int | None = 0, notes: tuple[str, ...] = ()):
    return Judged(gold, SUP, confidence, confidence, evidence, True, notes)


def test_cleared_needs_supports_evidence_confidence_and_no_notes() -> None:
    assert cleared(_judged(SUP, 0.9), 0.8)
    assert not cleared(_judged(SUP, 0.7), 0.8)
    assert not cleared(_judged(SUP, 0.9, evidence=None), 0.8)
    assert not cleared(_judged(SUP, 0.9, notes=("year 2005 not in the evidence",)), 0.8)
    contradicts = Judged(CON, CON, 0.99, 0.99, 0, True, ())
    assert not cleared(contradicts, 0.5)


def test_threshold_is_the_lowest_from_which_every_higher_one_is_precise() -> None:
    # Wrong answers sit at 0.60-0.69, right ones at 0.70-0.99: at 99% the threshold is 0.70.
    judged = [_judged(CON, round(0.60 + i / 100, 2)) for i in range(10)]
    judged += [_judged(SUP, round(0.70 + i / 100, 2)) for i in range(30)]
    threshold, figures = choose_threshold(judged, target=0.99)
    assert threshold == 0.70
    assert figures["precision"] == 1.0
    assert figures["coverage_of_true_supports"] == 1.0


def test_a_lucky_dip_does_not_set_the_threshold() -> None:
    # Precise at 0.50, but a cluster of errors at 0.90 makes 0.90 imprecise: only above it clears.
    judged = [_judged(SUP, 0.50 + i / 100) for i in range(40)]
    judged += [_judged(CON, 0.905) for _ in range(6)]
    judged += [_judged(SUP, 0.95) for _ in range(12)]
    threshold, figures = choose_threshold(judged, target=0.95)
    assert threshold > 0.90
    assert figures["precision"] >= 0.95


def test_no_precise_threshold_clears_nothing() -> None:
    judged = [_judged(SUP if i % 2 else CON, 0.5 + i / 100) for i in range(40)]
    threshold, figures = choose_threshold(judged, target=0.95)
    assert threshold == 1.0
    assert figures["cleared"] <= 10


def test_fixed_threshold_measures_a_held_out_set() -> None:
    judged = [_judged(SUP, 0.9), _judged(CON, 0.9), _judged(SUP, 0.5)]
    threshold, figures = choose_threshold(judged, target=0.95, fixed=0.8)
    assert threshold == 0.8
    assert figures == stats(judged, 0.8)
    assert figures["cleared"] == 2 and figures["precision"] == 0.5
    assert figures["coverage_of_true_supports"] == 0.5


def test_risk_coverage_is_monotone_in_coverage() -> None:
    judged = [_judged(SUP, i / 50) for i in range(50)]
    curve = risk_coverage(judged)
    coverages = [point["coverage_of_true_supports"] for point in curve]
    assert coverages == sorted(coverages, reverse=True)
    assert curve[0]["threshold"] == 0.0 and curve[-1]["threshold"] == 1.0


def test_nothing_cleared_has_no_precision_not_a_perfect_one() -> None:
    # 1.0 over no cleared answer read, in the model card, as "0 cleared, 1.000 right".
    assert stats([], 0.5)["precision"] is None
    assert stats([_judged(SUP, 0.4)], 0.5)["precision"] is None


def test_a_precision_just_short_of_the_target_is_short() -> None:
    # 19,999 right of 20,000 is 0.99995, short of a 0.99996 target; rounded to four places
    # (1.0) before the comparison, it met it.
    judged = [_judged(SUP, 0.9) for _ in range(19_999)] + [_judged(CON, 0.9)]
    threshold, _ = choose_threshold(judged, target=0.99996)
    assert threshold == 1.0
