"""Three-class figures as the notebook reports them, in numpy alone (no scikit-learn), so that
modules which only score predictions import nothing heavier.

Macro-F1 here averages all three classes, a class absent from both gold and predictions
scoring 0. ``claimaudit eval`` averages only the classes present (scikit-learn's convention),
so the two agree on every set where each class appears in gold or predictions (SciFact,
Citation-Integrity, Check-COVID) and differ where one does not: COVID-Fact has no
not-established gold, so its notebook macro-F1 is a two-class figure divided by three unless
the model predicts that class."""

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
