"""A locator or a "respectively" after a removed citation, outside its brackets, goes with it."""

from __future__ import annotations

import pytest

from claimaudit.review.leftovers import REMOVED, tidy


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (f"X holds {REMOVED}, p. 3.", "X holds."),
        (f"X holds {REMOVED}, pp. 3-5, and Y fails.", "X holds, and Y fails."),
        (f"As shown in {REMOVED}, p. 3, X holds.", "X holds."),
        (f"According to {REMOVED}, ch. 2, X holds.", "X holds."),
        (f"X holds {REMOVED}, Table S2.", "X holds."),
        (f"X holds {REMOVED}, p. xiv.", "X holds."),
        # The author's own words after a comma stay.
        (f"X holds {REMOVED}, tables included.", "X holds, tables included."),
        (f"X holds {REMOVED}, Table 2 shows Y.", "X holds, Table 2 shows Y."),
    ],
)
def test_a_locator_after_a_removed_citation_goes_with_it(text: str, tidied: str) -> None:
    # QA: "See [1], p. 3, for X." read "P. 3, for X." and "X holds [1], p. 3." "X holds, p.
    # 3.": the locator points into the work, which the claim no longer names.
    assert tidy(text, marked=True) == tidied


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (f"X and Y hold {REMOVED}{REMOVED}, respectively.", "X and Y hold."),
        (f"X and Y were shown in {REMOVED} and {REMOVED}, respectively.", "X and Y were shown."),
        # The works named in their place: "respectively" still pairs them.
        (
            f"X and Y were proposed by {REMOVED} and {REMOVED}, respectively.",
            "X and Y were proposed by the cited works, respectively.",
        ),
        (
            f"X and Y hold for A and B, respectively {REMOVED}.",
            "X and Y hold for A and B, respectively.",
        ),
    ],
)
def test_respectively_pairing_removed_citations_goes_with_them(text: str, tidied: str) -> None:
    # QA: "X and Y were shown in [1] and [2], respectively." read "X and Y were shown,
    # respectively.", pairing X and Y with nothing.
    assert tidy(text, marked=True) == tidied


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (f"X holds {REMOVED} and references therein.", "X holds."),
        (f"X holds {REMOVED} (and references therein).", "X holds."),
        (f"X holds (see {REMOVED} and references therein).", "X holds."),
        (f"X holds {REMOVED}, among others.", "X holds."),
        (f"X holds {REMOVED}, among others, in mice.", "X holds, in mice."),
        (f"X holds (among others, {REMOVED}).", "X holds."),
        ("X holds for mice, among others.", "X holds for mice, among others."),
    ],
)
def test_words_saying_citations_are_a_sample_go_with_them(text: str, tidied: str) -> None:
    # QA: "X holds [1] and references therein." read "X holds and references therein." and "X
    # holds [1], among others." "X holds, among others.".
    assert tidy(text, marked=True) == tidied
