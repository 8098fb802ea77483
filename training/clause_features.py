"""Study three aggregator features of the claim read clause by clause (run 25).

A citing sentence is often accurate for one of its clauses only, and the pair model reads the
whole sentence against each window. Here a claim is split at clause boundaries, each clause is
scored alone against the four windows the whole claim finds most related, and the best and
worst clause's best ``supports`` (and the best ``contradicts``) become features beside the
model's own (``training.feature_study``):

    .venv/bin/python -m training.clause_features src/claimaudit/judges/local/model
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import Paper
from training.feature_study import compare

FEATURES = ("clause_max_sup", "clause_min_sup", "clause_max_con")
TOP_WINDOWS = 4
MIN_WORDS = 4
_BOUNDARY = re.compile(
    r";|, (?:but|while|whereas|although|which)\b"
    r"|,? and (?=(?:it|they|this|these|those|we|its|their|the|a|an)\b)"
)


def clauses(claim: str) -> list[str]:
    """The claim's clauses of at least ``MIN_WORDS`` words, or [] where it does not split."""
    parts = [p.strip(" ,") for p in _BOUNDARY.split(claim)]
    parts = [p for p in parts if len(p.split()) >= MIN_WORDS]
    return parts if len(parts) > 1 else []


def top_windows(paper: Paper) -> list[int]:
    """Rows of the paper's scored windows most related to the whole claim (not unrelated)."""
    assert paper.scores is not None
    related = 1.0 - agg.softmax(np.asarray(paper.scores.window_logits, np.float64), axis=1)[:, 3]
    return [int(i) for i in np.argsort(-related, kind="stable")[:TOP_WINDOWS]]


def columns(model: VerifierModel, papers: list[Paper], temperature: float) -> np.ndarray:
    rows = []
    for paper in papers:
        assert paper.scores is not None
        chosen = top_windows(paper)
        if not chosen:
            rows.append(np.zeros(len(FEATURES)))
            continue
        texts = [paper.scores.windows.texts[paper.scores.kept[i]] for i in chosen]
        parts = clauses(paper.claim)
        if parts:
            probs = [
                agg.passage_probabilities(model.logits(part, texts)[0], temperature)
                for part in parts
            ]
        else:
            whole = np.asarray(paper.scores.window_logits, np.float64)[chosen]
            probs = [agg.passage_probabilities(whole, temperature)]
        best_sup = [float(p[:, 0].max()) for p in probs]
        best_con = [float(p[:, 1].max()) for p in probs]
        rows.append(np.array([max(best_sup), min(best_sup), max(best_con)]))
    return np.stack(rows)


def main() -> None:
    compare(Path(sys.argv[1]), columns, "clauses")


if __name__ == "__main__":
    main()
