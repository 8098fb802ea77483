"""A temperature on the paper-level aggregator's relation logits (run 18).

The aggregator is fitted by likelihood on calibration papers of which many are synthetic, so its
confidence on real papers need not match its accuracy there. One temperature, fitted on the
real papers' out-of-fold probabilities, rescales its logits: the same argmax (no verdict
moves), probabilities that match how often they are right. It is folded into the aggregator's
weights and bias, so the runtime reads it without knowing it exists.
"""

from __future__ import annotations

import numpy as np

# Four relations -> supports / contradicts / not established, as every figure reports them.
_COLLAPSE = np.array([0, 1, 2, 2])
_GRID = np.round(np.arange(0.5, 3.001, 0.05), 2)

Params = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def fit_relation_temperature(relation: np.ndarray, labels: np.ndarray) -> float:
    """The temperature on the aggregator's logits that best predicts ``labels`` (likelihood of
    the three reported classes: not addressed and insufficient evidence count as one)."""
    gold = _COLLAPSE[labels]
    best, best_ll = 1.0, -np.inf
    for t in _GRID:
        p = tempered(relation, float(t))
        p3 = np.stack([p[:, 0], p[:, 1], p[:, 2] + p[:, 3]], 1)
        ll = float(np.sum(np.log(p3[np.arange(len(gold)), gold] + 1e-12)))
        if ll > best_ll:
            best, best_ll = float(t), ll
    return best


def tempered(relation: np.ndarray, t: float) -> np.ndarray:
    """Relation probabilities with their logits divided by ``t``: the same argmax, flatter for
    ``t`` above 1."""
    z = np.log(np.clip(relation, 1e-300, None)) / t
    z -= z.max(1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(1, keepdims=True)
    return out


def scaled_aggregator(params: Params, t: float) -> Params:
    """The aggregator with a relation temperature folded in: weights and bias divided by ``t``,
    so the runtime and the config's format are unchanged."""
    mean, scale, weights, bias = params
    return mean, scale, weights / t, bias / t
