"""The model card's selective-prediction figures (training/model_card.py)."""

from __future__ import annotations

from training.model_card import risk_table, selective_line


def test_no_cleared_answer_has_no_precision_in_the_card() -> None:
    # Older metrics files stored 1.0 over nothing cleared: the card read "0 cleared, 1.000 right".
    for stored in (1.0, None):
        point = {"threshold": 0.9, "cleared": 0, "precision": stored}
        point["coverage_of_true_supports"] = 0.0
        assert "| 0.90 | 0 | n/a | 0.000 |" in risk_table({"risk_coverage_out_of_fold": [point]})
        assert selective_line(point).startswith("0 cleared, so no precision, 0.000")


def test_cleared_answers_show_their_precision() -> None:
    point = {"threshold": 0.6, "cleared": 4, "precision": 0.75, "coverage_of_true_supports": 0.1}
    assert "| 0.60 | 4 | 0.750 | 0.100 |" in risk_table({"risk_coverage_out_of_fold": [point]})
    assert selective_line(point).startswith("4 cleared, 0.750 right, 0.100")
