"""Run 13b's hard rules (training/rule_overrides.py): when each would fire."""

from __future__ import annotations

import numpy as np
from training.calibration_data import SUP, Paper
from training.rule_overrides import entity_missing, overreach

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import scoring
from claimaudit.judges.local.windows import Windows


def _paper(claim: str, texts: list[str], best: int) -> Paper:
    logits = np.zeros((len(texts), 4))
    logits[best, 0] = 5.0  # the window the paper's evidence comes from
    scores = scoring.Scores(Windows(texts, list(range(len(texts)))), list(range(len(texts))),
                            logits, np.zeros(4), 10)  # fmt: skip
    return Paper("scifact", "1", claim, tuple(texts), SUP, frozenset(), True, scores)


def test_overreach_fires_on_a_universal_the_evidence_does_not_state() -> None:
    texts = ["Most patients improved after surgery.", "Every patient was followed for a year."]
    features = np.zeros(len(agg.FEATURE_NAMES))
    # The evidence is the first window: "every" is not in it, though another window has it.
    assert overreach(_paper("Every patient improved after surgery.", texts, 0), features, 1.0)
    assert not overreach(_paper("Most patients improved after surgery.", texts, 0), features, 1.0)
    assert not overreach(_paper("Patients improved after surgery.", texts, 0), features, 1.0)


def test_entity_rule_reads_the_consistency_feature() -> None:
    features = np.zeros(len(agg.FEATURE_NAMES))
    paper = _paper("SIFT keypoints are matched.", ["ORB keypoints are matched."], 0)
    assert not entity_missing(paper, features, 1.0)
    features[agg.FEATURE_NAMES.index("entity_missing")] = 1.0
    assert entity_missing(paper, features, 1.0)


def test_number_and_direction_rules_read_their_checks_and_name_contradicts() -> None:
    from training.rule_overrides import CONTRADICTS, RULES, direction_conflict, number_conflict

    paper = _paper("Misclassified examples have higher scores.", ["They have lower scores."], 0)
    features = np.zeros(len(agg.FEATURE_NAMES))
    assert not number_conflict(paper, features, 1.0)
    assert not direction_conflict(paper, features, 1.0)
    features[agg.FEATURE_NAMES.index("number_conflict")] = 1.0
    assert number_conflict(paper, features, 1.0)
    assert not direction_conflict(paper, features, 1.0)
    features[agg.FEATURE_NAMES.index("direction_conflict")] = 1.0
    assert direction_conflict(paper, features, 1.0)
    assert RULES["number"][1] == RULES["direction"][1] == CONTRADICTS
