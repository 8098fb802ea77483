"""A word and its number written as one word and apart, read as one by the rankers
(``text.number_words``)."""

from __future__ import annotations

import pytest

from claimaudit.text.folds import MANY_WORDS
from claimaudit.text.number_words import APART, composed, number_fold, with_joined


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("covid19 deaths rose", "COVID-19 deaths rose."),
        ("COVID-19 deaths rose", "The COVID19 deaths rose."),
        ("CO 2 uptake", "CO2 uptake"),
        ("\uff23\uff2f\uff16\uff10 rose", "CO 60 rose"),
        # QA: the hyphen a PDF or word processor writes ("COVID\u201019", "COVID\u201319").
        ("covid19 deaths rose", "COVID\u201019 deaths rose."),
        ("COVID\u201119 deaths rose", "COVID19 deaths rose."),
        ("covid19 deaths rose", "COVID\u201319 deaths rose."),
    ],
    ids=ascii,
)
def test_a_claim_and_a_passage_writing_the_word_each_way_read_it_joined(
    claim: str, passage: str
) -> None:
    fold = number_fold(claim, ["Nothing here.", passage])
    assert fold is not None
    joined = {w.lower() for w in fold(claim).split() + fold(passage).split()}
    assert {"covid19", "co2", "co60"} & joined


@pytest.mark.parametrize(
    ("claim", "passages"),
    [
        # Written the same way everywhere, or no such word: ranked as before.
        ("COVID-19 deaths rose", ["COVID-19 deaths rose."]),
        ("covid19 deaths rose", ["COVID19 deaths rose."]),
        ("Deaths rose", ["COVID-19 deaths rose."]),
        # One letter: "p 53" is a page reference, as ``library search`` reads it.
        ("p53 binds", ["see p 53"]),
        # A word ending one passage and a number beginning the next are no pair.
        ("covid19 deaths", ["They had covid", "19 deaths followed."]),
    ],
)
def test_any_other_claim_reads_its_passages_as_before(claim: str, passages: list[str]) -> None:
    assert number_fold(claim, passages) is None


def test_only_the_claims_words_are_read_joined() -> None:
    assert with_joined("COVID-19 in 2020, CO 2.5", frozenset({"covid19"})) == (
        "COVID-19 covid19 in 2020, CO 2.5"
    )
    assert [m.group() for m in APART.finditer("x^2 CO 2.5 p 53 COVID 19")] == ["COVID 19"]
    assert composed(None, None) is None
    assert composed(str.upper, None) is str.upper
    both = composed(str.upper, lambda text: text + "!")
    assert both is not None and both("a") == "A!"


def test_a_long_claim_finds_its_words_written_the_other_way_too() -> None:
    # Past MANY_WORDS words the texts are read once for all of them: the same answers.
    filler = " ".join(f"w{i}x{i}" for i in range(MANY_WORDS))
    assert number_fold(f"{filler} covid19", ["They had COVID-19."]) is not None
    assert number_fold(f"{filler} CO 2", ["Its CO2 rose."]) is not None
    assert number_fold(f"{filler} covid19", ["They had covid", "19 deaths."]) is None
