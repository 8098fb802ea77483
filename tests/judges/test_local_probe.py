"""The counterfactual probe: the negated claim read against the claim's best windows."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import scoring
from claimaudit.judges.local.judge import load_model
from claimaudit.judges.local.runtime import VerifierConfig
from claimaudit.judges.local.windows import passage_windows

CLAIM = "Drug X reduces the rate of major cardiovascular events."
NEGATIVE_RESULT = (
    "Drug X did not reduce the rate of major cardiovascular events compared with placebo."
)
POSITIVE_RESULT = "Drug X reduced the rate of major cardiovascular events compared with placebo."


class RecordingModel:
    """Stands in for the ONNX session: fixed logits, and a record of what was asked."""

    def __init__(self, config: VerifierConfig) -> None:
        self.config = config
        self.calls: list[tuple[str, list[str]]] = []

    def logits(self, claim: str, texts: Sequence[str]) -> tuple[np.ndarray, int]:
        self.calls.append((claim, list(texts)))
        rows = [[3.0, -1.0, 0.0, -2.0] if "reduc" in t else [-2.0, -2.0, 0.0, 3.0] for t in texts]
        return np.array(rows, dtype=np.float64), 10 * len(texts)

    def claim_read(self, claim: str, texts: Sequence[str]) -> int | None:
        return None  # these claims are short: read whole


@pytest.fixture(scope="module")
def config() -> VerifierConfig:
    return load_model().config


def test_the_negated_claim_is_read_against_the_best_windows_and_the_joint_context(
    config: VerifierConfig,
) -> None:
    model = RecordingModel(config)
    texts = ["An unrelated sentence about weather.", POSITIVE_RESULT, "Another remark on rain."]
    scores = scoring.score(model, CLAIM, texts, CLAIM, config)  # type: ignore[arg-type]
    claim_calls = [c for c in model.calls if c[0] == CLAIM]
    negated_calls = [c for c in model.calls if c[0] != CLAIM]
    assert len(claim_calls) == 2  # the windows, then the joint context
    [(negated, read)] = negated_calls
    assert negated == "Drug X does not reduce the rate of major cardiovascular events."
    # The strongest window comes first, and the joint context is read last.
    assert read[0] == POSITIVE_RESULT
    assert read[-1] == claim_calls[1][1][0]
    assert len(read) == min(scoring.PROBE_WINDOWS, len(texts)) + 1
    assert scores.probe_logits is not None and len(scores.probe_logits) == len(read)


def test_no_probe_without_a_negation(config: VerifierConfig) -> None:
    model = RecordingModel(config)
    scores = scoring.score(model, "?? 42 !!", [POSITIVE_RESULT], "42", config)  # type: ignore[arg-type]
    assert scores.probe_logits is None
    assert np.array_equal(scoring.probe_features(scores, 1.0), np.zeros(len(agg.PROBE_FEATURES)))


def _scores(claim_logits: list[float], negated_logits: list[float]) -> scoring.Scores:
    windows = passage_windows([POSITIVE_RESULT])
    claim = np.array([claim_logits])
    negated = np.array([negated_logits, negated_logits])  # one window, then the joint context
    return scoring.Scores(windows, [0], claim, claim[0], 10, (0,), negated)


def test_the_gap_is_positive_when_the_claim_fits_better_than_its_negation() -> None:
    features = scoring.probe_features(_scores([4.0, -2.0, 0.0, -2.0], [0.0, 2.0, 0.0, -2.0]), 1.0)
    sup_gap, con_gap, joint_sup_gap, joint_con_gap, available = features
    assert sup_gap > 0 and joint_sup_gap > 0
    assert con_gap < 0 and joint_con_gap < 0
    assert available == 1.0


def test_the_gap_is_antisymmetric_between_a_claim_and_its_negation() -> None:
    a, b = [4.0, -2.0, 0.0, -2.0], [1.0, 1.0, 0.0, -2.0]
    forward = scoring.probe_features(_scores(a, b), 1.0)
    backward = scoring.probe_features(_scores(b, a), 1.0)
    assert np.allclose(forward[:4], -backward[:4])


def test_the_real_model_prefers_the_negation_that_matches_a_negative_result() -> None:
    model = load_model()
    positive = scoring.score(model, CLAIM, [POSITIVE_RESULT], CLAIM, model.config)
    negative = scoring.score(model, CLAIM, [NEGATIVE_RESULT], CLAIM, model.config)
    t = model.config.aggregator.passage_temperature
    gap_positive = scoring.probe_features(positive, t)[0]
    gap_negative = scoring.probe_features(negative, t)[0]
    # Against a negative result, the claim's support margin over its negation shrinks.
    assert gap_negative < gap_positive
