"""Text in a drawn box is its own paragraph: the text after the box never runs on from it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from tests.library.helpers import DATA, pdf_passages, prose_page

BOXED = "Relationship 4. For any i and k, the output size grows by k - 1."
AFTER = "This is sometimes referred to as full padding, as the figure shows."


def _passages(pdf: FPDF, tmp_path: Path) -> list[str]:
    return pdf_passages(pdf, tmp_path / "box.pdf")


def _page(boxed: bool) -> FPDF:
    """A sentence, then (as TeX sets a framed box inside a paragraph) the next line flush
    left, one line's space below, with or without a frame drawn around the first."""
    pdf = prose_page()
    if boxed:
        pdf.rect(13, 54, 184, 9)  # a frame round the boxed line, stroked
    pdf.text(15, 60, BOXED)
    pdf.text(15, 66, AFTER)
    return pdf


def test_the_line_after_a_box_starts_a_paragraph(tmp_path: Path) -> None:
    passages = _passages(_page(boxed=True), tmp_path)
    assert BOXED in passages
    assert AFTER in passages


@pytest.mark.parametrize("stroked", [False, True])
def test_a_box_drawn_as_four_rules_sets_its_text_apart(tmp_path: Path, stroked: bool) -> None:
    # TeX's \fbox and the framed package draw a frame as four filled rules, not one rectangle
    # (a program may stroke four lines): no shape was a box, and the boxed line ran on into
    # the line after the box.
    pdf = prose_page()
    thin = 0.4 * 25.4 / 72
    if stroked:
        for x0, y0, x1, y1 in ((13, 54, 197, 54), (13, 63, 197, 63), (13, 54, 13, 63)):
            pdf.line(x0, y0, x1, y1)
        pdf.line(197, 54, 197, 63)
    else:
        pdf.rect(13, 54, 184, thin, style="F")
        pdf.rect(13, 63 - thin, 184, thin, style="F")
        pdf.rect(13, 54, thin, 9, style="F")
        pdf.rect(197 - thin, 54, thin, 9, style="F")
    pdf.text(15, 60, BOXED)
    pdf.text(15, 66, AFTER)
    passages = _passages(pdf, tmp_path)
    assert BOXED in passages
    assert AFTER in passages


def test_two_rules_without_sides_are_no_box(tmp_path: Path) -> None:
    # Rules above and below a line (a table's, a title's) with no rule down either end.
    pdf = prose_page()
    pdf.line(13, 54, 197, 54)
    pdf.line(13, 63, 197, 63)
    pdf.text(15, 60, BOXED)
    pdf.text(15, 66, AFTER)
    assert f"{BOXED} {AFTER}" in _passages(pdf, tmp_path)


def test_without_a_box_the_same_lines_are_one_paragraph(tmp_path: Path) -> None:
    # The control: only the drawn frame sets the two lines apart.
    passages = _passages(_page(boxed=False), tmp_path)
    assert f"{BOXED} {AFTER}" in passages


def test_conv_arithmetic_boxes_end_where_their_relationship_ends() -> None:
    blocks = extract(DATA / "papers-pdf" / "conv-arithmetic_dumoulin2016.pdf").blocks
    texts = [p.text for p in make_passages(blocks)]
    minus = "\u2212"
    formula = f"o = i + 2(k {minus} 1) {minus} (k {minus} 1) = i + (k {minus} 1)."
    assert any(t.startswith("Relationship 4.") and t.endswith(formula) for t in texts)
    assert any(t.startswith("This is sometimes referred to as full padding") for t in texts)
    assert "Figure 5.1 provides an example for i = 7, k = 3 and d = 2." in texts
