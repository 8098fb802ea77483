"""Run 27's claim prior (training/claim_prior.py): each claim scored once against the neutral
passages, and the features read from the mean of their probabilities."""

from __future__ import annotations

import numpy as np
from training.calibration_data import SUP, Paper
from training.claim_prior import FEATURES, NEUTRAL, columns, prior_row


class _Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str]]] = []

    def logits(self, claim: str, passages: list[str]) -> tuple[np.ndarray, int]:
        self.calls.append((claim, list(passages)))
        # The empty passage reads as unrelated; the others as supporting.
        rows = [[0.0, 0.0, 0.0, 4.0] if not p else [4.0, 0.0, 0.0, 0.0] for p in passages]
        return np.array(rows), 0


def _paper(claim: str) -> Paper:
    return Paper("scifact", claim, claim, (), SUP, frozenset(), True)


def test_each_distinct_claim_is_scored_once_against_every_neutral_passage() -> None:
    model = _Recorder()
    papers = [_paper("A claim."), _paper("Another claim."), _paper("A claim.")]
    x = columns(model, papers, 1.0)  # type: ignore[arg-type]
    assert [claim for claim, _ in model.calls] == ["A claim.", "Another claim."]
    assert all(passages == list(NEUTRAL) for _, passages in model.calls)
    assert x.shape == (3, len(FEATURES))
    np.testing.assert_array_equal(x[0], x[2])


def test_the_features_are_the_mean_probabilities_log_odds_and_relatedness() -> None:
    probs = np.array([[0.1, 0.2, 0.3, 0.4], [0.3, 0.2, 0.1, 0.4]])
    logit_sup, logit_con, related = prior_row(probs)
    assert np.isclose(logit_sup, np.log(0.2 / 0.8))
    assert np.isclose(logit_con, np.log(0.2 / 0.8))
    assert np.isclose(related, 0.6)


def test_no_papers_give_an_empty_block() -> None:
    assert columns(_Recorder(), [], 1.0).shape == (0, len(FEATURES))  # type: ignore[arg-type]
