"""Run 21's relation offsets (``training/relation_offsets.py``) on predictions made up so that
the right answer is known."""

from __future__ import annotations

import numpy as np
from training.relation_offsets import choose, mean_macro, nested, shifted


def _underconfident_in_contradicts(n: int = 600) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gold relations and probabilities that rank them right but price `contradicts` low: every
    contradicted pair has supports 0.45 against contradicts 0.40."""
    rng = np.random.default_rng(0)
    labels = rng.choice([0, 1, 2], size=n, p=[0.5, 0.25, 0.25])
    relation = np.full((n, 4), 0.05)
    relation[labels == 0] = [0.8, 0.1, 0.05, 0.05]
    relation[labels == 1] = [0.45, 0.40, 0.1, 0.05]
    relation[labels == 2] = [0.1, 0.05, 0.8, 0.05]
    groups = np.where(np.arange(n) % 2, "scifact", "check-covid")
    return relation, labels, groups


def test_no_offset_keeps_the_probabilities() -> None:
    relation, _, _ = _underconfident_in_contradicts(20)
    np.testing.assert_allclose(shifted(relation, (0.0, 0.0)), relation, atol=1e-9)


def test_an_underpriced_relation_gets_a_positive_offset_and_the_figure_rises() -> None:
    relation, labels, groups = _underconfident_in_contradicts()
    con, ne = choose(relation, labels, groups)
    # log(0.45 / 0.40) = 0.118: the smallest grid step past it turns those pairs, and nothing
    # else needs moving.
    assert con == 0.2 and ne == 0.0
    assert mean_macro(shifted(relation, (con, ne)), labels, groups) == 1.0
    assert mean_macro(relation, labels, groups) < 0.8


def test_nested_offsets_never_see_their_own_fold() -> None:
    relation, labels, groups = _underconfident_in_contradicts()
    folds = np.arange(len(labels)) % 5
    # Fold 0's contradicted pairs are priced even lower: chosen with fold 0, the offset would
    # have to reach past log(0.45 / 0.30); the other folds need only +0.2, and that is what
    # fold 0 gets.
    relation[(folds == 0) & (labels == 1)] = [0.45, 0.30, 0.2, 0.05]
    assert choose(relation, labels, groups) != (0.2, 0.0)
    out = nested(relation, labels, groups, folds)
    np.testing.assert_allclose(out[folds == 0], shifted(relation[folds == 0], (0.2, 0.0)))
