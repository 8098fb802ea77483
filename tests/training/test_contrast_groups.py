"""Contrast edits paired with their originals, and the ranking loss over them (run 20)."""

from __future__ import annotations

import pytest
from training.contrast_groups import groups
from training.data import CON, REL, SUP

PASSAGE = "Drug X reduced the rate of events. Patients were followed for two years."
OTHER = "Drug Y had no effect on sleep."


def _row(claim: str, passage: str, label: int, source: str) -> dict[str, object]:
    return {"claim": claim, "passage": passage, "label": label, "source": source}


ORIGINALS = [
    _row("Drug X reduces the rate of events.", PASSAGE, SUP, "scifact"),
    _row("Patients were followed for years.", PASSAGE, SUP, "scifact"),
    _row("Drug Y improves sleep.", OTHER, CON, "checkcovid"),
    _row("Drug X reduces the rate of events.", OTHER, REL, "scifact"),
]


def test_a_claim_edit_loses_to_the_closest_original_on_its_passage() -> None:
    negated = "Drug X does not reduce the rate of events."
    edit = _row(negated, PASSAGE, CON, "scifact+contrast-claim-negation")
    [(winner, loser)] = groups(ORIGINALS, [edit])
    assert winner["claim"] == "Drug X reduces the rate of events."
    assert winner["passage"] == PASSAGE and winner["label"] == SUP
    assert loser["claim"] == edit["claim"] and loser["kind"] == "claim-negation"


def test_a_passage_edit_loses_to_its_claim_against_the_original_passage() -> None:
    edited = "Drug X did not reduce the rate of events. Patients were followed for two years."
    edit = _row(
        "Drug X reduces the rate of events.", edited, CON, "scifact+contrast-passage-negation"
    )
    [(winner, loser)] = groups(ORIGINALS, [edit])
    assert (winner["passage"], winner["label"]) == (PASSAGE, SUP)
    assert loser["passage"] == edited


def test_a_contradicted_claim_negated_back_wins_over_the_original() -> None:
    edit = _row("Drug Y does not improve sleep.", OTHER, SUP, "checkcovid+contrast-negated-back")
    [(winner, loser)] = groups(ORIGINALS, [edit])
    assert winner["claim"] == "Drug Y does not improve sleep."
    assert (loser["claim"], loser["label"]) == ("Drug Y improves sleep.", CON)


def test_edits_without_a_loser_or_an_original_make_no_group() -> None:
    both = _row("X does not help.", "X did not help.", SUP, "scifact+contrast-both-negated")
    orphan = _row("Z does not work.", "Unseen passage.", CON, "scifact+contrast-claim-negation")
    real = _row("Drug X reduces the rate of events.", PASSAGE, SUP, "scifact")
    assert groups(ORIGINALS, [both, orphan, real]) == []


def test_the_ranking_loss_asks_the_winner_to_lead_by_the_margin() -> None:
    torch = pytest.importorskip("torch")
    from training.train_loop import ranking_loss

    sup_wins = torch.tensor([[4.0, 0.0, 0.0, 0.0], [0.0, 4.0, 0.0, 0.0]])
    assert ranking_loss(sup_wins, margin=1.0).item() == 0.0
    tied = torch.tensor([[2.0, 0.0, 0.0, 0.0], [2.0, 0.0, 0.0, 0.0]], requires_grad=True)
    loss = ranking_loss(tied, margin=1.0)
    assert loss.item() == pytest.approx(1.0)
    loss.backward()
    assert tied.grad is not None
    assert tied.grad[0, SUP].item() < 0 < tied.grad[1, SUP].item()
