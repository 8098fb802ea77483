"""Run 5a's grounding floor and the paper-level macro-F1 the studies share
(training/grounding.py)."""

from __future__ import annotations

import numpy as np
from training.calibration_data import CON, IE, NA, SUP, Paper
from training.grounding import apply_floor, macro

from claimaudit.judges.local import aggregate as agg

MAX_SUP = agg.FEATURE_NAMES.index("max_sup")
MAX_CON = agg.FEATURE_NAMES.index("max_con")


def test_a_relation_no_window_carries_goes_to_insufficient_evidence() -> None:
    relation = np.array([[0.6, 0.1, 0.0, 0.3], [0.6, 0.1, 0.0, 0.3]])
    x = np.zeros((2, len(agg.FEATURE_NAMES)))
    x[0, MAX_SUP], x[1, MAX_SUP] = 0.1, 0.5  # only the first paper's best window is weak
    x[:, MAX_CON] = 0.5
    out = apply_floor(relation, x, min_sup=0.3, min_con=0.3)
    assert np.allclose(out[0], [0.0, 0.1, 0.0, 0.9])
    assert np.allclose(out[1], relation[1])
    assert np.allclose(relation[0], [0.6, 0.1, 0.0, 0.3])  # the input is not changed


def _paper(label: int, real: bool = True) -> Paper:
    return Paper("scifact", "1", "claim", ("s",), label, frozenset(), real)


def test_macro_reads_real_papers_in_three_classes() -> None:
    papers = [_paper(SUP), _paper(CON), _paper(IE), _paper(NA, real=False)]
    one_hot = np.eye(4)
    # not_addressed and insufficient_evidence are one class; the synthetic paper is not read.
    right = one_hot[[0, 1, 2, 0]]
    assert macro(papers, right) == 1.0
    wrong_synthetic_only = one_hot[[0, 1, 3, 1]]
    assert macro(papers, wrong_synthetic_only) == 1.0
    assert macro(papers, one_hot[[0, 0, 3, 0]]) < 1.0
