"""Does a candidate aggregator input add to a model's aggregator? (runs 24 to 26)

The aggregator is refitted as calibration fits it (window temperature, C 0.5, five folds grouped
by claim) on the scores ``calibrate`` cached for a model: macro-F1 out of fold on the three
calibration sets, and with the final fit on the two dev sets.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import Paper

# The extra columns of a list of papers, one row each, given the model and window temperature.
Extra = Callable[[VerifierModel, list[Paper], float], np.ndarray]
SETS = ("scifact", "citation-integrity", "check-covid", "citation-integrity-dev", "check-covid-dev")


def predictions(
    cal: list[Paper], dev: dict[str, list[Paper]], x: np.ndarray, dev_x: dict[str, np.ndarray]
) -> dict[str, tuple[list[Paper], np.ndarray]]:
    """Each set's papers and relation probabilities from an aggregator fitted on ``x`` (one row
    per calibration paper): out of fold on the calibration sets, the final fit on the dev sets;
    in ``SETS`` order."""
    # scikit-learn (the aggregator's fit) is a training-only dependency.
    from training.calibrate import claim_folds, fit_aggregator, out_of_fold, predict

    y = np.array([p.label for p in cal])
    oof = out_of_fold(x, y, claim_folds(cal, 13))
    final = fit_aggregator(x, y)
    out: dict[str, tuple[list[Paper], np.ndarray]] = {}
    for name in SETS[:3]:
        idx = [i for i, p in enumerate(cal) if p.dataset == name]
        out[name] = ([cal[i] for i in idx], oof[idx])
    for name in SETS[3:]:
        out[name] = (dev[name], predict(final, dev_x[name]))
    return out


def figures(
    cal: list[Paper], dev: dict[str, list[Paper]], x: np.ndarray, dev_x: dict[str, np.ndarray]
) -> list[float]:
    """The five macro-F1 figures of an aggregator fitted on ``x`` (see ``predictions``)."""
    from training.grounding import macro

    fitted = predictions(cal, dev, x, dev_x).values()
    return [macro(papers, relation) for papers, relation in fitted]


def scored_figures(cal: list[Paper], dev: dict[str, list[Paper]]) -> list[float]:
    """The five figures of papers' own scores: window temperature and aggregator fitted as
    calibration fits them."""
    from training.calibrate import fit_temperature, paper_arrays
    from training.calibration_data import window_logits_and_labels

    t = fit_temperature(*window_logits_and_labels(cal))
    return figures(
        cal, dev, paper_arrays(cal, t)[0], {n: paper_arrays(p, t)[0] for n, p in dev.items()}
    )


def print_rows(rows: dict[str, list[float]]) -> None:
    print("| aggregator | " + " | ".join(SETS) + " | mean of 5 |")
    print("|---" * (len(SETS) + 2) + "|")
    for name, values in rows.items():
        cells = " | ".join(f"{v:.3f}" for v in values)
        print(f"| {name} | {cells} | {np.mean(values):.3f} |", flush=True)


def compare(model_dir: Path, extra: Extra, label: str) -> dict[str, list[float]]:
    """Print and return the five figures with the model's features, then with ``extra``'s
    columns beside them."""
    from training.calibrate import fit_temperature, paper_arrays, scored_papers
    from training.calibration_data import window_logits_and_labels

    model = VerifierModel(model_dir)
    cal, dev = scored_papers(model_dir, model, 13)
    temperature = fit_temperature(*window_logits_and_labels(cal))
    base = paper_arrays(cal, temperature)[0]
    dev_base = {name: paper_arrays(papers, temperature)[0] for name, papers in dev.items()}
    added = extra(model, cal, temperature)
    dev_added = {name: extra(model, papers, temperature) for name, papers in dev.items()}
    rows = {
        "model's features": figures(cal, dev, base, dev_base),
        f"+ {label}": figures(
            cal,
            dev,
            np.hstack([base, added]),
            {name: np.hstack([dev_base[name], dev_added[name]]) for name in dev},
        ),
    }
    print_rows(rows)
    return rows
