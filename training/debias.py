"""A shallow bias model for product-of-experts training (run 39).

    .venv/bin/python -m training.debias PAIRS.jsonl OUT.npz [--folds 5]

The pair model says `supports` to text that is on topic and learns from how a claim is worded
(run 27: the claim alone predicts its label, and that knowledge does not carry to other sets).
Product of experts (Clark et al. 2019; He et al. 2019) trains the pair model through
``log_softmax(logits) + log p_bias``, so what a shallow model already explains gives little
gradient and the pair model has to learn the rest. The shallow model here reads only the two
shortcuts: the claim's own words (hashed unigrams and bigrams) and how much the claim and the
passage share (content-word overlap both ways, lengths). Its log-probabilities are cross-fitted:
each pair's come from a fit on folds that hold none of its claim's pairs, or a claim would be
memorised and its bias would be its label. The pair model at run time never sees this model.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import zlib
from pathlib import Path

import numpy as np
from scipy import sparse

from claimaudit.judges.local.consistency import _content_words
from training.data import Pair, read_pairs

N_CLASSES = 4
HASH_BITS = 18


def _hashed(words: list[str]) -> dict[int, float]:
    grams = words + [f"{a} {b}" for a, b in itertools.pairwise(words)]
    out: dict[int, float] = {}
    for gram in grams:
        index = zlib.crc32(gram.encode("utf-8")) & ((1 << HASH_BITS) - 1)
        out[index] = 1.0
    return out


def overlap_features(claim: str, passage: str) -> list[float]:
    """How much the claim and the passage share: the shortcut "on topic means supports"."""
    mine, theirs = _content_words(claim), _content_words(passage)
    shared = len(mine & theirs)
    return [
        shared / max(1, len(mine)),
        shared / max(1, len(theirs)),
        math.log1p(shared),
        math.log1p(len(mine)),
        math.log1p(len(theirs)),
        float(shared == 0),
    ]


def features(pairs: list[Pair]) -> sparse.csr_matrix:
    """Claim-only hashed n-grams, then the overlap features in the last columns."""
    rows, cols, vals = [], [], []
    n_hash = 1 << HASH_BITS
    for i, pair in enumerate(pairs):
        words = [w.lower() for w in pair.claim.split()]
        for index, value in _hashed(words).items():
            rows.append(i)
            cols.append(index)
            vals.append(value)
        for j, value in enumerate(overlap_features(pair.claim, pair.passage)):
            rows.append(i)
            cols.append(n_hash + j)
            vals.append(value)
    shape = (len(pairs), n_hash + len(overlap_features("", "")))
    return sparse.csr_matrix((vals, (rows, cols)), shape=shape, dtype=np.float64)


def claim_folds(pairs: list[Pair], folds: int) -> np.ndarray:
    """A fold per pair, the same for every pair of one claim (stable across runs)."""
    return np.array([zlib.crc32(p.claim.encode("utf-8")) % folds for p in pairs])


def cross_fitted_log_probs(pairs: list[Pair], folds: int = 5, c: float = 0.1) -> np.ndarray:
    """Out-of-fold log-probabilities of the shallow model, shape (pairs, 4)."""
    from sklearn.linear_model import LogisticRegression

    x = features(pairs)
    y = np.array([p.label for p in pairs])
    fold = claim_folds(pairs, folds)
    out = np.zeros((len(pairs), N_CLASSES), dtype=np.float32)
    for k in range(folds):
        held = fold == k
        model = LogisticRegression(C=c, max_iter=2000)
        model.fit(x[~held], y[~held])
        probs = np.full((int(held.sum()), N_CLASSES), 1e-6)
        probs[:, model.classes_] = np.clip(model.predict_proba(x[held]), 1e-6, 1.0)
        probs /= probs.sum(axis=1, keepdims=True)
        out[held] = np.log(probs)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", type=Path, help="the training pairs (JSON Lines, or .gz)")
    parser.add_argument("out", type=Path, help="npz with 'pairs': log-probabilities (N, 4)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("-C", type=float, default=0.1, dest="c", help="inverse L2 strength")
    args = parser.parse_args(argv)
    pairs = read_pairs(args.pairs)
    log_probs = cross_fitted_log_probs(pairs, args.folds, args.c)
    labels = np.array([p.label for p in pairs])
    right = float((log_probs.argmax(axis=1) == labels).mean())
    nll = float(-log_probs[np.arange(len(pairs)), labels].mean())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, pairs=log_probs)
    print(json.dumps({"pairs": len(pairs), "accuracy_out_of_fold": round(right, 4),
                      "nll_out_of_fold": round(nll, 4)}))  # fmt: skip


if __name__ == "__main__":
    main()
