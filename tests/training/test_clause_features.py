"""Run 25's clause reading (training/clause_features.py): where a claim splits, and what a claim
that does not split reads."""

from __future__ import annotations

import numpy as np
from training.calibration_data import SUP, Paper
from training.clause_features import clauses, columns

from claimaudit.judges.local import scoring
from claimaudit.judges.local.windows import Windows


def test_a_claim_splits_at_clause_boundaries_only() -> None:
    assert clauses(
        "Cisplatin kills cells with BRCA1 mutations; the effect is weaker in BRCA2 carriers."
    ) == ["Cisplatin kills cells with BRCA1 mutations", "the effect is weaker in BRCA2 carriers."]
    assert clauses(
        "Laboratory mice resist infection, although they become susceptible with hACE2."
    ) == ["Laboratory mice resist infection", "they become susceptible with hACE2."]
    # A list of names is not a clause boundary, nor is a fragment under four words.
    assert clauses("Mutations in BRCA1, BRCA2, and Rad51 raise sensitivity to cisplatin.") == []
    assert clauses("Pooling is cheap, but slow.") == []


class _NoCalls:
    def logits(self, claim: str, passages: list[str]) -> tuple[np.ndarray, int]:
        raise AssertionError("a claim that does not split is not scored again")


def test_a_claim_that_does_not_split_reads_its_own_top_windows() -> None:
    logits = np.array([[0.0, 0.0, 0.0, 5.0]] + [[2.0, 0.0, 1.0, 0.0]] * 4 + [[9.0, 0.0, 0.0, 9.0]])
    windows = Windows([f"w{i}" for i in range(6)], list(range(6)))
    scores = scoring.Scores(windows, list(range(6)), logits, np.zeros(4), 10)
    paper = Paper("scifact", "1", "A short claim.", (), SUP, frozenset(), True, scores)
    [row] = columns(_NoCalls(), [paper], 1.0)  # type: ignore[arg-type]
    # The four most related windows are rows 1-4 (row 5 is as unrelated as it is supporting).
    p = np.exp([2.0, 0.0, 1.0, 0.0]) / np.exp([2.0, 0.0, 1.0, 0.0]).sum()
    np.testing.assert_allclose(row, [p[0], p[0], p[1]])
