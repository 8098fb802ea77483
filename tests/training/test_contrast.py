"""Contrast edits of the verifier's training data (training/contrast.py), on a real spaCy parse."""

from __future__ import annotations

import random

import pytest
from training.contrast import (
    change_number,
    direction_words,
    donor_pool,
    flip_direction,
    flip_word,
    negate,
    parse,
    swap_entity,
)


def _one(text: str):
    return parse([text])[0]


@pytest.mark.parametrize(
    ("claim", "negated"),
    [
        ("Aspirin reduces the risk of stroke.", "Aspirin does not reduce the risk of stroke."),
        ("Exercise increased glucose uptake.", "Exercise did not increase glucose uptake."),
        ("Smoking was associated with cancer.", "Smoking was not associated with cancer."),
        ("Vitamin D does not prevent fractures.", "Vitamin D prevents fractures."),
        ("Pooling layers have no learnable weights.", "Pooling layers have learnable weights."),
        ("The treatment is effective.", "The treatment is not effective."),
        ("Patients can't tolerate the dose.", "Patients can tolerate the dose."),
    ],
)
def test_negation_lands_on_the_main_assertion(claim: str, negated: str) -> None:
    assert negate(_one(claim)) == negated


def test_negating_twice_gives_back_the_claim() -> None:
    claim = "Metformin lowers blood glucose in adults."
    once = negate(_one(claim))
    assert once is not None and once != claim
    assert negate(_one(once)) == claim


def test_direction_flip_keeps_inflection() -> None:
    assert flip_direction(_one("Exercise increased insulin sensitivity."), random.Random(0)) == (
        "Exercise decreased insulin sensitivity."
    )
    assert flip_word(_one("Rates were higher in the treated group."), "higher") == (
        "Rates were lower in the treated group."
    )
    assert flip_direction(_one("The cat sat on the mat."), random.Random(0)) is None


def test_the_same_direction_word_is_flipped_in_claim_and_passage() -> None:
    claim = _one("Statins reduce cholesterol.")
    passage = _one("In the trial, statins reduced LDL cholesterol by a third.")
    shared = direction_words(claim) & direction_words(passage)
    assert shared == {"reduce"}
    flipped = flip_word(passage, "reduce")
    assert flipped == "In the trial, statins increased LDL cholesterol by a third."


def test_numbers_years_and_words_change() -> None:
    rng = random.Random(3)
    year = change_number("SciPy 1.0 was released in 2017.", rng, only={"2017"})
    assert year is not None and "2017" not in year and year.startswith("SciPy 1.0 was released in ")
    assert change_number("The dose was 40 mg daily.", rng) != "The dose was 40 mg daily."
    assert change_number("Three patients died.", rng) != "Three patients died."
    assert change_number("No numbers here.", rng) is None
    assert change_number("Released in 2017.", rng, only={"1999"}) is None


def test_entities_are_swapped_within_their_kind() -> None:
    donors = donor_pool(parse(["BRCA1 mutations occur in Germany.", "TP53 is studied in France."]))
    swapped = swap_entity(_one("BRCA1 mutations are common in Germany."), donors, random.Random(1))
    assert swapped is not None
    text, replaced = swapped
    assert replaced in {"BRCA1", "Germany"}
    assert replaced not in text
    assert ("TP53" in text) or ("France" in text)


def test_an_edit_that_does_not_parse_cleanly_is_not_forced() -> None:
    # The small parser reads "increased" here as an adjective of "mortality": no main verb.
    assert negate(_one("The drug increased mortality.")) is None
