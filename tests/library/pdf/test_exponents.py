"""Raised digits and signs: exponents kept as LaTeX writes them, footnote marks dropped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.library.pdf.exponents import exponent_text, is_exponent, script_text
from tests.library.helpers import DATA

SCIPY = DATA / "papers-pdf" / "scipy-1.0_virtanen2020.pdf"
SKIMAGE = DATA / "papers-pdf" / "scikit-image_vanderwalt2014.pdf"


@pytest.mark.parametrize(
    ("before", "raised"),
    [
        ("trained on 10", "6"),  # on a number
        ("(p < 10", "\u22128"),  # a signed number
        ("cells per mL", "-1"),  # a signed number on a unit
        ("variance (r", "2"),  # on a one-letter symbol
        ("a point x", "\u2217"),
        ("\u2207f(x", "\u2217"),
        ("a C", "1"),
        ("(1 + x)", "2"),  # on a formula's bracket
        ("f(x)", "2"),
        ("2.5x10", "6"),  # a lone "x" before a number is a times sign, not a name's letter
        ("a dose of x10", "3"),
    ],
)
def test_a_raised_run_on_a_number_a_symbol_or_a_formula_is_an_exponent(
    before: str, raised: str
) -> None:
    assert is_exponent(before, raised)


@pytest.mark.parametrize(
    ("before", "raised"),
    [
        ("more than 100 individuals", "2"),  # on a word
        ("Ralf Gommers", "2,*"),  # an affiliation
        ("Smith", "32,33"),
        ("the Python Package Index (PyPI)", "3"),  # on a name's bracket
        ("Python(x,y)", "6"),
        ("scheme,", "1"),  # on punctuation
        ("on GitHub.", "2"),
        ("India, ", "34"),  # after a space
        ("", "1"),  # opening its line: a note's or an affiliation's mark
        ("trials ended in 2019", "12"),  # a citation on a year
        ("enrolled 1,200", "3"),  # on a count with thousands separators
        ("as reported in 10", "5,6"),  # a list of marks holds a comma; no exponent does
        ("patients with COVID-19", "12"),  # on the digits a name ends in
        ("the SARS-CoV-2", "3"),
        ("levels of IL-6", "4"),
        ("CD4", "7"),
        ("the H1N1", "13"),
        ("a cohort (n = 30)", "12"),  # on a relation's bracket: a statement, not a quantity
        ("the effect (p < 0.05)", "3"),
        ("(p \u2264 0.01)", "4"),
    ],
)
def test_a_raised_run_on_a_word_or_punctuation_is_a_mark(before: str, raised: str) -> None:
    assert not is_exponent(before, raised)


def test_an_exponent_is_written_as_the_latex_reading_writes_it() -> None:
    assert exponent_text("6") == "^6"
    assert exponent_text("\u2217") == "^*"  # TeX's math asterisk, typed "*" in the source


def _superscripts_pdf(path: Path) -> Path:
    """Sentences with exponents and a footnote mark set as real superscripts (fpdf2's SUP)."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)

    def write(text: str, raised: bool = False) -> None:
        pdf.char_vpos = "SUP" if raised else "LINE"
        pdf.write(6, text)

    for _ in range(3):
        write("The network was trained on 10")
        write("6", raised=True)
        write(" labelled images and the effect was significant (p < 10")
        write("-8", raised=True)
        write("). The fitted curve explains most of the variance (r")
        write("2", raised=True)
        write(" = 0.93) in every cohort of individuals")
        write("1", raised=True)
        write(" we studied over three years. ")
    pdf.output(str(path))
    return path


def test_exponents_in_a_pdf_keep_their_numbers(tmp_path: Path) -> None:
    text = " ".join(b.text for b in extract(_superscripts_pdf(tmp_path / "sup.pdf")).blocks)
    assert "trained on 10^6 labelled images" in text
    assert "(p < 10^-8)" in text
    assert "(r^2 = 0.93)" in text
    assert "every cohort of individuals we studied" in text  # the footnote mark is dropped


def test_scipys_exponents_read_as_its_latex_source() -> None:
    text = "\n".join(p.text for p in make_passages(extract(SCIPY).blocks))
    assert "constructing a C^1 continuous monotone" in text
    assert "a point x^* for which \u2207f(x^*) = 0" in text
    assert "Convergence rates denoted S^* indicate" in text
    # Its affiliation marks stay dropped: no raised number comes back as text.
    assert "Bengaluru 560089, India, Department of Physics" in text
    assert sorted(re.findall(r"\^[^a-z]", text)) == ["^*", "^*", "^*", "^1"]
    # Its scripts of letters on a symbol read as its LaTeX source writes them.
    assert "of the form min_x f(x), where x \u2208 \u211d^n and f : \u211d^n \u2192" in text
    assert "(i.e. x^l \u2264 x \u2264 x^u)" in text


def test_skimages_footnote_marks_stay_dropped() -> None:
    text = "\n".join(p.text for p in make_passages(extract(SKIMAGE).blocks))
    assert "the Python Package Index (PyPI), Continuum Analytics Anaconda" in text
    assert "^" not in text


def test_citation_marks_on_years_and_counts_in_a_pdf_are_dropped(tmp_path: Path) -> None:
    # They were read as exponents: "in 2019^12", "1,200^3", "in 2020^5,6".
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    pieces = [
        ("The trials ended in 2019", "12"),
        (" and enrolled 1,200", "3"),
        (" adults, as reported in 2020", "5,6"),
        (", with 10", "6"),
        (" cells each. ", ""),
    ]
    for _ in range(3):
        for text, raised in pieces:
            pdf.char_vpos = "LINE"
            pdf.write(6, text)
            pdf.char_vpos = "SUP"
            pdf.write(6, raised)
    pdf.output(str(tmp_path / "marks.pdf"))
    text = " ".join(b.text for b in extract(tmp_path / "marks.pdf").blocks)
    assert "The trials ended in 2019 and enrolled 1,200 adults, as reported in 2020, with " in text
    assert "with 10^6 cells each." in text


def test_citation_marks_on_names_and_statements_in_a_pdf_are_dropped(tmp_path: Path) -> None:
    # A superscript citation after "COVID-19" or "CD4" was read as an exponent on the name's
    # digits ("COVID-19^12 were admitted", "CD4^7 cells"), and after "(n = 30)" on a formula's
    # bracket ("(n = 30)^5").
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    pieces = [
        ("Patients with COVID-19", "12"),
        (" were admitted, their CD4", "7"),
        (" cells fell and IL-6", "4"),
        (" rose in a cohort (n = 30)", "5"),
        (" with (p < 0.05)", "8"),
        (" and (1 + x)", "2"),
        (" at 2.5x10", "6"),
        (" cells each. ", ""),
    ]
    for _ in range(3):
        for text, raised in pieces:
            pdf.char_vpos = "LINE"
            pdf.write(6, text)
            pdf.char_vpos = "SUP"
            pdf.write(6, raised)
    pdf.output(str(tmp_path / "names.pdf"))
    text = " ".join(b.text for b in extract(tmp_path / "names.pdf").blocks)
    assert "Patients with COVID-19 were admitted, their CD4 cells fell and IL-6 rose" in text
    assert "rose in a cohort (n = 30) with (p < 0.05) and (1 + x)^2 at 2.5x10^6 cells each." in text


def test_raised_letter_marks_on_authors_names_are_dropped(tmp_path: Path) -> None:
    # Affiliations marked with letters ("John Smithᵃ, Jane Doeᵇ,*") gave the authors "John
    # Smitha, Jane Doeb and Ann Leea". Raised letters on a number or a one-letter symbol stay.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=18)
    pdf.set_xy(20, 20)
    pdf.cell(0, 10, "Claims in Scientific Papers")
    pdf.set_xy(20, 34)
    pdf.set_font("helvetica", size=11)
    for name, mark in (("John Smith", "a"), (", Jane Doe", "b,*"), (" and Ann Lee", "a")):
        pdf.char_vpos = "LINE"
        pdf.write(6, name)
        pdf.char_vpos = "SUP"
        pdf.write(6, mark)
    pdf.set_xy(20, 60)
    pdf.set_font("helvetica", style="B", size=13)
    pdf.cell(0, 8, "1 Introduction")
    pdf.set_xy(20, 70)
    pdf.set_font("helvetica", size=11)
    for text, raised in [("In the 19", "th"), (" century the sum of x", "n"), (" grew. ", "")] * 4:
        pdf.char_vpos = "LINE"
        pdf.write(6, text)
        pdf.char_vpos = "SUP"
        pdf.write(6, raised)
    pdf.output(str(tmp_path / "authors.pdf"))
    document = extract(tmp_path / "authors.pdf")
    assert document.authors == "John Smith, Jane Doe and Ann Lee"
    assert "In the 19th century the sum of x^n grew." in " ".join(b.text for b in document.blocks)


def test_a_script_of_letters_on_a_symbol_is_written_as_the_latex_reading_writes_it() -> None:
    assert script_text("where x \u2208 \u211d", "n", raised=True) == "^n"
    assert script_text("of the form min", "x", raised=False) == "_x"
    assert script_text("the output size o", "j", raised=False) == "_j"
    assert script_text("i.e. c", "eq", raised=False) == "_eq"
    assert script_text("and (C^T)", "T", raised=True) == "^T"
    assert script_text("Python Package Index (PyPI)", "a", raised=True) is None
    # On a word, or raised on an operator's name, or a word's worth of letters: as printed.
    assert script_text("John Smith", "a", raised=True) is None
    assert script_text("the min", "x", raised=True) is None
    assert script_text("a value x", "long", raised=False) is None


def test_scripts_of_letters_in_a_pdf_read_as_the_latex_source(tmp_path: Path) -> None:
    # SciPy's "$\min_x f(x)$, where $x \in \mathbb{R}^n$" read "minx f(x), where x in Rn"
    # (double-struck R), which no search for the LaTeX reading's "min_x" or "R^n" finds.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    pieces = [
        ("Problems of the form min", "LINE"),
        ("x", "SUB"),
        (" f(x), where x is in R", "LINE"),
        ("n", "SUP"),
        (", and the output size o", "LINE"),
        ("j", "SUB"),
        (" of a layer; typeset with L", "LINE"),
        ("A", "SUP"),
        ("TeX as in the 19", "LINE"),
        ("th", "SUP"),
        (" century. ", "LINE"),
    ]
    for text, place in pieces * 3:
        pdf.char_vpos = place
        pdf.write(6, text)
    pdf.output(str(tmp_path / "scripts.pdf"))
    text = " ".join(b.text for b in extract(tmp_path / "scripts.pdf").blocks)
    assert "Problems of the form min_x f(x), where x is in R^n, and the output size o_j" in text
    # A raised letter with a letter right after it is part of a word (LaTeX's logo); raised
    # letters on a number stay as printed.
    assert "typeset with LATeX as in the 19th century." in text


def test_digits_set_as_a_subscript_read_as_the_latex_source_writes_them(tmp_path: Path) -> None:
    # A lowered digit stayed glued to its letter: "k" with a subscript "1" read "k1", as "H1N1"
    # reads, so the PDF's "k1" and the source's "k_1" differed. Set on the line, a name's
    # digits stay as printed.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    pieces = [
        ("The rate k", "1"),
        (" and k", "12"),
        (" of CO", "2"),
        (" and H", "2"),
        ("O rose in the H1N1 strain and in CD4 cells, with x", "i"),
        (" cells each. ", ""),
    ]
    for _ in range(3):
        for text, lowered in pieces:
            pdf.char_vpos = "LINE"
            pdf.write(6, text)
            pdf.char_vpos = "SUB"
            pdf.write(6, lowered)
    pdf.output(str(tmp_path / "sub.pdf"))
    text = " ".join(b.text for b in extract(tmp_path / "sub.pdf").blocks)
    assert "The rate k_1 and k_12 of CO_2 and H_2O rose in the H1N1 strain and in CD4" in text
    assert "cells, with x_i cells each." in text
