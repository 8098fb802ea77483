"""The pair model handed the gold evidence (``training/gold_evidence.py``)."""

from __future__ import annotations

from training.gold_evidence import confusion
from training.papers import PaperItem

from claimaudit.judges.local.runtime import VerifierModel

SENTENCES = (
    "We enrolled 400 adults with hypertension.",
    "In the trial, drug X reduced the rate of major cardiovascular events by a third.",
    "Adverse events were rare.",
)


def _item(claim: str, label: str, rationale: frozenset[int]) -> PaperItem:
    return PaperItem("scifact", claim, claim, "d1", SENTENCES, label, rationale)


def test_only_pairs_with_a_relation_and_rationale_are_counted_under_their_gold() -> None:
    items = [
        _item("Drug X reduces major cardiovascular events.", "supports", frozenset({1})),
        _item("Drug X increases major cardiovascular events.", "contradicts", frozenset({1})),
        _item("Drug X cures hair loss.", "not_established", frozenset()),
        _item("Drug X lowers blood pressure.", "supports", frozenset()),
    ]
    counts = confusion(VerifierModel(), items)
    assert sum(counts.values()) == 2
    assert {gold for gold, _ in counts} == {"supports", "contradicts"}
    # A claim its evidence states nearly word for word is read as supported.
    assert counts[("supports", "supports")] == 1
