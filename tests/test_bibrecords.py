"""What a record reads: its year from ``year`` or ``date``, as both formats read it, and its
title as text."""

from __future__ import annotations

import pytest

from claimaudit.bibfile import parse_bib
from claimaudit.refcheck.compare import titles_match


@pytest.mark.parametrize(
    ("written", "year", "unread"),
    [
        ("2020a", 2020, None),  # a letter telling two works of one year apart
        ("2020b", 2020, None),
        ("c2020", 2020, None),
        ("2020-03-04", 2020, None),
        ("12020", None, "12020"),  # no year within a longer number
        ("in   press", None, "in press"),
        # A range is no one year: it was read as its first, and compared as that.
        ("2010--2017", None, "2010--2017"),
        ("2017/2018", None, "2017/2018"),
        ("2017--2017", 2017, None),
        ("2010--17", None, "2010--17"),  # its end in two digits
        ("1998\u201399", None, "1998\u201399"),
        ("2020-03", 2020, None),  # a year and its month
    ],
)
def test_a_bibtex_year_with_a_letter_is_read(written: str, year: int | None, unread: str) -> None:
    (record,) = parse_bib(f"@article{{k, title = {{T}}, year = {{{written}}}}}\n").records
    assert (record.year, record.unread_year) == (year, unread)


@pytest.mark.parametrize(
    ("written", "title"),
    [
        (
            "The genome sequence of {\\textless}i{\\textgreater}{Drosophila} "
            "melanogaster{\\textless}/i{\\textgreater}",
            "The genome sequence of Drosophila melanogaster",
        ),
        (
            "{\\textless}scp{\\textgreater}DNA{\\textless}/scp{\\textgreater} repair in "
            '{\\textless}span style="font-variant:small-caps;"{\\textgreater}E. '
            "coli{\\textless}/span{\\textgreater}",
            "DNA repair in E. coli",
        ),
        (
            "\\textless{}i\\textgreater{}Bacillus\\textless{}/i\\textgreater{} spores",
            "Bacillus spores",
        ),
    ],
)
def test_a_zotero_title_s_escaped_markup_tags_are_no_words(written: str, title: str) -> None:
    # Zotero writes tags it has no LaTeX for with escaped brackets: they read "iDrosophila
    # melanogaster/i" (stored so by import-bib, and no match for the catalogue's title).
    (record,) = parse_bib(f"@article{{k, title = {{{written}}}}}\n").records
    assert record.title == title
    assert record.title is not None and titles_match(record.title, title)


def test_brackets_that_are_no_tag_are_left_as_text() -> None:
    (record,) = parse_bib("@misc{k, title = {When a \\textless b and c \\textgreater d}}\n").records
    assert record.title is not None and "b and c" in record.title


def test_a_title_s_escaped_bracket_is_kept() -> None:
    # "p \\textless 0.05" read "p 0.05", a title no catalogue's "p < 0.05" matched.
    (record,) = parse_bib("@misc{k, title = {Effects at p \\textless{} 0.05}}\n").records
    assert record.title == "Effects at p < 0.05"


@pytest.mark.parametrize(
    ("written", "title"),
    [
        (r"\foreignlanguage{german}{Über} die Zelle", "Über die Zelle"),
        (r"\foreignlanguage[variant=british]{english}{Colour} vision", "Colour vision"),
        (r"\textlang{french}{La} cellule", "La cellule"),
        (r"\hyphenrules{german}{Zellbiologie} today", "Zellbiologie today"),
        (r"\begin{otherlanguage*}{german}Über\end{otherlanguage*} cells", "Über cells"),
    ],
)
def test_a_language_switch_s_language_is_no_word_of_the_title(written: str, title: str) -> None:
    # The switch's language was read as text, "germanÜber die Zelle", and no catalogue's title
    # matched it.
    [record] = parse_bib(f"@article{{k, title = {{{written}}}, langid = {{german}}}}\n").records
    assert record.title == title
    assert record.title is not None and titles_match(record.title, title)


def test_an_alias_another_entry_has_as_its_key_or_lists_first_is_warned_of() -> None:
    # biber ignores such an alias (a key wins; the first entry to list one keeps it), and the
    # review resolves it the same way: a citation of it named another work, without a word.
    found = parse_bib(
        "@article{a, title = {A}}\n"
        "@article{b, title = {B}, ids = {a, x, b}}\n"
        "@article{c, title = {C}, ids = {x, x}}\n"
        "@article{d, title = {D}, ids = {y}}\n",
        source="refs.bib",
    )
    assert [r.aliases for r in found.records] == [(), ("a", "x", "b"), ("x",), ("y",)]
    assert found.warnings == (
        "refs.bib line 2: entry 'b' lists 'a' among its ids, the key of entry 'a' (line 1); a "
        "citation of 'a' names that entry, as biber reads it (the alias is ignored)",
        "refs.bib line 3: entry 'c' lists 'x' among its ids, as entry 'b' (line 2) does; a "
        "citation of 'x' names the first, as biber reads it",
    )
