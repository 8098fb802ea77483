"""A box's bold heading heads the box's paragraphs only: after the box, the section is again
the one the box is set in."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.passage import Passage

BEFORE = "Software is read far more often than it is written, so write it to be read. " * 2
BOXED = "Almost all modern text editors complete a name when the tab key is pressed. " * 2
AFTER = "Make dependencies and requirements explicit, in a file at the project's root. " * 2


def _paragraph(pdf: FPDF, text: str, left: float, width: float = 0.0) -> None:
    pdf.set_x(left)
    pdf.multi_cell(width or 195 - left, 6, text)
    pdf.ln(6)


def _heading(pdf: FPDF, text: str, left: float, align: str = "L") -> None:
    pdf.set_font("helvetica", "B", 12)
    pdf.set_x(left)
    pdf.cell(195 - left if align == "L" else 180, 6, text, align=align)
    pdf.ln(9)
    pdf.set_font("helvetica", size=12)


def _passages(pdf: FPDF, path: Path) -> list[Passage]:
    pdf.output(str(path))
    return make_passages(extract(path).blocks)


def _page() -> FPDF:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(15, 15)
    _heading(pdf, "Software", 15)
    _paragraph(pdf, BEFORE, 15)
    return pdf


def _sections(passages: list[Passage]) -> dict[str, str | None]:
    found = {}
    for name, text in (("before", BEFORE), ("boxed", BOXED), ("after", AFTER)):
        [passage] = [p for p in passages if p.text == " ".join(text.split())]
        found[name] = passage.section
    return found


def test_after_an_indented_box_the_section_is_the_enclosing_one(tmp_path: Path) -> None:
    # As LaTeX's quote sets a box: heading and text indented from the left margin.
    pdf = _page()
    _heading(pdf, "Tab Completion", 40)
    _paragraph(pdf, BOXED, 40, 140)
    _paragraph(pdf, AFTER, 15)
    assert _sections(_passages(pdf, tmp_path / "box.pdf")) == {
        "before": "Software",
        "boxed": "Tab Completion",
        "after": "Software",
    }


def test_after_a_framed_box_the_section_is_the_enclosing_one(tmp_path: Path) -> None:
    pdf = _page()
    top = pdf.get_y()
    _heading(pdf, "Tab Completion", 17)
    _paragraph(pdf, BOXED, 17, 176)
    pdf.rect(14, top - 2, 182, pdf.get_y() - top - 2)
    _paragraph(pdf, AFTER, 15)
    assert _sections(_passages(pdf, tmp_path / "framed.pdf")) == {
        "before": "Software",
        "boxed": "Tab Completion",
        "after": "Software",
    }


def test_a_heading_at_the_margin_or_centred_heads_what_follows(tmp_path: Path) -> None:
    # The controls: no box, so the heading is the section of everything after it.
    for align, left in (("L", 15.0), ("C", 15.0)):
        pdf = _page()
        _heading(pdf, "Tab Completion", left, align)
        _paragraph(pdf, BOXED, 15)
        _paragraph(pdf, AFTER, 15)
        sections = _sections(_passages(pdf, tmp_path / f"{align}.pdf"))
        assert sections == {
            "before": "Software",
            "boxed": "Tab Completion",
            "after": "Tab Completion",
        }
