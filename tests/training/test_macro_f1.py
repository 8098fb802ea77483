"""Three-class F1 as the notebook's figures use it (training/macro_f1.py)."""

from __future__ import annotations

import numpy as np
from training.macro_f1 import COLLAPSE, f1_scores


def test_f1_per_class_matches_a_hand_count() -> None:
    gold = np.array([0, 0, 0, 1, 1, 2, 2, 2])
    pred = np.array([0, 0, 1, 1, 2, 2, 2, 0])
    # supports: tp 2, fp 1, fn 1 -> 4/6; contradicts: tp 1, fp 1, fn 1 -> 2/4;
    # not established: tp 2, fp 1, fn 1 -> 4/6.
    assert np.allclose(f1_scores(gold, pred, 3), [4 / 6, 2 / 4, 4 / 6])


def test_a_class_never_predicted_nor_present_scores_zero_not_nan() -> None:
    assert f1_scores(np.array([0, 0]), np.array([0, 0]), 3) == [1.0, 0.0, 0.0]


def test_both_not_established_relations_collapse_into_one_class() -> None:
    relations = np.array([0, 1, 2, 3])  # supports, contradicts, not_addressed, insufficient
    assert COLLAPSE[relations].tolist() == [0, 1, 2, 2]
