"""Run 35's training pairs (training/hard_negatives.py)."""

from __future__ import annotations

from training.data import CON, REL, SUP, UNREL, Pair
from training.hard_negatives import is_real_target_pair, without_established_hard_negatives


def test_only_the_related_sentences_of_established_claims_are_dropped() -> None:
    pairs = [
        Pair("backed", "rationale", SUP, "scifact"),
        Pair("backed", "another sentence", REL, "scifact"),  # dropped
        Pair("refuted", "rationale", CON, "check-covid"),
        Pair("refuted", "another sentence", REL, "check-covid"),  # dropped
        Pair("no evidence", "a sentence", REL, "scifact"),  # a text without evidence: kept
        Pair("backed", "several sentences", REL, "scifact-context"),  # contexts: kept
        Pair("backed", "elsewhere", UNREL, "scifact-unrelated"),
        # the same claim in another set: its related sentence is not established there
        Pair("backed", "a sentence", REL, "citation-integrity"),
    ]
    kept = without_established_hard_negatives(pairs)
    assert [p for p in pairs if p not in kept] == [pairs[1], pairs[3]]


def test_run_22s_selection_keeps_the_three_sets_real_pairs() -> None:
    def pair(source: str) -> Pair:
        return Pair("c", "p", SUP, source)

    assert is_real_target_pair(pair("scifact"))
    assert is_real_target_pair(pair("citation-integrity-context-whole"))
    assert is_real_target_pair(pair("check-covid-unrelated"))
    assert not is_real_target_pair(pair("scifact+contrast-claim-negation"))
    assert not is_real_target_pair(pair("covid-fact"))
    assert not is_real_target_pair(pair("healthver"))
