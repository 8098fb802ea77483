"""Study three aggregator features of the claim read against passages that address nothing (run 27).

A pair model can learn a claim-only prior: some sentences read as supported against almost any
on-topic passage. Here the claim is scored against ``NEUTRAL`` (the empty passage and three
sentences on other subjects); the mean of those window probabilities gives ``prior_logit_sup``,
``prior_logit_con`` and ``prior_related``, measured beside the model's own features
(``training.feature_study``):

    .venv/bin/python -m training.claim_prior src/claimaudit/judges/local/model
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import Paper
from training.feature_study import compare

FEATURES = ("prior_logit_sup", "prior_logit_con", "prior_related")
NEUTRAL: tuple[str, ...] = (
    "",
    "Stir the onions in butter over a low heat until they are soft and golden.",
    "Light rain is expected in the north tomorrow, with sunny spells later in the day.",
    "The home side scored twice in the second half to win the match three goals to one.",
)


def prior_row(window_probs: np.ndarray) -> np.ndarray:
    """The three features from the claim's ``(len(NEUTRAL), 4)`` window probabilities: the
    mean's log-odds and relatedness, clipped as the second pass's features are."""
    return agg.joint_features(np.asarray(window_probs, np.float64).mean(axis=0))


def columns(model: VerifierModel, papers: list[Paper], temperature: float) -> np.ndarray:
    rows: dict[str, np.ndarray] = {}
    for claim in dict.fromkeys(p.claim for p in papers):
        logits = model.logits(claim, list(NEUTRAL))[0]
        rows[claim] = prior_row(agg.passage_probabilities(logits, temperature))
    if not papers:
        return np.zeros((0, len(FEATURES)))
    return np.stack([rows[p.claim] for p in papers])


def main() -> None:
    compare(Path(sys.argv[1]), columns, "claim prior")


if __name__ == "__main__":
    main()
