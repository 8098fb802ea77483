"""Pieces of the calibration stage (training/calibrate.py) that need no model and no
scikit-learn: the window temperature, ECE, folds grouped by claim, and the config it writes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from training.calibrate import (
    WindowSettings,
    claim_folds,
    ece,
    fit_temperature,
    judge_paper,
    write_config,
)
from training.calibration_data import SUP, Paper

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local.runtime import VerifierConfig
from claimaudit.judges.local.scoring import Scores
from claimaudit.judges.local.windows import Windows


def test_the_window_temperature_undoes_an_overconfident_scale() -> None:
    rng = np.random.default_rng(0)
    z = rng.normal(size=(6000, 4)) * 1.5
    truth = agg.softmax(z, axis=1)
    labels = np.array([rng.choice(4, p=row) for row in truth])
    # Logits twice as sharp as the labels warrant: a temperature near 2 takes that back.
    assert 1.8 <= fit_temperature(2 * z, labels) <= 2.2
    assert 0.85 <= fit_temperature(z, labels) <= 1.15


def test_ece_is_zero_when_confidence_is_the_hit_rate_and_reads_the_gap_otherwise() -> None:
    confidence = np.repeat([0.25, 0.75], 400)
    correct = np.concatenate([np.arange(400) < 100, np.arange(400) < 300]).astype(float)
    assert ece(confidence, correct) == 0.0
    assert abs(ece(np.full(800, 0.95), correct) - 0.45) < 1e-9


def _paper(dataset: str, claim_id: str) -> Paper:
    return Paper(dataset, claim_id, "claim", ("s",), SUP, frozenset(), True)


def test_folds_keep_a_claims_papers_together_and_are_fixed_by_the_seed() -> None:
    papers = [_paper(d, str(i)) for d in ("scifact", "check-covid") for i in range(40)]
    papers += [_paper("scifact", str(i)) for i in range(0, 40, 3)]  # a claim's second paper
    folds = claim_folds(papers, 13)
    by_claim: dict[tuple[str, str], set[int]] = {}
    for paper, fold in zip(papers, folds, strict=True):
        by_claim.setdefault((paper.dataset, paper.claim_id), set()).add(int(fold))
    assert all(len(f) == 1 for f in by_claim.values())
    assert sorted(set(folds.tolist())) == [0, 1, 2, 3, 4]
    assert np.array_equal(folds, claim_folds(papers, 13))
    assert not np.array_equal(folds, claim_folds(papers, 14))


def test_the_config_it_writes_loads_with_its_window_settings(tmp_path: Path) -> None:
    (tmp_path / "model.int8.onnx").write_bytes(b"graph")
    write_config(tmp_path, None, {"dev": {}}, 0.9, WindowSettings(12, "sentence", None))
    config = VerifierConfig.read(tmp_path)
    assert (config.preselect_limit, config.window_mode, config.bucket_ratio) == (
        12,
        "sentence",
        None,
    )
    assert config.review_threshold == 0.9
    assert "bucket_ratio" not in json.loads((tmp_path / "config.json").read_text())
    write_config(tmp_path, None, {}, windows=WindowSettings(bucket_ratio=1.25))
    assert VerifierConfig.read(tmp_path).bucket_ratio == 1.25


def test_the_notes_that_hold_a_pair_back_read_the_claim_as_the_judge_does() -> None:
    # "(Virtanen et al., 2020)" is a citation, no year of the claim's (run 41).
    sentence = "SciPy is widely used by scientists in 2017."
    scores = Scores(Windows([sentence], [0]), [0], np.zeros((1, 4)), np.zeros(4), 0)
    paper = Paper("scifact", "c1", "SciPy is widely used (Virtanen et al., 2020).", (sentence,),
                  SUP, frozenset({0}), True, scores)  # fmt: skip
    relation = np.array([0.9, 0.05, 0.03, 0.02])
    judged = judge_paper(paper, relation, np.array([[0.9, 0.05, 0.03, 0.02]]), 0.3)
    assert judged.evidence == 0
    assert judged.notes == ()
