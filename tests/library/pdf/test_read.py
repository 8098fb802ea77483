"""Characters read off a PDF's pages: accent glyphs put back on their letters, and only there;
a PDF over the page limit refused before any page is read."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.errors import InputError
from claimaudit.library.extract import extract
from claimaudit.library.pdf import read as pdf_read
from tests.library.helpers import DATA, make_repeated_page_pdf, prose_page


def _page() -> FPDF:
    return prose_page(12)


def _text(path: Path) -> str:
    return " ".join(b.text for b in extract(path).blocks)


def test_a_separate_accent_glyph_goes_onto_its_letter(tmp_path: Path) -> None:
    # TeX (OT1) draws "é" as "e" and an acute accent glyph over it, on the same baseline.
    pdf = _page()
    pdf.text(20, 60, "The caf")
    x = 20 + pdf.get_string_width("The caf")
    pdf.text(x, 60, "e")
    pdf.text(x + (pdf.get_string_width("e") - pdf.get_string_width("\u00b4")) / 2, 60, "\u00b4")
    pdf.text(x + pdf.get_string_width("e"), 60, " is open every day of the week.")
    path = tmp_path / "accent.pdf"
    pdf.output(str(path))
    assert "The caf\u00e9 is open every day of the week." in _text(path)


def test_backticks_of_a_line_above_stay_off_the_letters_below(tmp_path: Path) -> None:
    # A browser sets lines about one em apart: the backticks round "`src`" sat over letters of
    # the next line and were read as grave accents ("compil\u00e8d pr\u0300ograms").
    pdf = _page()
    lines = [
        "Put project source code in the `src` directory of the project.",
        "Put compiled programs and external scripts in the bin directory.",
    ]
    for row, line in enumerate(lines):
        pdf.text(15, 60 + row * 4.2, line)  # 4.2 mm: 11.9 pt apart, under the 12 pt size
    path = tmp_path / "code.pdf"
    pdf.output(str(path))
    text = _text(path)
    assert "`src`" in text
    assert "Put compiled programs and external scripts in the bin directory." in text


def test_an_accent_listed_at_the_line_end_still_goes_onto_its_letter(tmp_path: Path) -> None:
    # pdfTeX may list an accent glyph after the rest of its line, further from its letter in
    # the page's character order than any nearby search reaches (scipy-1.0's "Universite").
    pdf = _page()
    pdf.set_font("helvetica", size=9)
    head = "Laboratoire Photonique, Universit"
    tail = "e de Bordeaux, Institut d'Optique Graduate School, CNRS, 33400 Talence, France."
    pdf.text(15, 60, head + tail)
    x = 15 + pdf.get_string_width(head)
    pdf.text(x + (pdf.get_string_width("e") - pdf.get_string_width("\u00b4")) / 2, 60, "\u00b4")
    path = tmp_path / "late-accent.pdf"
    pdf.output(str(path))
    text = _text(path)
    assert "Universit\u00e9 de Bordeaux" in text
    assert "\u00b4" not in text


def test_accented_dotless_letters_read_as_plain_accented_letters() -> None:
    # TeX sets "\\'{\\i}" as a dotless i under an acute accent: "Rodr\u0131\u0301guez" read back.
    text = _text(DATA / "papers-pdf" / "scipy-1.0_virtanen2020.pdf")
    names = ("Rodr\u00edguez", "Vin\u00edcius", "Astrof\u00edsica", "Universit\u00e9 de Bordeaux")
    assert all(name in text for name in names)
    assert "\u0131" not in text
    assert "\u00b4" not in text


def _words_apart(pdf: FPDF, x: float, y: float, words: list[str]) -> float:
    """``words`` drawn one by one, a space's width apart and no space drawn: as a word
    processor sets them. Returns where the last one ends."""
    for word in words:
        pdf.text(x, y, word)
        x += pdf.get_string_width(word + " ")
    return x - pdf.get_string_width(" ")


def test_code_set_smaller_inside_a_sentence_stays_in_its_paragraph(tmp_path: Path) -> None:
    # LibreOffice's PDF of good-enough-practices: "e.g. create `score = (1, 2, 3)` rather than
    # `score1`, ..." with the code in an 11pt monospaced font beside 12pt prose. A monospaced
    # space is 0.6 em wide, and the code made most of the line, which was then read as a
    # column of 11pt code apart from its paragraph and dropped.
    pdf = _page()
    pdf.text(20, 60, "Use data structures like lists instead of creating many variables, e.g.")
    pdf.set_font("courier", size=11)
    end = _words_apart(pdf, 20, 66, ["score", "=", "(1,", "2,", "3)"])
    pdf.set_font("helvetica", size=12)
    end = _words_apart(pdf, end + pdf.get_string_width(" "), 66, ["rather", "than"])
    pdf.set_font("courier", size=11)
    end = _words_apart(pdf, end + pdf.get_string_width(" "), 66, ["score1,", "score2,"])
    pdf.set_font("helvetica", size=12)
    pdf.text(end + pdf.get_string_width(" "), 66, "and so on.")
    path = tmp_path / "code.pdf"
    pdf.output(str(path))
    assert "many variables, e.g. score = (1, 2, 3) rather than score1, score2, and so on." in (
        _text(path)
    )


def _no_page_read(*args: object) -> None:
    raise AssertionError("a page was read")


def test_a_pdf_over_the_page_limit_is_refused_before_any_page_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A page tree that lists one page 2,001 times: 12 KB, and each page costs time to read.
    path = make_repeated_page_pdf(tmp_path / "long.pdf", 2_001)
    with pytest.raises(InputError) as caught:
        extract(path)
    assert str(caught.value) == f"{path}: the PDF has 2,001 pages; the limit is 2,000"
    # extract reads in a child process; here, in this one, no page is read.
    monkeypatch.setattr(pdf_read, "_read_page", _no_page_read)
    with pytest.raises(InputError, match=r"the limit is 2,000$"):
        pdf_read.read_pdf(path, path.read_bytes())


def test_the_page_limit_is_inclusive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf_read, "MAX_PAGES", 3)
    at_limit = make_repeated_page_pdf(tmp_path / "three.pdf", 3)
    assert len(pdf_read.read_pdf(at_limit, at_limit.read_bytes()).pages) == 3
    over = make_repeated_page_pdf(tmp_path / "four.pdf", 4)
    with pytest.raises(InputError, match=r"the PDF has 4 pages; the limit is 3$"):
        pdf_read.read_pdf(over, over.read_bytes())
