"""Run 29: the verdict as the argmax over three answers (supports, contradicts, not established).

The aggregator's four relations split "not established" in two, so the argmax over four can say
``supports`` while ``not_addressed`` and ``insufficient_evidence`` together are likelier. Here
the same relation probabilities are read both ways (the aggregator fitted as calibration fits
it, on the scores ``calibrate`` cached) and the five figures printed:

    .venv/bin/python -m training.merged_decision MODEL_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import Paper, window_logits_and_labels
from training.feature_study import predictions, print_rows
from training.grounding import macro_of_labels

SUPPORTS, CONTRADICTS, NOT_ADDRESSED, INSUFFICIENT = range(4)


def merged_choice(relation: np.ndarray) -> np.ndarray:
    """Per row: the argmax of (supports, contradicts, not_addressed + insufficient_evidence),
    the larger part naming a not-established answer (ties go to the earlier option)."""
    relation = np.asarray(relation, dtype=np.float64)
    three = np.stack(
        [relation[:, SUPPORTS], relation[:, CONTRADICTS], relation[:, 2] + relation[:, 3]], axis=1
    )
    best = three.argmax(axis=1)
    unestablished = np.where(
        relation[:, INSUFFICIENT] > relation[:, NOT_ADDRESSED], INSUFFICIENT, NOT_ADDRESSED
    )
    return np.where(best == 2, unestablished, best)


def both_rules(
    cal: list[Paper], dev: dict[str, list[Paper]], x: np.ndarray, dev_x: dict[str, np.ndarray]
) -> dict[str, list[float]]:
    """The five figures of one aggregator fit under the argmax over four and over three."""
    fitted = predictions(cal, dev, x, dev_x).values()
    return {
        name: [macro_of_labels(papers, decide(relation)) for papers, relation in fitted]
        for name, decide in (("argmax of four", lambda r: r.argmax(1)), ("of three", merged_choice))
    }


def main() -> None:
    from training.calibrate import fit_temperature, paper_arrays, scored_papers

    model_dir = Path(sys.argv[1])
    cal, dev = scored_papers(model_dir, VerifierModel(model_dir), 13)
    t = fit_temperature(*window_logits_and_labels(cal))
    x = paper_arrays(cal, t)[0]
    dev_x = {name: paper_arrays(papers, t)[0] for name, papers in dev.items()}
    print_rows(both_rules(cal, dev, x, dev_x))


if __name__ == "__main__":
    main()
