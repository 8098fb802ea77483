"""From passage scores to the two answers of a decision (numpy only, no model needed).

The cross-encoder scores every (claim, window) pair with four passage classes::

    supports | contradicts | related (on topic, does not establish) | unrelated

Paper level, in three steps:

1. ``paper_features`` summarises the evidence with order-free statistics that do not depend on
   how many windows there are: max and top-k means of the window probabilities, the second
   pass's probabilities for the claim read against its best windows together (``joint``), the
   consistency checks between the claim and its strongest window (``consistency``), and how
   much better the claim fits its best windows than its negation does (the probe).
2. A multinomial logistic regression (``AggregatorParams``; weights fitted on held-out papers
   and stored in the model's ``config.json``) maps those features to the four relation options
   ``supports, contradicts, not_addressed, insufficient_evidence``. It is the calibrator: its
   probabilities were fitted by likelihood on held-out papers.
3. ``evidence_probabilities`` gives the evidence question's distribution: windows share it by a
   tempered softmax over each window's evidence strength for the verdicts still in play
   (``P(supports)*p_sup + P(contradicts)*p_con``, normalised); ``none`` receives the probability
   that nothing establishes the claim (``not_addressed + insufficient_evidence``), unless the
   verdict is ``supports`` or ``contradicts``, which always quote a passage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from claimaudit.judges.local.consistency import FEATURE_NAMES as CONSISTENCY_FEATURES

Array = npt.NDArray[np.float64]

PASSAGE_LABELS: tuple[str, ...] = ("supports", "contradicts", "related", "unrelated")
RELATION_OPTIONS: tuple[str, ...] = (
    "supports",
    "contradicts",
    "not_addressed",
    "insufficient_evidence",
)
WINDOW_FEATURES: tuple[str, ...] = (
    "max_sup",
    "max_con",
    "max_rel",
    "max_related",
    "top2_sup",
    "top2_con",
    "top3_related",
    "logit_max_sup",
    "logit_max_con",
    "max_sup_minus_con",
)
JOINT_FEATURES: tuple[str, ...] = ("joint_logit_sup", "joint_logit_con", "joint_related")
# The counterfactual probe (``scoring.probe_features``): the claim's fit minus its negation's.
PROBE_FEATURES: tuple[str, ...] = (
    "probe_sup_gap",
    "probe_con_gap",
    "probe_joint_sup_gap",
    "probe_joint_con_gap",
    "probe_available",
)
FEATURE_NAMES: tuple[str, ...] = (
    WINDOW_FEATURES + JOINT_FEATURES + CONSISTENCY_FEATURES + PROBE_FEATURES
)
_EPS = 1e-6
# Log-odds features are clipped here so that near-certain passages do not push the linear
# aggregator far outside the range it was fitted on.
_LOGIT_EPS = 1e-4
# A paper with no passage at all behaves like one whose only passage is off topic.
_EMPTY = np.array([[0.0, 0.0, 0.0, 1.0]])
# With nothing to read, nothing is addressed: the one answer that needs no model.
_NO_PASSAGES = np.array([0.0, 0.0, 1.0, 0.0])


def _top_mean(values: Array, k: int) -> float:
    top = np.sort(values)[::-1][:k]
    return float(top.mean())


def _logit(p: float) -> float:
    q = min(max(p, _LOGIT_EPS), 1.0 - _LOGIT_EPS)
    return float(np.log(q / (1.0 - q)))


def window_features(window_probs: Array) -> Array:
    """Fixed-length summary of an ``(n, 4)`` window probability matrix (any n >= 0)."""
    probs = window_probs if len(window_probs) else _EMPTY
    sup, con, rel, unrel = probs[:, 0], probs[:, 1], probs[:, 2], probs[:, 3]
    related = 1.0 - unrel
    return np.array(
        [
            sup.max(),
            con.max(),
            rel.max(),
            related.max(),
            _top_mean(sup, 2),
            _top_mean(con, 2),
            _top_mean(related, 3),
            _logit(float(sup.max())),
            _logit(float(con.max())),
            float(sup.max() - con.max()),
        ],
        dtype=np.float64,
    )


def joint_features(joint_probs: Array) -> Array:
    """The second pass (claim against its best windows together): log-odds and relatedness."""
    sup, con, _, unrel = (float(v) for v in joint_probs)
    return np.array([_logit(sup), _logit(con), 1.0 - unrel], dtype=np.float64)


def paper_features(
    window_probs: Array,
    joint_probs: Array,
    consistency: Sequence[float],
    probe: Sequence[float] | Array | None = None,
) -> Array:
    """The aggregator's input, in ``FEATURE_NAMES`` order (no probe: its features are zero)."""
    return np.concatenate(
        [
            window_features(window_probs),
            joint_features(joint_probs),
            np.asarray(consistency, dtype=np.float64),
            np.asarray(probe if probe is not None else [0.0] * len(PROBE_FEATURES), np.float64),
        ]
    )


