"""The embedder features of run 24 (training/embedding_features.py): the best cosine over the
scored windows, and the cosine with the window the cross-encoder finds most supporting."""

from __future__ import annotations

import numpy as np
from training.calibration_data import SUP, Paper
from training.embedding_features import features

from claimaudit.judges.local import scoring
from claimaudit.judges.local.windows import Windows


def _paper(texts: list[str], kept: list[int], logits: list[list[float]]) -> Paper:
    windows = Windows(texts, list(range(len(texts))))
    scores = scoring.Scores(windows, kept, np.array(logits), np.zeros(4), 10)
    return Paper("scifact", "1", "claim", tuple(texts), SUP, frozenset(), True, scores)


def test_only_scored_windows_count_and_the_supporting_one_is_read() -> None:
    unit = {
        "claim": np.array([1.0, 0.0]),
        "close": np.array([0.8, 0.6]),
        "far": np.array([0.0, 1.0]),
        "closest, not scored": np.array([1.0, 0.0]),
    }
    paper = _paper(
        ["far", "close", "closest, not scored"],
        kept=[0, 1],
        logits=[[3.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 3.0]],  # "far" is the supporting one
    )
    emb_max, emb_at_sup = features(paper, unit)
    assert emb_max == 0.8
    assert emb_at_sup == 0.0


def test_a_paper_with_nothing_scored_reads_zeros() -> None:
    paper = _paper(["a"], kept=[], logits=np.zeros((0, 4)).tolist())
    assert features(paper, {"claim": np.array([1.0])}).tolist() == [0.0, 0.0]
