"""The judge's two passes: what the second pass reads, and features from the first."""

from __future__ import annotations

import numpy as np

from claimaudit.judges.local.scoring import Scores, joint_context, paper_inputs
from claimaudit.judges.local.windows import Windows

# Logits whose softmax puts most mass on "unrelated" (low) or on "related" (high).
OFF = [0.0, 0.0, 0.0, 4.0]
ON = [0.0, 0.0, 4.0, 0.0]


def test_the_second_pass_reads_the_most_related_windows_in_document_order() -> None:
    texts = ["zero", "one", "two", "three", "four"]
    logits = np.array([OFF, ON, OFF, ON, ON])
    assert joint_context(texts, logits, max_windows=2, max_chars=100) == "one three"
    # With room for four, the best unrelated window (the first, by document order) joins them.
    assert joint_context(texts, logits, max_windows=4, max_chars=100) == "zero one three four"


def test_the_second_pass_keeps_within_its_character_budget() -> None:
    texts = ["a" * 50, "b" * 50, "c" * 50]
    logits = np.array([ON, ON, ON])
    context = joint_context(texts, logits, max_windows=4, max_chars=110)
    assert context == "a" * 50 + " " + "b" * 50
    # One window longer than the budget is still read rather than nothing.
    assert joint_context(["x" * 500], np.array([ON]), max_windows=4, max_chars=100) == "x" * 500


def test_the_consistency_features_read_the_claim_without_its_citation_markers() -> None:
    # "(Virtanen et al., 2020)" is no year of the claim's, as the windows read no markers.
    windows = Windows(["SciPy is widely used by scientists in 2017."], [0])
    scores = Scores(windows, [0], np.array([[2.0, 0.0, 0.0, 0.0]]), np.zeros(4), 0)
    cited = paper_inputs(scores, "SciPy is widely used (Virtanen et al., 2020).", 1.0)
    plain = paper_inputs(scores, "SciPy is widely used.", 1.0)
    assert cited.features is not None and plain.features is not None
    assert np.array_equal(cited.features, plain.features)
