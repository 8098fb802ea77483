"""The text the search index reads for a passage: its NFKC form, kept only where it differs."""

from __future__ import annotations

import sqlite3

import pytest

from claimaudit.library.search_text import SQL_NAME, register, search_text
from claimaudit.text.searchform import _unfolded


@pytest.mark.parametrize(
    ("text", "indexed"),
    [
        ("Our \ufb01nding holds.", "Our finding holds."),  # a ligature
        ("\uff33\uff4f\uff46\uff54 in \uff12\uff10\uff12\uff14", "Soft in 2024"),  # full-width
        ("x\u00b2", "x2"),
        ("Plain text, caf\u00e9 and \u6df1\u5ea6\u5b66\u4e60.", None),  # already normal
        ("", None),
        # Capitals the index's tokenizer (unicode61, Unicode 6.1's case table) cannot fold:
        # Cherokee as written, Georgian Mtavruli, Adlam, a Latin letter of Unicode 7.
        ("\u13e3\u13b3\u13a9 text", "\uabb3\uab83\uab79 text"),
        ("\u1c92\u1c90 \U0001e900 \ua7b0", "\u10d2\u10d0 \U0001e922 \u029e"),
        ("\ufb01 \u13a0", "fi \uab70"),  # both at once
        # Invisible characters inside words: a soft hyphen, a word joiner, a BOM, a
        # combining grapheme joiner; zero-width (non-)joiners stay but after an Arabic-script
        # letter ("می‌خواهم" is "میخواهم" as often typed) or inside an Indic word. (The
        # Persian yeh is read as the Arabic one, as below.) A zero-width space is the word
        # break it marks in Thai or CJK text: a space.
        (
            "con\u00adtrol treat\u200bment pla\u2060ce\ufeffbo dia\u034fgnosis",
            "control treat ment placebo diagnosis",
        ),
        (
            "\u0e20\u0e32\u0e29\u0e32\u200b\u0e44\u0e17\u0e22",
            "\u0e20\u0e32\u0e29\u0e32 \u0e44\u0e17\u0e22",
        ),
        (
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
            "\u0645\u064a\u062e\u0648\u0627\u0647\u0645",
        ),
        # The Persian kaf and yeh, which a keyboard of Arabic layout types as the Arabic ones:
        # "کتاب یک" reads as "كتاب يك".
        ("\u06a9\u062a\u0627\u0628 \u06cc\u06a9", "\u0643\u062a\u0627\u0628 \u064a\u0643"),
        ("\u0643\u062a\u0627\u0628 \u064a\u0643", None),
        ("\U0001f469\u200d\U0001f52c Persian\u200c", None),  # an emoji's joiner, a stray one
        ("\u00c9COLE \u0391\u0398\u0397\u039d\u0391", None),  # folded by it
        # A German sharp s, which its capitals write "SS", read as "ss".
        ("Stra\u00dfe STRA\u1e9eE", "Strasse STRAssE"),
        # A Greek vowel's dialytika, which typing without accents leaves out: "προϊόν" and
        # "ΠΡΟΪΟΝ" read "προιόν" and "ΠΡΟΙΟΝ" (the tonos stays, looked for in each spelling).
        (
            "\u03c0\u03c1\u03bf\u03ca\u03cc\u03bd \u03a0\u03a1\u039f\u03aa\u039f\u039d",
            "\u03c0\u03c1\u03bf\u03b9\u03cc\u03bd \u03a0\u03a1\u039f\u0399\u039f\u039d",
        ),
    ],
)
def test_the_normal_form_is_kept_only_where_it_differs(text: str, indexed: str | None) -> None:
    assert search_text(text) == indexed


def test_sql_reads_it_too_and_leaves_other_values_unindexed() -> None:
    conn = sqlite3.connect(":memory:")
    register(conn)
    row = conn.execute(f"SELECT {SQL_NAME}(?), {SQL_NAME}('plain'), {SQL_NAME}(NULL)", ("\ufb01",))
    assert row.fetchone() == ("fi", None, None)


def test_the_capitals_the_tokenizer_leaves_are_looked_for_as_ranges() -> None:
    # Each of some 390 capitals written out in the pattern (220 past the BMP, read one by one)
    # made each non-ASCII passage's search form slow to make: an upgrade of a library of
    # 46,000 passages took a minute. Ranges find the same capitals and nothing else.
    table, capitals = _unfolded()
    assert capitals.pattern.count("-") > 0 and len(capitals.pattern) < len(table)
    for code in range(0x370, 0x1F000):
        assert (capitals.match(chr(code)) is not None) == (code in table), hex(code)


def test_superscript_digits_after_a_digit_are_an_exponent_apart() -> None:
    # QA: NFKC made "10⁵" the number "105" ("105" found it, "10^5" did not) and "2019¹" no
    # "2019". After a letter they stay joined, as NFKC reads them ("m²" as "m2", "CO₂").
    assert search_text("10\u2075 cells in 2019\u00b9") == "10^5 cells in 2019^1"
    assert search_text("10\u207b\u00b3 M") == "10^\u22123 M"
    assert search_text("5 m\u00b2 of CO\u2082") == "5 m2 of CO2"


def test_an_arabic_alef_with_a_hamza_or_madda_is_the_bare_alef() -> None:
    # QA: "اسلام" found no "إسلام", nor "احمد" "أحمد": most writing leaves the hamza out.
    assert search_text("\u0625\u0633\u0644\u0627\u0645 \u0623\u062d\u0645\u062f") == (
        "\u0627\u0633\u0644\u0627\u0645 \u0627\u062d\u0645\u062f"
    )


def test_the_digits_of_other_scripts_are_ascii_digits() -> None:
    # QA: NFKC keeps them, so "2024" found no year written in Arabic-Indic, Persian or
    # Devanagari digits, nor the other way round.
    assert search_text("\u0639\u0627\u0645 \u0662\u0660\u0662\u0664") == "\u0639\u0627\u0645 2024"
    assert search_text("\u06f2\u06f0 \u0968\u0966") == "20 20"
