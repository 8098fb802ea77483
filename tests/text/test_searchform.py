"""The one form the search index and the rankers read text in."""

from __future__ import annotations

import pytest

from claimaudit.text.searchform import search_form


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("\u0645\u06cc\u200c\u0634\u0648\u062f", "\u0645\u06cc\u0634\u0648\u062f"),  # ZWNJ
        ("\u06a9\u062a\u0627\u0628", "\u0643\u062a\u0627\u0628"),  # Persian kaf
        ("Stra\u00dfe", "Strasse"),
        ("\u03c0\u03c1\u03bf\u03ca\u03cc\u03bd", "\u03c0\u03c1\u03bf\u03b9\u03cc\u03bd"),
        ("treat\u00adment", "treatment"),
        ("\ufb01nding", "finding"),
    ],
    ids=ascii,
)
def test_two_spellings_a_reader_takes_for_one_read_alike(one: str, other: str) -> None:
    assert search_form(one) == search_form(other)


def test_plain_text_is_itself() -> None:
    for text in ("plain ASCII", "caf\u00e9 \u6df1\u5ea6\u5b66\u4e60", ""):
        assert search_form(text) == text
