"""A heading set in italics at the text's size, on a line of its own ("Related work", "Data
availability"), heads the paragraphs under it rather than opening the first of them; italics
inside a paragraph, or ending one, never split it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.passage import Passage

BEFORE = "Software is read far more often than it is written, so write it to be read by all. " * 3
AFTER = "Earlier studies measured how often scientists share code, and found that few did. " * 3
PITCH = 5.5  # mm, baseline to baseline, for 11 pt type


def _page() -> FPDF:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_xy(15, 15)
    pdf.set_font("helvetica", "B", 20)
    pdf.cell(180, 10, "Sharing Research Code")
    pdf.ln(16)
    pdf.set_font("helvetica", "B", 14)
    pdf.cell(180, 8, "1 Introduction")
    pdf.ln(10)
    return pdf


def _paragraph(pdf: FPDF, text: str, style: str = "") -> None:
    pdf.set_font("helvetica", style, 11)
    pdf.set_x(15)
    pdf.multi_cell(180, PITCH, text)


def _line(pdf: FPDF, text: str, style: str = "I") -> None:
    pdf.set_font("helvetica", style, 11)
    pdf.set_x(15)
    pdf.cell(180, PITCH, text)
    pdf.ln(PITCH)


def _passages(pdf: FPDF, path: Path) -> list[Passage]:
    pdf.output(str(path))
    return make_passages(extract(path).blocks)


def _texts(passages: list[Passage]) -> list[tuple[str | None, str]]:
    return [(p.section, p.text) for p in passages]


def _one(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("heading", ["Related work", "A. Related Work", "2.1 Related work"])
def test_an_italic_heading_set_apart_above_heads_the_next_paragraph(
    tmp_path: Path, heading: str
) -> None:
    # Numbered too, as IEEE's journals set a subsection's heading: "A. Related Work".
    pdf = _page()
    _paragraph(pdf, BEFORE)
    pdf.ln(3)
    _line(pdf, heading)
    _paragraph(pdf, AFTER)
    passages = _passages(pdf, tmp_path / "apart.pdf")
    assert _texts(passages) == [
        ("1 Introduction", _one(BEFORE)),
        (heading, _one(AFTER)),
    ]
    assert not any("Related work" in p.text for p in passages)


def test_an_italic_heading_set_apart_above_and_below_heads_the_next_paragraph(
    tmp_path: Path,
) -> None:
    # More space above than below, as a journal sets its third-level headings.
    pdf = _page()
    _paragraph(pdf, BEFORE)
    pdf.ln(5)
    _line(pdf, "Related work")
    pdf.ln(2)
    _paragraph(pdf, AFTER)
    passages = _passages(pdf, tmp_path / "spaced.pdf")
    assert _texts(passages) == [
        ("1 Introduction", _one(BEFORE)),
        ("Related work", _one(AFTER)),
    ]


def test_an_italic_heading_at_the_texts_pitch_after_a_sentence_heads_the_next_paragraph(
    tmp_path: Path,
) -> None:
    # No extra space anywhere: the type and the short line set it apart.
    pdf = _page()
    _paragraph(pdf, BEFORE)
    _line(pdf, "Data availability")
    _paragraph(pdf, AFTER)
    passages = _passages(pdf, tmp_path / "tight.pdf")
    assert _texts(passages) == [
        ("1 Introduction", _one(BEFORE)),
        ("Data availability", _one(AFTER)),
    ]


def test_an_italic_phrase_inside_a_line_does_not_split_its_paragraph(tmp_path: Path) -> None:
    pdf = _page()
    pdf.set_font("helvetica", size=11)
    pdf.set_x(15)
    pdf.write(PITCH, BEFORE)
    pdf.set_font("helvetica", "I", 11)
    pdf.write(PITCH, "Related work in this field ")
    pdf.set_font("helvetica", size=11)
    pdf.write(PITCH, AFTER)
    pdf.ln(PITCH)
    passages = _passages(pdf, tmp_path / "inline.pdf")
    assert _texts(passages) == [
        ("1 Introduction", _one(BEFORE + "Related work in this field " + AFTER))
    ]


def test_a_title_in_italics_a_sentence_runs_into_stays_in_its_paragraph(tmp_path: Path) -> None:
    pdf = _page()
    _paragraph(pdf, BEFORE + "The recipes we used are those of the handbook")
    _line(pdf, "Numerical Recipes in C")
    _paragraph(pdf, AFTER)
    passages = _passages(pdf, tmp_path / "title.pdf")
    assert all(p.section == "1 Introduction" for p in passages)
    assert any("the handbook Numerical Recipes in C" in p.text for p in passages)


def test_an_italic_statements_last_line_stays_in_its_statement(tmp_path: Path) -> None:
    # A statement set in italics, its short last line opening with a name, then roman text.
    pdf = _page()
    _paragraph(pdf, BEFORE)
    pdf.ln(3)
    _line(pdf, "Relationship 1. For any input size and kernel size, as was shown by")
    _line(pdf, "Dumoulin and Visin")
    _paragraph(pdf, AFTER)
    passages = _passages(pdf, tmp_path / "statement.pdf")
    assert all(p.section == "1 Introduction" for p in passages)
    assert any("as was shown by Dumoulin and Visin" in p.text for p in passages)


def test_an_italic_title_overleaf_that_a_sentence_runs_into_stays_in_its_paragraph(
    tmp_path: Path,
) -> None:
    pdf = _page()
    _paragraph(pdf, BEFORE + "The recipes we used are those of the handbook")
    pdf.add_page()
    pdf.set_y(15)
    _line(pdf, "Numerical Recipes in C")
    _paragraph(pdf, AFTER)
    passages = _passages(pdf, tmp_path / "overleaf.pdf")
    assert all(p.section == "1 Introduction" for p in passages)
    assert any("the handbook Numerical Recipes in C" in p.text for p in passages)


def test_an_affiliation_in_italics_on_the_title_page_heads_nothing(tmp_path: Path) -> None:
    # Before the paper's first heading an italic line is front matter: left out, neither a
    # section nor the start of the abstract under it.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_xy(15, 15)
    pdf.set_font("helvetica", "B", 20)
    pdf.cell(180, 10, "Sharing Research Code")
    pdf.ln(14)
    _line(pdf, "Jane Doe and John Roe", "")
    _line(pdf, "Department of Physics, University of Somewhere")
    _paragraph(pdf, AFTER)
    pdf.ln(5)
    pdf.set_font("helvetica", "B", 14)
    pdf.set_x(15)
    pdf.cell(180, 8, "1 Introduction")
    pdf.ln(10)
    _paragraph(pdf, BEFORE)
    passages = _passages(pdf, tmp_path / "affiliation.pdf")
    assert _texts(passages) == [(None, _one(AFTER)), ("1 Introduction", _one(BEFORE))]
