"""A heading set in the text's own roman type, centred on a line of its own, as IEEE's
journals set a section's ("II. RELATED WORK"), heads the paragraphs under it rather than
opening the first of them; a centred formula, or a centred line the text runs into, stays."""

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
    pdf.cell(180, 8, "I. Introduction")
    pdf.ln(10)
    return pdf


def _paragraph(pdf: FPDF, text: str) -> None:
    pdf.set_font("helvetica", "", 11)
    pdf.set_x(15)
    pdf.multi_cell(180, PITCH, text)


def _centred(pdf: FPDF, text: str) -> None:
    pdf.set_font("helvetica", "", 11)
    pdf.set_x(15)
    pdf.cell(180, PITCH, text, align="C")
    pdf.ln(PITCH)


def _texts(pdf: FPDF, path: Path) -> list[tuple[str | None, str]]:
    pdf.output(str(path))
    passages: list[Passage] = make_passages(extract(path).blocks)
    return [(p.section, p.text) for p in passages]


def _one(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("heading", ["II. RELATED WORK", "Related Work"])
def test_a_centred_heading_in_the_texts_type_heads_the_next_paragraph(
    tmp_path: Path, heading: str
) -> None:
    pdf = _page()
    _paragraph(pdf, BEFORE)
    pdf.ln(4)
    _centred(pdf, heading)
    pdf.ln(1)
    _paragraph(pdf, AFTER)
    assert _texts(pdf, tmp_path / "centred.pdf") == [
        ("I. Introduction", _one(BEFORE)),
        (heading, _one(AFTER)),
    ]


def test_a_centred_line_as_close_above_as_below_stays_text(tmp_path: Path) -> None:
    # Set as a displayed line is, the same space each side: no heading's place.
    pdf = _page()
    _paragraph(pdf, BEFORE)
    pdf.ln(2)
    _centred(pdf, "Gather Columns Into Rows")
    pdf.ln(2)
    _paragraph(pdf, AFTER)
    texts = _texts(pdf, tmp_path / "display.pdf")
    assert all(section == "I. Introduction" for section, _ in texts)
    assert any("Gather Columns Into Rows" in text for _, text in texts)


@pytest.mark.parametrize("style", ["", "I"])
def test_a_figures_title_over_its_caption_heads_nothing(tmp_path: Path, style: str) -> None:
    # A drawing's title in the text's type, centred or in italics, then the figure's caption:
    # the text after the figure is still the section's.
    pdf = _page()
    _paragraph(pdf, BEFORE)
    pdf.ln(6)
    pdf.set_font("helvetica", style, 11)
    pdf.set_x(15)
    pdf.cell(180, PITCH, "Training Loss", align="C" if not style else "L")
    pdf.ln(PITCH + 1)
    _paragraph(pdf, "Figure 1: The loss falls as the model trains, for every seed we tried.")
    pdf.ln(4)
    _paragraph(pdf, AFTER)
    texts = _texts(pdf, tmp_path / "figure.pdf")
    assert all(section == "I. Introduction" for section, _ in texts)
