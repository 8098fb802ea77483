"""Does a candidate aggregator feature add to a model's aggregator? (runs 24 and 25)

The aggregator is refitted as calibration fits it (window temperature, C 0.5, five folds grouped
by claim) with and without the extra columns, on the scores ``calibrate`` cached for the model:
macro-F1 out of fold on the three calibration sets, and with the final fit on the two dev sets.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import Paper

# The extra columns of a list of papers, one row each, given the model and window temperature.
Extra = Callable[[VerifierModel, list[Paper], float], np.ndarray]


def compare(model_dir: Path, extra: Extra, label: str) -> dict[str, list[float]]:
    """Print and return the five macro-F1 figures with the model's features, then with
    ``extra``'s columns beside them."""
    # scikit-learn (the aggregator's fit) is a training-only dependency.
    from training.calibrate import (
        claim_folds,
        fit_aggregator,
        fit_temperature,
        out_of_fold,
        paper_arrays,
        predict,
        scored_papers,
    )
    from training.calibration_data import window_logits_and_labels
    from training.grounding import SETS, macro

    model = VerifierModel(model_dir)
    cal, dev = scored_papers(model_dir, model, 13)
    temperature = fit_temperature(*window_logits_and_labels(cal))
    base, _ = paper_arrays(cal, temperature)
    added = extra(model, cal, temperature)
    dev_base = {name: paper_arrays(papers, temperature)[0] for name, papers in dev.items()}
    dev_added = {name: extra(model, papers, temperature) for name, papers in dev.items()}
    y = np.array([p.label for p in cal])
    folds = claim_folds(cal, 13)
    rows: dict[str, list[float]] = {}
    for name, with_extra in (("model's features", False), (f"+ {label}", True)):
        x = np.hstack([base, added]) if with_extra else base
        oof = out_of_fold(x, y, folds)
        final = fit_aggregator(x, y)
        figures = []
        for set_name in SETS[:3]:
            idx = [i for i, p in enumerate(cal) if p.dataset == set_name]
            figures.append(macro([cal[i] for i in idx], oof[idx]))
        for set_name in SETS[3:]:
            dx = dev_base[set_name]
            if with_extra:
                dx = np.hstack([dx, dev_added[set_name]])
            figures.append(macro(dev[set_name], predict(final, dx)))
        rows[name] = figures
    print("| aggregator features | " + " | ".join(SETS) + " | mean of 5 |")
    print("|---" * (len(SETS) + 2) + "|")
    for name, figures in rows.items():
        cells = " | ".join(f"{v:.3f}" for v in figures)
        print(f"| {name} | {cells} | {np.mean(figures):.3f} |", flush=True)
    return rows
