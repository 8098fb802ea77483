"""The bias model of run 39: what it reads, that it is cross-fitted, and the product of experts."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from training.data import CON, SUP, UNREL, Pair
from training.debias import (
    claim_folds,
    cross_fitted_log_probs,
    features,
    main,
    overlap_features,
)


def test_overlap_reads_shared_content_words_both_ways() -> None:
    shared, back, *_rest, none_shared = overlap_features(
        "Aspirin lowers stroke risk", "In this trial aspirin lowers the risk of stroke in adults"
    )
    assert shared == pytest.approx(1.0)  # aspirin, lowers, stroke, risk all in the passage
    assert 0 < back < 1
    assert none_shared == 0.0
    assert overlap_features("Aspirin lowers stroke risk", "Rainfall in July")[-1] == 1.0


def test_every_pair_of_a_claim_shares_its_fold() -> None:
    pairs = [Pair(f"claim {i % 7}", f"passage {i}", SUP, "x") for i in range(70)]
    folds = claim_folds(pairs, 5)
    for i, pair in enumerate(pairs):
        assert folds[i] == folds[int(pair.claim.split()[1])]
    assert set(folds) <= set(range(5))


def test_features_hold_claim_words_and_overlap_only() -> None:
    a = Pair("vitamin d lowers risk", "vitamin d lowers risk", SUP, "x")
    b = Pair("vitamin d lowers risk", "an unrelated passage on weather", UNREL, "x")
    x = features([a, b]).toarray()
    hashed = x.shape[1] - len(overlap_features("", ""))
    # The same claim gives the same hashed words whatever the passage; only overlap differs.
    assert np.array_equal(x[0, :hashed], x[1, :hashed])
    assert not np.array_equal(x[0, hashed:], x[1, hashed:])


def _overlap_world(n_claims: int, seed: int) -> list[Pair]:
    """Supported pairs repeat the claim's words; unrelated ones share none of them."""
    rng = random.Random(seed)
    vocab = sorted({"".join(rng.choices(string.ascii_lowercase, k=7)) for _ in range(400)})
    pairs = []
    for _ in range(n_claims):
        words = rng.sample(vocab, 6)
        claim = " ".join(words)
        pairs.append(Pair(claim, " ".join(words + rng.sample(vocab, 3)), SUP, "x"))
        others = [w for w in vocab if w not in words]
        pairs.append(Pair(claim, " ".join(rng.sample(others, 8)), UNREL, "x"))
    return pairs


def test_the_shortcut_is_learned_out_of_fold() -> None:
    pairs = _overlap_world(150, seed=1)
    log_probs = cross_fitted_log_probs(pairs, folds=5)
    assert log_probs.shape == (len(pairs), 4)
    assert np.allclose(np.exp(log_probs).sum(axis=1), 1.0, atol=1e-4)
    labels = np.array([p.label for p in pairs])
    assert (log_probs.argmax(axis=1) == labels).mean() > 0.95


def test_a_claim_is_not_memorised() -> None:
    # Each claim's words are its own and its label is random: only a fit that had seen the
    # claim could predict it, and the cross-fitting never lets it.
    rng = random.Random(2)
    pairs = []
    for _ in range(300):
        label = rng.choice([SUP, CON])
        claim = " ".join("".join(rng.choices(string.ascii_lowercase, k=8)) for _ in range(3))
        pairs.append(Pair(claim, "a passage with other words", label, "x"))
    # A weak penalty, which fitted on every pair would give the labels 0.76 on average.
    log_probs = cross_fitted_log_probs(pairs, folds=5, c=1.0)
    labels = np.array([p.label for p in pairs])
    hit = np.exp(log_probs[np.arange(len(pairs)), labels])
    assert hit.mean() < 0.6  # near the prior of one half, far from the label


def test_the_command_writes_one_row_per_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pairs.jsonl"
    pairs = _overlap_world(40, seed=3)
    path.write_text("".join(json.dumps(p.__dict__) + "\n" for p in pairs), encoding="utf-8")
    main([str(path), str(tmp_path / "bias.npz")])
    assert np.load(tmp_path / "bias.npz")["pairs"].shape == (len(pairs), 4)
    assert json.loads(capsys.readouterr().out)["pairs"] == len(pairs)


def test_the_product_leaves_little_gradient_where_the_bias_is_right() -> None:
    torch = pytest.importorskip("torch")  # training only: CI's install has no torch
    from training.train_loop import poe_logits

    target = torch.tensor([SUP])
    sure = torch.log(torch.tensor([[0.97, 0.01, 0.01, 0.01]]))
    unsure = torch.log(torch.full((1, 4), 0.25))

    def grad(bias: Any) -> float:
        logits = torch.zeros(1, 4, requires_grad=True)
        loss = torch.nn.functional.cross_entropy(poe_logits(logits, bias, 1.0), target)
        loss.backward()
        return float(logits.grad.abs().sum())

    plain = torch.zeros(1, 4, requires_grad=True)
    torch.nn.functional.cross_entropy(plain, target).backward()
    assert grad(unsure) == pytest.approx(float(plain.grad.abs().sum()), rel=1e-5)
    assert grad(sure) < 0.1 * grad(unsure)
    wrong = torch.log(torch.tensor([[0.01, 0.97, 0.01, 0.01]]))
    assert grad(wrong) > grad(unsure)  # where the shortcut misleads, the pair model learns most
