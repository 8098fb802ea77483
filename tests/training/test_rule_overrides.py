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


def test_slot_rule_fires_only_on_a_number_given_otherwise_among_the_same_words() -> None:
    from training.rule_overrides import CONTRADICTS, RULES, slot_conflict, slot_number

    release = "SciPy 1.0 was released in late 2017 after 16 years of development."
    assert slot_conflict("SciPy 1.0 was released in 2005.", release)
    assert not slot_conflict("SciPy 1.0 was released in 2017.", release)  # the same year
    # Another number among other words: a sample size from elsewhere, no conflict (run 32's
    # rule fired on such pairs).
    assert not slot_conflict(
        "We recruited 500 patients with asthma.",
        "Of the 1,200 adults enrolled, 600 had asthma at baseline.",
    )
    # Kinds must match: a percentage is not compared with a count or a year.
    assert slot_conflict(
        "The classifier reached 75% accuracy on the test set.",
        "On the held-out test set the classifier reached 90% accuracy.",
    )
    assert not slot_conflict(
        "The classifier reached 75% accuracy on the test set.",
        "On the held-out test set the classifier reached 90 accuracy points.",
    )
    features = np.zeros(len(agg.FEATURE_NAMES))
    paper = _paper("SciPy 1.0 was released in 2005.", ["Unrelated text.", release], 1)
    assert slot_number(paper, features, 1.0)
    assert not slot_number(_paper(paper.claim, ["Unrelated text.", release], 0), features, 1.0)
    assert RULES["slot_number"][1] == CONTRADICTS


def test_name_rule_fires_only_on_a_name_given_otherwise_among_the_same_words() -> None:
    from training.rule_overrides import CONTRADICTS, RULES, name_conflict, slot_name

    source = (
        "The source code is mainly written in Python, although certain performance critical "
        "sections are implemented in Cython."
    )
    assert name_conflict("scikit-image is written in Java.", source)
    assert not name_conflict("scikit-image is written in Python.", source)  # the same name
    # A name among other words: not compared (a citing sentence names its own things).
    assert not name_conflict("Results were confirmed in Europe.", source)
    # A capitalised word opening the sentence is not a name.
    assert not name_conflict("Java code is written quickly.", "Code in Python is written.")
    paper = _paper("scikit-image is written in Java.", ["Unrelated text.", source], 1)
    features = np.zeros(len(agg.FEATURE_NAMES))
    assert slot_name(paper, features, 1.0)
    assert not slot_name(_paper(paper.claim, ["Unrelated text.", source], 0), features, 1.0)
    assert RULES["slot_name"][1] == CONTRADICTS
