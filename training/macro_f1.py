"""Three-class figures as ``claimaudit eval`` reports them, in numpy alone (no scikit-learn), so
that modules which only score predictions import nothing heavier."""

from __future__ import annotations

import numpy as np

# Four relations -> supports / contradicts / not established.
COLLAPSE = np.array([0, 1, 2, 2])


def f1_scores(gold: np.ndarray, pred: np.ndarray, n: int) -> list[float]:
    out = []
    for c in range(n):
        tp = np.sum((pred == c) & (gold == c))
        denom = 2 * tp + np.sum((pred == c) & (gold != c)) + np.sum((pred != c) & (gold == c))
        out.append(float(2 * tp / denom) if denom else 0.0)
    return out
