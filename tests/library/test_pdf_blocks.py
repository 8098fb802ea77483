"""Blocks of a PDF's lines sorted into kinds: footnotes apart from the paragraph they interrupt."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from tests.library.helpers import pdf_passages

BODY = (
    "Version control systems keep every version of a project's files, and branches let a team "
    "work on several changes at once. "
) * 14 + "Developers create branches so that they can make multiple changes to a"
NOTE = "We recommend plain text formats, as the oldest formats last longest."
NEXT_PAGE = (
    "project independently. They are central to the way that experienced developers use "
    "systems like Git, and they add a layer of complexity for newcomers."
)


def test_a_footnote_in_body_type_is_not_read_into_the_paragraph_it_interrupts(
    tmp_path: Path,
) -> None:
    # LibreOffice's PDF of good-enough-practices, with pandoc's default styles: a footnote set
    # in the body's own 12 pt at the foot of the page, opening with its raised number, sat
    # between a paragraph's last words on the page ("changes to a") and its first on the next
    # ("project independently"), and was read into the middle of the sentence.
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, BODY, align="J")
    pdf.set_font("helvetica", size=7)
    pdf.text(20, 268, "1")
    pdf.set_font("helvetica", size=12)
    pdf.text(22, 270, NOTE)
    pdf.add_page()
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 6, NEXT_PAGE, align="J")
    passages = pdf_passages(pdf, tmp_path / "note.pdf")
    assert any("multiple changes to a project independently. They are" in p for p in passages)
    assert NOTE in passages
