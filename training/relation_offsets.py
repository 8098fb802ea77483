"""Run 21: one additive offset per relation on the aggregator's logits, chosen for macro-F1.

The aggregator is fitted by likelihood on calibration papers, most of them synthetic, and the
verdict is the argmax of its relation probabilities. This asks whether a decision rule chosen
for the figure we report (three-class macro-F1 on the real calibration pairs) does better: an
offset for ``contradicts`` and one for not established (both ``not_addressed`` and
``insufficient_evidence``), ``supports`` the reference at 0, on a grid, chosen out-of-fold.

    .venv/bin/python -m training.relation_offsets MODEL_DIR OUT_DIR

prints the nested out-of-fold figures of the three calibration sets with and without offsets,
and writes OUT_DIR: a copy of MODEL_DIR whose aggregator bias holds the offsets chosen on all
folds (and the review threshold refitted under them), for ``training.measure`` and
``training.eval_fullpaper`` to read as any candidate.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from training.macro_f1 import COLLAPSE, f1_scores

GRID = np.round(np.arange(-1.5, 1.5001, 0.1), 2)
CAL_SETS = ("scifact", "citation-integrity", "check-covid")


def shifted(relation: np.ndarray, offsets: Sequence[float]) -> np.ndarray:
    """Relation probabilities with (contradicts, not established) offsets on their logits."""
    con, ne = offsets
    logits = np.log(np.clip(relation, 1e-12, None)) + np.array([0.0, con, ne, ne])
    logits -= logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))


def mean_macro(relation: np.ndarray, labels: np.ndarray, groups: np.ndarray) -> float:
    """The mean over groups (data sets) of three-class macro-F1."""
    pred = COLLAPSE[relation.argmax(1)]
    gold = COLLAPSE[labels]
    scores = [
        float(np.mean(f1_scores(gold[groups == g], pred[groups == g], 3)))
        for g in np.unique(groups)
    ]
    return float(np.mean(scores))


def choose(relation: np.ndarray, labels: np.ndarray, groups: np.ndarray) -> tuple[float, float]:
    """The grid's best offsets; ties go to the smallest change (nearest to no offset)."""
    best: tuple[float, float, float] = (-1.0, 0.0, 0.0)
    for con in GRID:
        for ne in GRID:
            score = mean_macro(shifted(relation, (con, ne)), labels, groups)
            if score > best[0] + 1e-12 or (
                abs(score - best[0]) <= 1e-12 and abs(con) + abs(ne) < abs(best[1]) + abs(best[2])
            ):
                best = (score, float(con), float(ne))
    return best[1], best[2]


def nested(
    relation: np.ndarray, labels: np.ndarray, groups: np.ndarray, folds: np.ndarray
) -> np.ndarray:
    """Each fold's relation probabilities under offsets chosen on the other folds."""
    out = np.zeros_like(relation)
    for k in np.unique(folds):
        rest = folds != k
        offsets = choose(relation[rest], labels[rest], groups[rest])
        out[folds == k] = shifted(relation[folds == k], offsets)
    return out


def per_set(relation: np.ndarray, labels: np.ndarray, groups: np.ndarray) -> dict[str, float]:
    return {
        n: mean_macro(relation[groups == n], labels[groups == n], groups[groups == n])
        for n in CAL_SETS
    }


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit("usage: python -m training.relation_offsets MODEL_DIR OUT_DIR")
    from claimaudit.judges.local.runtime import VerifierConfig, VerifierModel
    from training import calibrate as cal_
    from training.measure import SEED
    from training.relation_temperature import tempered
    from training.selective import choose_threshold

    model_dir, out_dir = Path(sys.argv[1]), Path(sys.argv[2])
    params = VerifierConfig.read(model_dir).aggregator
    metrics = json.loads((model_dir / "metrics.json").read_text(encoding="utf-8"))
    cal, _ = cal_.scored_papers(model_dir, VerifierModel(model_dir), SEED)
    x, window_probs = cal_.paper_arrays(cal, params.passage_temperature)
    y = np.array([p.label for p in cal])
    folds = cal_.claim_folds(cal, SEED)
    oof = tempered(cal_.out_of_fold(x, y, folds), float(metrics["relation_temperature"]))
    real = np.array([p.real for p in cal])
    rel, labels, groups = oof[real], y[real], np.array([p.dataset for p in cal])[real]
    before = per_set(rel, labels, groups)
    after = per_set(nested(rel, labels, groups, folds[real]), labels, groups)
    offsets = choose(rel, labels, groups)
    print("nested out-of-fold macro-F1 (real calibration pairs), before -> after:")
    for n in CAL_SETS:
        print(f"  {n}: {before[n]:.3f} -> {after[n]:.3f}")
    print(f"  mean: {np.mean(list(before.values())):.3f} -> {np.mean(list(after.values())):.3f}")
    print(f"offsets (all folds): contradicts {offsets[0]:+.1f}, not established {offsets[1]:+.1f}")

    judged = [
        cal_.judge_paper(p, r, w, params.evidence_temperature)
        for p, r, w, keep in zip(cal, shifted(oof, offsets), window_probs, real, strict=True)
        if keep
    ]
    threshold, chosen = choose_threshold(judged, cal_.TARGET_PRECISION)
    print(f"review threshold refitted: {threshold} ({chosen})")

    if out_dir.exists():
        shutil.rmtree(out_dir)
    shutil.copytree(model_dir, out_dir)
    stored = json.loads((out_dir / "config.json").read_text(encoding="utf-8"))
    shift = np.array([0.0, offsets[0], offsets[1], offsets[1]])
    stored["aggregator"]["bias"] = (np.array(stored["aggregator"]["bias"]) + shift).tolist()
    stored["review_threshold"] = threshold
    (out_dir / "config.json").write_text(json.dumps(stored, indent=2) + "\n", encoding="utf-8")
    print(f"{out_dir}: {model_dir} with the offsets in its aggregator bias")


if __name__ == "__main__":
    main()
