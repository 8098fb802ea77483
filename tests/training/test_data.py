"""Training reads Citation-Integrity's claims as ``claimaudit eval`` does (training/data.py), so
the figures in the model card are the ones ``eval`` reproduces."""

from __future__ import annotations

import json

import pytest
from training.data import DATA, clean_claim

from claimaudit.evaluation.datasets import read_pairs
from claimaudit.library.scifact import CorpusFormat

DEV = DATA / "citation-integrity" / "claims_dev.jsonl"


def test_a_bracket_that_holds_no_slot_is_claim_text() -> None:
    # The old pattern took any bracket holding "CI" for a citation slot.
    claim = "Risk rose [odds ratio 3.11, 95% CI 2.12-4.55] in ARLD <|cit|>."
    assert clean_claim(claim) == "Risk rose [odds ratio 3.11, 95% CI 2.12-4.55] in ARLD."


def test_sentences_parted_by_a_slot_stay_parted() -> None:
    assert clean_claim("GI bleed.<|other_cit|> Severe cases fail.") == (
        "GI bleed. Severe cases fail."
    )


@pytest.mark.skipif(not DEV.is_file(), reason="needs ../shared/data/citation-integrity")
def test_every_dev_claim_reads_as_eval_reads_it() -> None:
    evaluated = {p.claim_id: p.claim for p in read_pairs(CorpusFormat.CITATION_INTEGRITY, DEV)}
    rows = [json.loads(line) for line in DEV.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == len(evaluated) == 316
    assert all(clean_claim(row["claim"]) == evaluated[str(row["id"])] for row in rows)
