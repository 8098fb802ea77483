"""Read an ensemble of trained candidates offline (run 26): is their average better than one?

Each model's cached calibration and dev scores are read (``calibrate.scored_papers``); per paper
the window logits and the second pass's are averaged over the models (their windows are the
same: pre-selection is BM25's), and the negation probe's over the models that probed the same
windows as the first folder's model. The aggregator is then fitted on the averaged scores as
calibration fits it (``training.feature_study.figures``):

    .venv/bin/python -m training.ensemble_study REFERENCE_DIR OTHER_DIR [OTHER_DIR ...]
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np

from claimaudit.judges.local import scoring
from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import Paper


def averaged(scores: list[scoring.Scores]) -> tuple[scoring.Scores, bool]:
    """One paper's scores averaged over models, and whether every model probed the same
    windows (else the probe averages the models that agree with the first)."""
    first = scores[0]
    if any(s.kept != first.kept for s in scores):
        raise ValueError("models scored different windows: not the same settings")
    window = np.mean([s.window_logits for s in scores], axis=0)
    joint = np.mean([s.joint_logits for s in scores], axis=0)
    agreeing = [
        s.probe_logits
        for s in scores
        if s.probe_rows == first.probe_rows and s.probe_logits is not None
    ]
    probe = np.mean(agreeing, axis=0) if agreeing else None
    merged = dataclasses.replace(
        first, window_logits=window, joint_logits=joint, probe_logits=probe
    )
    return merged, len(agreeing) == len(scores)


def ensemble_papers(
    per_model: list[tuple[list[Paper], dict[str, list[Paper]]]],
) -> tuple[list[Paper], dict[str, list[Paper]], float]:
    """The first model's papers with every model's scores averaged in; the share of papers
    whose probe windows all models shared."""
    cal0, dev0 = per_model[0]
    groups = [(cal0, [m[0] for m in per_model])]
    groups += [(dev0[name], [m[1][name] for m in per_model]) for name in dev0]
    same, total = 0, 0
    out: dict[int, list[Paper]] = {}
    for index, (papers, versions) in enumerate(groups):
        merged = []
        for i, paper in enumerate(papers):
            copies = [v[i] for v in versions]
            if any((c.claim, c.sentences) != (paper.claim, paper.sentences) for c in copies):
                raise ValueError("models were calibrated on different papers")
            scores, shared = averaged([c.scores for c in copies if c.scores is not None])
            merged.append(dataclasses.replace(paper, scores=scores))
            same += shared
            total += 1
        out[index] = merged
    dev = {name: out[k + 1] for k, name in enumerate(dev0)}
    return out[0], dev, same / max(1, total)


def main() -> None:
    from training.calibrate import scored_papers
    from training.feature_study import print_rows, scored_figures

    folders = [Path(a) for a in sys.argv[1:]]
    if len(folders) < 2:
        raise SystemExit("usage: python -m training.ensemble_study REFERENCE_DIR OTHER_DIR...")
    per_model = [scored_papers(f, VerifierModel(f), 13) for f in folders]
    cal, dev, shared = ensemble_papers(per_model)
    print_rows(
        {
            folders[0].name: scored_figures(*per_model[0]),
            f"average of {len(folders)}": scored_figures(cal, dev),
        }
    )
    print(f"papers whose probe windows every model shared: {shared:.1%}")


if __name__ == "__main__":
    main()