def softmax(logits: Array, axis: int = -1) -> Array:
    shifted = logits - logits.max(axis=axis, keepdims=True)
    exp = np.exp(shifted)
    result: Array = exp / exp.sum(axis=axis, keepdims=True)
    return result


@dataclass(frozen=True)
class AggregatorParams:
    """Standardisation, multinomial-logistic weights and the evidence temperature."""

    mean: Array  # (F,)
    scale: Array  # (F,)
    weights: Array  # (4, F), rows in RELATION_OPTIONS order
    bias: Array  # (4,)
    evidence_temperature: float
    passage_temperature: float

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AggregatorParams:
        if list(data["features"]) != list(FEATURE_NAMES):
            raise ValueError("aggregator features do not match this version of the code")
        if list(data["classes"]) != list(RELATION_OPTIONS):
            raise ValueError("aggregator classes do not match the relation options")
        params = cls(
            mean=np.asarray(data["mean"], dtype=np.float64),
            scale=np.asarray(data["scale"], dtype=np.float64),
            weights=np.asarray(data["weights"], dtype=np.float64),
            bias=np.asarray(data["bias"], dtype=np.float64),
            evidence_temperature=float(data["evidence_temperature"]),
            passage_temperature=float(data["passage_temperature"]),
        )
        n_features = len(FEATURE_NAMES)
        shapes_ok = (
            params.mean.shape == (n_features,)
            and params.scale.shape == (n_features,)
            and params.weights.shape == (len(RELATION_OPTIONS), n_features)
            and params.bias.shape == (len(RELATION_OPTIONS),)
        )
        if not shapes_ok or params.evidence_temperature <= 0 or params.passage_temperature <= 0:
            raise ValueError("aggregator parameters have the wrong shape or sign")
        return params

    def to_json(self) -> dict[str, Any]:
        return {
            "features": list(FEATURE_NAMES),
            "classes": list(RELATION_OPTIONS),
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "weights": self.weights.tolist(),
            "bias": self.bias.tolist(),
            "evidence_temperature": self.evidence_temperature,
            "passage_temperature": self.passage_temperature,
        }


def relation_probabilities(params: AggregatorParams, features: Array | None) -> Array:
    """The four relation probabilities, in ``RELATION_OPTIONS`` order (None: no passages)."""
    if features is None:
        return _NO_PASSAGES.copy()
    x = (features - params.mean) / params.scale
    return softmax(params.weights @ x + params.bias)


def evidence_probabilities(relation: Array, passage_probs: Array, temperature: float) -> Array:
    """Probabilities over the n passages followed by ``none`` (length n + 1).

    The question is asked of the verdict: when it is ``supports`` or ``contradicts`` (the most
    probable relation), it asks which passage carries it, so the passages share everything and
    ``none`` gets nothing (a verdict that rests on a paper always quotes it). Otherwise ``none``
    gets the probability that nothing establishes the claim.
    """
    p_none = float(relation[2] + relation[3])
    n = len(passage_probs)
    if n == 0:
        return np.array([1.0])
    p_sup, p_con = float(relation[0]), float(relation[1])
    weight = p_sup + p_con
    if weight <= _EPS:
        strength = passage_probs[:, 0] + passage_probs[:, 1]
    else:
        strength = (p_sup * passage_probs[:, 0] + p_con * passage_probs[:, 1]) / weight
    share = softmax(np.log(np.clip(strength, _EPS, 1.0)) / temperature)
    if int(np.argmax(relation)) in (0, 1):
        return np.concatenate([share, [0.0]])
    return np.concatenate([share * (1.0 - p_none), [p_none]])


def passage_probabilities(logits: Array, temperature: float) -> Array:
    """Temperature-scaled softmax of the cross-encoder's ``(n, 4)`` logits."""
    return softmax(np.asarray(logits, dtype=np.float64) / temperature, axis=1)


def choice_order(labels: Sequence[str], probabilities: Array) -> str:
    """Argmax with ties broken by option order, so equal scores give a stable answer."""
    return labels[int(np.argmax(probabilities))]
