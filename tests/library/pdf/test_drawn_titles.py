"""A figure's drawn title ("Training Loss" over its plot, in the text's type) just above
its caption is the figure's: it never opens the paragraph after the figure."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.models import TextBlock

BEFORE = "Software is read far more often than it is written, so write it to be read by all. " * 3
AFTER = "Earlier studies measured how often scientists share code, and found that few did. " * 3
PITCH = 5.5


def _paragraph(pdf: FPDF, text: str) -> None:
    pdf.set_font("helvetica", "", 11)
    pdf.set_x(15)
    pdf.multi_cell(180, PITCH, text)


def _figure(
    path: Path, title: str, caption: str, style: str = "", align: str = "C"
) -> list[TextBlock]:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_xy(15, 15)
    pdf.set_font("helvetica", "B", 14)
    pdf.cell(180, 8, "1 Introduction")
    pdf.ln(10)
    _paragraph(pdf, BEFORE)
    pdf.ln(6)
    pdf.set_font("helvetica", style, 11)
    pdf.set_x(15)
    for part in title.split("\n"):
        pdf.set_x(15)
        pdf.cell(180, PITCH, part, align=align)
        pdf.ln(PITCH)
    pdf.ln(1)
    _paragraph(pdf, caption)
    pdf.ln(4)
    _paragraph(pdf, AFTER)
    pdf.output(str(path))
    return extract(path).blocks


@pytest.mark.parametrize(("style", "align"), [("", "C"), ("I", "L"), ("", "L")])
def test_a_figures_drawn_title_is_no_paragraphs(tmp_path: Path, style: str, align: str) -> None:
    blocks = _figure(
        tmp_path / "figure.pdf",
        "Training Loss",
        "Figure 1: The loss falls as the model trains, for every seed we tried.",
        style,
        align,
    )
    texts = [b.text for b in blocks if b.kind == "text"]
    assert texts[-1].startswith("Earlier studies measured")
    assert not any("Training Loss" in b.text for b in blocks)


def test_a_drawn_title_of_two_lines_is_no_paragraphs(tmp_path: Path) -> None:
    # A title and a subtitle, set close: one block of two short lines.
    blocks = _figure(
        tmp_path / "two.pdf",
        "Training Loss\nSeeds One to Five",
        "Figure 1: The loss falls as the model trains, for every seed we tried.",
    )
    assert [b.text for b in blocks if b.kind == "text"][-1].startswith("Earlier studies")
    assert not any("Seeds One" in b.text or "Training Loss" in b.text for b in blocks)


def test_the_words_over_a_tables_caption_stay_text(tmp_path: Path) -> None:
    # A table's caption goes above it: the line over the caption is the text's.
    blocks = _figure(
        tmp_path / "table.pdf",
        "Results Across Seeds",
        "Table 1: The loss at the end of training, for every seed we tried.",
        align="L",
    )
    assert any("Results Across Seeds" in b.text for b in blocks)
