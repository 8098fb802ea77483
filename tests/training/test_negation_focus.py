"""Run 28's study (training/negation_focus.py): both negation checks, counted by gold label, and
the aggregator column each one fills."""

from __future__ import annotations

import numpy as np
from training.calibration_data import CON, NA, SUP, Paper
from training.negation_focus import COLUMN, firing, focus_check, replaced, window_check

from claimaudit.judges.local import aggregate as agg

WINDOW = "Drug X reduced events. Patients did not report side effects."


def _paper(claim: str, label: int, real: bool = True) -> Paper:
    return Paper("scifact", claim, claim, (), label, frozenset(), real)


def test_the_window_check_fires_on_any_negation_the_focus_check_on_the_matching_sentence() -> None:
    claim = "Drug X reduced events."
    assert window_check(claim, WINDOW)
    assert not focus_check(claim, WINDOW)
    assert focus_check("Drug X did not reduce events.", WINDOW)


def test_firing_counts_real_supports_and_contradictions_with_evidence_only() -> None:
    papers = [
        _paper("Drug X reduced events.", SUP),
        _paper("Drug X never reduced events.", CON),
        _paper("Drug X reduced events.", SUP, real=False),  # a synthetic edit
        _paper("Drug X reduced events.", NA),
        _paper("Drug X reduced events.", SUP),
    ]
    counts = firing(papers, [WINDOW, WINDOW, WINDOW, WINDOW, None])
    assert counts["window"] == (1, 1, 0, 1)
    assert counts["focus"] == (0, 1, 1, 1)


def test_replaced_fills_only_the_negation_column_of_rows_with_evidence() -> None:
    negated = "Patients did not report side effects."
    papers = [_paper("Drug X reduced events.", SUP), _paper("x", SUP), _paper(negated, SUP)]
    x = np.zeros((2, len(agg.FEATURE_NAMES)))
    out = replaced(x, papers, [WINDOW, None, WINDOW], window_check)
    assert agg.FEATURE_NAMES[COLUMN] == "negation_mismatch"
    np.testing.assert_array_equal(out[:, COLUMN], [1.0, 0.0])
    assert out.sum() == 1.0 and x.sum() == 0.0
