"""The relation temperature (training/relation_temperature.py): fitted where a model is over- or
underconfident, it moves no verdict, and folded into the aggregator it is what the runtime
computes."""

from __future__ import annotations

import numpy as np
from training.relation_temperature import fit_relation_temperature, scaled_aggregator, tempered

from claimaudit.judges.local.aggregate import AggregatorParams, relation_probabilities


def _overconfident(rng: np.random.Generator, n: int = 4000) -> tuple[np.ndarray, np.ndarray]:
    # Labels drawn from logits z, reported as softmax(2z): twice as sure as it should be.
    z = rng.normal(size=(n, 4)) * 1.5
    z[:, 2] -= 40.0  # no real paper is "not addressed": the class stays empty, as in real pairs
    truth = np.exp(z) / np.exp(z).sum(1, keepdims=True)
    labels = np.array([rng.choice(4, p=row) for row in truth])
    reported = np.exp(2 * z) / np.exp(2 * z).sum(1, keepdims=True)
    return reported, labels


def test_an_overconfident_aggregator_gets_a_temperature_near_its_excess() -> None:
    reported, labels = _overconfident(np.random.default_rng(7))
    assert 1.8 <= fit_relation_temperature(reported, labels) <= 2.2


def test_a_calibrated_one_gets_about_one() -> None:
    rng = np.random.default_rng(8)
    reported, labels = _overconfident(rng)
    assert 0.85 <= fit_relation_temperature(tempered(reported, 2.0), labels) <= 1.15


def test_no_verdict_moves() -> None:
    reported, _ = _overconfident(np.random.default_rng(9), 500)
    for t in (0.5, 1.2, 3.0):
        assert np.array_equal(tempered(reported, t).argmax(1), reported.argmax(1))
        assert np.allclose(tempered(reported, t).sum(1), 1.0)


def test_folded_into_the_weights_it_is_what_the_runtime_computes() -> None:
    rng = np.random.default_rng(10)
    mean, scale = rng.normal(size=6), rng.uniform(0.5, 2, size=6)
    weights, bias = rng.normal(size=(4, 6)), rng.normal(size=4)
    features = rng.normal(size=6)
    plain = AggregatorParams(mean, scale, weights, bias, 0.3, 2.0)
    m, s, w, b = scaled_aggregator((mean, scale, weights, bias), 1.25)
    folded = AggregatorParams(m, s, w, b, 0.3, 2.0)
    expected = tempered(relation_probabilities(plain, features)[None, :], 1.25)[0]
    assert np.allclose(relation_probabilities(folded, features), expected)
