"""The spellings of one word the rankers read as one (``text.folds``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from claimaudit.text.folds import (
    MANY_WORDS,
    folded,
    holds_word,
    joined_marks,
    plain_written_out,
    spelling_fold,
    umlaut_plain,
    umlauts_plain,
)


def test_a_letters_marked_exponent_or_index_is_read_joined() -> None:
    assert joined_marks("x^2, x_{2}, CO_2, H_2O, H$_2$O and CO$_2$ uptake") == (
        "x2, x2, CO2, H2O, H2O and CO2 uptake"
    )
    # A number's exponent, a sign, an identifier, a "$" that opens other math: as written.
    assert joined_marks("10^5 x^-1 snake_case a_b H_2$x$") == "10^5 x^-1 snake_case a_b H2$x$"


def test_an_umlaut_written_out_is_read_as_the_index_reads_the_letter() -> None:
    assert umlaut_plain("mueller") == "muller"
    assert umlaut_plain("soeren") == "soren"
    for word in ("quelle", "rodrigues", "poet", "does", "muller", "caf\u00e9"):
        assert umlaut_plain(word) is None, word
    assert folded("Mueller and SCHROEDER met Muller") == "muller and schroder met Muller"


@pytest.mark.parametrize(
    ("claim", "fold"),
    [
        ("x\u00b2 grows", joined_marks),
        ("x^2 grows", joined_marks),
        ("CO2 rose", joined_marks),
        ("M\u00fcller found", umlauts_plain),
        ("Mueller found the eigenvalue", umlauts_plain),
        ("S\u00f8ren found x\u00b2", folded),
    ],
    ids=lambda value: ascii(value) if isinstance(value, str) else value.__name__,
)
def test_a_claim_with_such_a_word_reads_its_passages_folded(
    claim: str, fold: Callable[[str], str]
) -> None:
    # Each alone where only it is called for: "x^2" joined is one word where it was two, which
    # changes the length of every passage holding one, and so an "eigenvalue" claim's ranking.
    assert spelling_fold(claim) is fold


@pytest.mark.parametrize("claim", ["Attention helps.", "p 53 of the report", "Muller found"])
def test_any_other_claim_reads_its_passages_as_before(claim: str) -> None:
    assert spelling_fold(claim) is None


def test_a_plain_claim_word_a_passage_writes_out_reads_its_passages_folded() -> None:
    # QA: "Muller" found "Mueller" in ``library search`` (a guess the index holds), but the
    # rankers read a claim's "Muller" and a passage's "Mueller" as two words.
    passages = ["Attention is all you need.", "As MUELLER et al. showed."]
    assert spelling_fold("Muller found it", passages) is umlauts_plain
    assert spelling_fold("Muller found x\u00b2", passages) is folded
    assert plain_written_out("Gartner", ["Gaertner"])
    # A passage's written-out word no claim word reads as, or a claim too short to be one.
    assert spelling_fold("Attention helps", passages) is None
    assert spelling_fold("Mul found it", passages) is None
    assert not plain_written_out("Muller", ["quelle", "does", "poet"])


def test_a_long_claims_plain_words_are_looked_for_written_out_too() -> None:
    # Past MANY_WORDS spellings the texts are read once for all of them: the same answers.
    filler = " ".join(f"word{chr(97 + i // 26)}{chr(97 + i % 26)}a" for i in range(MANY_WORDS))
    assert plain_written_out(f"{filler} Muller", ["As MUELLER showed."])
    assert not plain_written_out(f"{filler} Muller", ["As XMUELLER showed.", "Mueller2"])


def test_a_word_is_held_only_where_it_begins_one() -> None:
    assert holds_word("as mueller showed", "mueller\\b")
    assert not holds_word("xmueller, _mueller, ^mueller, 2mueller", "mueller\\b")
    assert holds_word("mueller", "mueller\\b")
