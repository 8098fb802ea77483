"""Lines joined into text: TeX's line-end hyphens undone, a compound's own hyphen kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.pdf.layout import Line
from claimaudit.library.pdf.words import breaks_words, join_lines, vocabulary


def lines(*texts: str) -> list[Line]:
    return [
        Line(text, 72.0, 300.0, 100.0 + 12 * i, 10.0, False, False, 1, 72.0, 540.0, 0)
        for i, text in enumerate(texts)
    ]


def test_a_word_tex_broke_at_a_line_end_is_read_whole() -> None:
    printed = lines("software used for com-", "puting, and computing is hard.")
    assert join_lines(printed, vocabulary(printed)) == (
        "software used for computing, and computing is hard."
    )


def test_a_compound_printed_whole_elsewhere_keeps_its_hyphen() -> None:
    printed = lines("data that is ready-to-", "analyze. Keep data ready-to-analyze always.")
    assert join_lines(printed, vocabulary(printed)).startswith("data that is ready-to-analyze.")


def test_the_pieces_around_a_line_end_hyphen_are_not_counted_as_words() -> None:
    # "com" and "puting" were never printed whole: they must not vouch for a compound.
    known = vocabulary(lines("for com-", "puting and https://example.org/a-b"))
    assert {"com", "puting", "a-b"}.isdisjoint(known)
    assert {"for", "and"} <= known


def test_a_capitalised_tail_keeps_the_hyphen() -> None:
    printed = lines("a non-", "Gaussian noise")
    assert join_lines(printed, vocabulary(printed)) == "a non-Gaussian noise"


def test_a_web_address_broken_at_a_line_end_reads_whole() -> None:
    # scikit-image: "https://github.com/scikit-image/" at a line's end, "scikit-image-demos."
    # on the next (the url package breaks after "/" and "-" and adds nothing).
    known = vocabulary([])
    got = join_lines(lines("is at https://github.com/scikit-image/", "scikit-image-demos."), known)
    assert got == "is at https://github.com/scikit-image/scikit-image-demos."
    got = join_lines(lines("see www.example.org/data-", "sets/2014 for them."), known)
    assert got == "see www.example.org/data-sets/2014 for them."
    # An address that ends a sentence, and a slash that is no address's, stay apart.
    got = join_lines(lines("at https://github.com/scipy.", "Some code"), known)
    assert got == "at https://github.com/scipy. Some code"
    assert join_lines(lines("input/", "output pairs"), known) == "input/ output pairs"


def test_a_web_address_that_ends_at_a_line_end_is_not_glued_to_the_next_word() -> None:
    # LibreOffice's PDF of good-enough-practices: "... or https://azure.microsoft.com/en-us/
    # services/storage/" ends a line and "are reasonably priced" begins the next. A word the
    # paper prints elsewhere, with nothing of an address in it, is the sentence going on.
    printed = lines(
        "Cloud storage or https://azure.microsoft.com/en-us/services/storage/",
        "are reasonably priced and reliable, and prices are falling.",
    )
    assert join_lines(printed, vocabulary(printed)) == (
        "Cloud storage or https://azure.microsoft.com/en-us/services/storage/ are reasonably "
        "priced and reliable, and prices are falling."
    )
    # A piece with an address's characters, or a word the paper never prints, goes on with it.
    known = vocabulary(lines("the data are here"))
    got = join_lines(lines("at https://example.org/", "data/2014 here"), known)
    assert got == "at https://example.org/data/2014 here"
    got = join_lines(lines("at https://example.org/", "zenodo here"), known)
    assert got == "at https://example.org/zenodo here"
    # Broken before its path: no sentence goes on with a slash.
    got = join_lines(lines("see https://ocean.sagepub.com", "/blog/10-organizations here"), known)
    assert got == "see https://ocean.sagepub.com/blog/10-organizations here"
    assert join_lines(lines("the input", "/output pairs"), known) == "the input /output pairs"


def test_a_line_broken_after_a_dash_set_close_joins_close() -> None:
    # LibreOffice breaks after an em dash set between words with no space: "for example—"
    # then "so one other way" read "example— so".
    known = vocabulary([])
    got = join_lines(lines("as they are loaded, for example\u2014", "so one other way"), known)
    assert got == "as they are loaded, for example\u2014so one other way"
    assert join_lines(lines("pages 10\u2013", "12 of it"), known) == "pages 10\u201312 of it"
    got = join_lines(lines("within life sciences research", "\u2014spanning basic biology"), known)
    assert got == "within life sciences research\u2014spanning basic biology"
    # A dash with spaces around it keeps them.
    got = join_lines(lines("a pause \u2014", "then more"), known)
    assert got == "a pause \u2014 then more"


def test_a_number_broken_at_its_hyphen_reads_whole() -> None:
    # scikit-image's footnote: "Accessed 2014-" at a line's end, "05-09" on the next line.
    got = join_lines(lines("description3.html, Accessed 2014-", "05-09"), vocabulary([]))
    assert got == "description3.html, Accessed 2014-05-09"


def test_a_hyphen_between_a_number_and_a_word_at_a_line_end_is_kept_without_a_space() -> None:
    # TeX never hyphenates a number nor breaks a word before digits: "10-" then "fold" read
    # "10- fold" and "COVID-" then "19" read "COVID- 19".
    for first, second, read in (
        ("a gain of 10-", "fold over the baseline", "a gain of 10-fold over the baseline"),
        ("patients with COVID-", "19 were admitted", "patients with COVID-19 were admitted"),
        ("levels of IL-", "6 rose", "levels of IL-6 rose"),
        ("a 10- to", "20-fold gain", "a 10- to 20-fold gain"),  # a suspended hyphen stays
    ):
        printed = lines(first, second)
        assert join_lines(printed, vocabulary(printed)) == read


def test_where_the_typesetter_does_not_hyphenate_a_line_end_hyphen_is_kept() -> None:
    # A browser or a word processor breaks lines after the text's own hyphens only.
    printed = lines(
        "more than hair-", "splitting, a file 2016-05-", "alaska-b.csv and a com-", "puter"
    )
    assert join_lines(printed, vocabulary(printed), hyphenated=False) == (
        "more than hair-splitting, a file 2016-05-alaska-b.csv and a com-puter"
    )
    # TeX's own hyphen is undone as before ("hair-splitting" keeps its hyphen there too: both
    # halves are words and "hairsplitting" is none); a hyphen after digits is the text's own.
    assert join_lines(printed, vocabulary(printed)) == (
        "more than hair-splitting, a file 2016-05-alaska-b.csv and a computer"
    )


@pytest.mark.parametrize(
    ("producer", "creator", "hyphenates"),
    [
        ("pdfTeX-1.40.24", "LaTeX with hyperref", True),
        ("Skia/PDF m150", "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/150.0.0.0", False),
        ("cairo 1.16.0 (https://cairographics.org)", "Mozilla Firefox 128.0", False),
        ("Microsoft\u00ae Word for Microsoft 365", "Microsoft\u00ae Word for Microsoft 365", False),
        ("LibreOffice 7.6", "Writer", False),
        ("Adobe PDF Library 15.0", "Adobe InDesign 16.0", True),  # a publisher's typesetting
        ("", "", True),  # unnamed: assumed to hyphenate, as most papers' typesetters do
    ],
)
def test_the_producer_tells_whether_words_were_broken(
    producer: str, creator: str, hyphenates: bool
) -> None:
    assert breaks_words({"Producer": producer, "Creator": creator}) is hyphenates


def test_a_hyphen_hanging_before_a_conjunction_keeps_its_space() -> None:
    # "individual- and team-level", broken at the space after the hanging hyphen.
    for hyphenated in (True, False):
        printed = lines("we encourage individual-", "and team-level work, pre-", "or post-hoc.")
        assert join_lines(printed, vocabulary(printed), hyphenated=hyphenated) == (
            "we encourage individual- and team-level work, pre- or post-hoc."
        )


def test_an_english_word_tex_broke_reads_whole_though_both_halves_are_words() -> None:
    # conv-arithmetic's PDF: "some-" then "what", "somewhat" printed nowhere else (pdf/24 kept
    # the hyphen as both halves are words the paper prints).
    printed = lines("this chapter will proceed some-", "what backwards, and what for some.")
    assert join_lines(printed, vocabulary(printed)).startswith("this chapter will proceed somewhat")


def test_a_word_printed_only_in_another_form_reads_whole() -> None:
    printed = lines("obtained by trans-", "posing C; posing is transposed here.")
    assert join_lines(printed, vocabulary(printed)).startswith("obtained by transposing C;")


def test_a_compound_of_two_words_that_joins_into_no_word_keeps_its_hyphen() -> None:
    # scipy-1.0's PDF: "shape-" then "preserving", printed nowhere else, read "shapepreserving".
    printed = lines("a continuous monotone shape-", "preserving interpolator")
    assert join_lines(printed, vocabulary(printed)) == (
        "a continuous monotone shape-preserving interpolator"
    )


@pytest.mark.parametrize(
    ("first", "second", "read"),
    [
        # The word list lacks "throughput": "high-" then "throughput" read "highthroughput".
        ("a high-", "throughput screen", "a high-throughput screen"),
        ("were under-", "replicated here", "were under-replicated here"),
        ("after post-", "transplantation care", "after post-transplantation care"),
        # Words TeX broke, whose second piece is no closed compound, still read whole.
        ("the infor-", "mation we need", "the information we need"),
        ("for com-", "puting it", "for computing it"),
        ("seen psycho-", "logically and", "seen psychologically and"),
        ("in demo-", "graphically matched", "in demographically matched"),
        ("by boot-", "strapping the", "by bootstrapping the"),
        ("the en-", "dometrial lining", "the endometrial lining"),
    ],
)
def test_a_compound_whose_second_half_is_a_closed_compound_keeps_its_hyphen(
    first: str, second: str, read: str
) -> None:
    printed = lines(first, second)
    assert join_lines(printed, vocabulary(printed)) == read


def test_a_word_a_browser_broke_at_a_soft_hyphen_reads_whole() -> None:
    # Chromium prints the hyphen of a word broken at a soft hyphen as U+2010, the text's own
    # hyphens as "-": "immuno\u2010" then "suppressive" was kept as "immuno\u2010 suppressive",
    # which no search for "immunosuppressive" finds. A compound keeps its hyphen by the rules
    # for "-" (both halves words, joined none), and the text's own "-" is kept as before.
    printed = lines(
        "with immuno\u2010", "suppressive agents and anti\u2010", "inflammatory, hair-", "splitting"
    )
    joined = "with immunosuppressive agents and anti\u2010inflammatory, hair-splitting"
    assert join_lines(printed, vocabulary(printed), hyphenated=False) == joined
    assert "immuno" not in vocabulary(printed)  # the pieces of a broken word are no words


@pytest.mark.parametrize(
    ("printed", "read"),
    [
        # "low" is three letters, too short to be taken for a word before a closed compound
        # the word list lacks: "low-" then "throughput" read "lowthroughput". The paper opens
        # other compounds with it, so it is a word there.
        (("a low-", "throughput screen at low-cost"), "a low-throughput screen at low-cost"),
        (("a low-", "throughput screen, low- and high-dose"), "a low-throughput screen, low- "),
        # With no such compound, a short first half is still a piece TeX cut off.
        (("the con-", "tractile force"), "the contractile force"),
    ],
)
def test_a_short_first_half_the_paper_writes_before_a_hyphen_keeps_it(
    printed: tuple[str, str], read: str
) -> None:
    assert join_lines(lines(*printed), vocabulary(lines(*printed))).startswith(read)


def test_words_with_a_slash_between_them_vouch_for_a_word_broken_at_a_line_end() -> None:
    # "workflows/pipelines" was left out of the paper's words as if it were an address, and
    # "work-" then "flow" kept its hyphen. An address's pieces still vouch for nothing.
    printed = lines("the work-", "flow runs, as workflows/pipelines do.")
    assert join_lines(printed, vocabulary(printed)).startswith("the workflow runs")
    printed = lines("the work-", "flow runs at https://example.org/workflow today.")
    assert join_lines(printed, vocabulary(printed)).startswith("the work-flow runs")


def test_the_titles_words_vouch_for_a_word_broken_at_a_line_end(tmp_path: Path) -> None:
    # The title "Benchmarks of Claim Checkers" was left out of the paper's words, so "bench-"
    # then "mark" in its text kept the hyphen: "bench" and "mark" are both words.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=18)
    pdf.text(20, 26, "Benchmarks of Claim Checkers")
    pdf.set_font("helvetica", size=11)
    body = [
        "We describe a new way to compare the tools that check claims made in papers,",
        "and we report how each of them fares on a shared bench-",
        "mark of claims drawn from published work in several fields of study, with",
        "the passages that support or refute each claim marked by two readers.",
    ] * 3
    for at, line in enumerate(body):
        pdf.text(20, 40 + 5.5 * at, line)
    pdf.output(str(tmp_path / "bench.pdf"))
    text = " ".join(b.text for b in extract(tmp_path / "bench.pdf").blocks)
    assert "fares on a shared benchmark of claims" in text
