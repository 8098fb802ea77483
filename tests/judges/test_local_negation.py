"""The rule-based negation behind the verifier's counterfactual probe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.judges.local.negation import negate

SCIFACT = Path(__file__).resolve().parents[3] / "shared" / "data" / "scifact" / "claims_train.jsonl"


@pytest.mark.parametrize(
    ("claim", "negated"),
    [
        # An auxiliary, a copula or a modal takes "not".
        ("SciPy 1.0 was released in 2005.", "SciPy 1.0 was not released in 2005."),
        ("Medications to treat obesity are highly effective.",
         "Medications to treat obesity are not highly effective."),
        ("Sepsis related mortality has remained stable between 2009-2014.",
         "Sepsis related mortality has not remained stable between 2009-2014."),
        # "have" as the main verb becomes "do not have".
        ("Pooling layers have learnable weights.", "Pooling layers do not have learnable weights."),
        # A verb without an auxiliary: do-support in its person and tense.
        ("Drug X reduces the rate of major cardiovascular events.",
         "Drug X does not reduce the rate of major cardiovascular events."),
        ("Statins reduce mortality.", "Statins do not reduce mortality."),
        ("Patients treated with X controlled their glucose.",
         "Patients treated with X did not control their glucose."),
        ("Microcin J25 encourages nucleoside triphosphate (NTP) binding.",
         "Microcin J25 does not encourage nucleoside triphosphate (NTP) binding."),
        # A negated claim loses its negation instead.
        ("RUNX is not expressed in skin tissue.", "RUNX is expressed in skin tissue."),
        ("Klf4 isn't required.", "Klf4 is required."),
        ("The DESMOND program demonstrates no significant impact.",
         "The DESMOND program demonstrates a significant impact."),
        ("Not all patients respond to treatment.", "All patients respond to treatment."),
        ("The model was trained without labels.", "The model was trained with labels."),
    ],
)  # fmt: skip
def test_negation_rules(claim: str, negated: str) -> None:
    assert negate(claim) == negated


def test_a_claim_without_words_has_no_negation() -> None:
    assert negate("?!... --") is None
    assert negate("") is None


def test_negating_twice_gives_the_claim_back() -> None:
    claim = "Drug X does not reduce the rate of events."
    assert negate(claim) == "Drug X does reduce the rate of events."
    assert negate(negate(claim) or "") == claim


@pytest.mark.skipif(not SCIFACT.is_file(), reason="needs ../shared/data/scifact")
def test_most_real_claims_are_negated_and_every_negation_differs() -> None:
    claims = [json.loads(line)["claim"] for line in SCIFACT.read_text("utf-8").splitlines()]
    negated = [negate(c) for c in claims]
    covered = [n for n in negated if n is not None]
    assert len(covered) / len(claims) > 0.9
    assert all(n != c for c, n in zip(claims, negated, strict=True) if n is not None)
    # Negation changes the claim by a word or two, never rewrites it.
    assert all(
        abs(len(n.split()) - len(c.split())) <= 3
        for c, n in zip(claims, negated, strict=True)
        if n is not None
    )


@pytest.mark.parametrize(
    ("claim", "negated"),
    [
        # A draft written in a word processor has typographic apostrophes; the model reads them
        # as plain ones, and so do the rules (it had read "doesn\u2019t do not reduce").
        ("Drug X doesn\u2019t reduce events.", "Drug X does reduce events."),
        ("The model isn\u2019t robust.", "The model is robust."),
        ("The effect wasn\u2019t significant.", "The effect was significant."),
    ],
)
def test_typographic_apostrophes_read_as_plain_ones(claim: str, negated: str) -> None:
    assert negate(claim) == negated
