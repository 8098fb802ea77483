"""Study a grounding rule: a verdict needs a window that itself carries it (run 5a).

The aggregator can answer ``supports`` for a paper that is on topic everywhere while no window
supports the claim (the demo's "Raw data should be backed up in more than one location" against
deep-rules: best window supports 0.27, verdict supports 0.47). The rule tried here moves the
``supports`` (``contradicts``) mass to ``insufficient_evidence`` when the best window's own
probability of it is below a floor. It is measured out-of-fold on the three calibration sets and
on the two dev sets together, from the scores cached by ``calibrate``:

    .venv/bin/python -m training.grounding training/work/cand-r4
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local.runtime import VerifierModel
from training.calibrate import (
    claim_folds,
    fit_aggregator,
    fit_temperature,
    out_of_fold,
    paper_arrays,
    predict,
    scored_papers,
)
from training.calibration_data import Paper, window_logits_and_labels
from training.feature_study import SETS
from training.macro_f1 import COLLAPSE as _COLLAPSE
from training.macro_f1 import f1_scores

FLOORS = (0.0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4)


_SUP, _CON, _INSUFFICIENT = 0, 1, 3  # in agg.RELATION_OPTIONS
_MAX_SUP, _MAX_CON = agg.FEATURE_NAMES.index("max_sup"), agg.FEATURE_NAMES.index("max_con")


def apply_floor(relation: np.ndarray, x: np.ndarray, min_sup: float, min_con: float) -> np.ndarray:
    """Rows whose best window's ``supports`` (``contradicts``) probability is below the floor
    lose that relation's mass to ``insufficient_evidence`` (features in ``FEATURE_NAMES`` order)."""
    out = relation.copy()
    for column, feature, floor in ((_SUP, _MAX_SUP, min_sup), (_CON, _MAX_CON, min_con)):
        below = x[:, feature] < floor
        out[below, _INSUFFICIENT] += out[below, column]
        out[below, column] = 0.0
    return out


def macro_of_labels(papers: list[Paper], predicted: np.ndarray) -> float:
    """Three-class macro-F1 of predicted relation indices over the papers' real pairs."""
    real = np.array([p.real for p in papers])
    gold = _COLLAPSE[np.array([p.label for p in papers])][real]
    return float(np.mean(f1_scores(gold, _COLLAPSE[predicted][real], 3)))


def macro(papers: list[Paper], relation: np.ndarray) -> float:
    """Three-class macro-F1 of relation probabilities (argmax) over the papers' real pairs."""
    return macro_of_labels(papers, relation.argmax(1))


def main() -> None:
    model_dir = Path(sys.argv[1])
    model = VerifierModel(model_dir)
    cal, dev = scored_papers(model_dir, model, 13)
    temperature = fit_temperature(*window_logits_and_labels(cal))
    x, _ = paper_arrays(cal, temperature)
    y = np.array([p.label for p in cal])
    oof = out_of_fold(x, y, claim_folds(cal, 13))
    final = fit_aggregator(x, y)
    groups: dict[str, tuple[list[Paper], np.ndarray, np.ndarray]] = {}
    for name in SETS[:3]:
        idx = [i for i, p in enumerate(cal) if p.dataset == name]
        groups[name] = ([cal[i] for i in idx], oof[idx], x[idx])
    for name, papers in dev.items():
        dx, _ = paper_arrays(papers, temperature)
        groups[name] = (papers, predict(final, dx), dx)
    print("| floor sup | floor con | " + " | ".join(SETS) + " | mean of 5 |")
    print("|---" * (len(SETS) + 3) + "|")
    for min_sup in FLOORS:
        for min_con in sorted({0.0, min_sup}):
            figures = [
                macro(papers, apply_floor(rel, fx, min_sup, min_con))
                for papers, rel, fx in (groups[name] for name in SETS)
            ]
            cells = " | ".join(f"{v:.3f}" for v in figures)
            print(f"| {min_sup} | {min_con} | {cells} | {np.mean(figures):.3f} |", flush=True)


if __name__ == "__main__":
    main()
