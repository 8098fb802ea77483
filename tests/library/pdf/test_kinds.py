"""What a PDF's paragraph is: here, a heading set in typewriter type, told from code."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.passage import Passage

PROSE = (
    "The module, which implements a space-partitioning data structure that organizes points "
    "in a k-dimensional space, was rewritten in C++ with templated classes."
)


def _page(line: str, *, bold: bool = True, then_code: bool = False) -> FPDF:
    """A section heading and its paragraph, then ``line`` in Courier alone on its line, then
    a paragraph of prose (or more lines of code and then the prose)."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_xy(15, 15)
    pdf.set_font("helvetica", "B", 12)
    pdf.cell(180, 6, "Data structures")
    pdf.ln(10)
    pdf.set_font("helvetica", size=12)
    pdf.multi_cell(180, 6, "Sparse matrices are stored in seven formats. " * 3)
    pdf.ln(6)
    pdf.set_font("courier", "B" if bold else "", 12)
    pdf.cell(180, 6, line)
    pdf.ln(10)
    if then_code:
        for code in ("tree = cKDTree(points)", "tree.query(x, k=3)"):
            pdf.cell(180, 6, code)
            pdf.ln(6)
        pdf.ln(4)
    pdf.set_font("helvetica", size=12)
    pdf.multi_cell(180, 6, PROSE)
    return pdf


def _passages(pdf: FPDF, path: Path) -> list[Passage]:
    pdf.output(str(path))
    return make_passages(extract(path).blocks)


def _section_of_prose(passages: list[Passage]) -> str | None:
    [found] = [p for p in passages if p.text == PROSE]
    return found.section


@pytest.mark.parametrize("name", ["cKDTree", "scipy.sparse", "The ndimage module"])
def test_a_bold_typewriter_line_over_prose_is_a_heading(tmp_path: Path, name: str) -> None:
    passages = _passages(_page(name), tmp_path / "heading.pdf")
    assert _section_of_prose(passages) == name
    assert not any(name in p.text for p in passages)


@pytest.mark.parametrize(
    ("line", "bold", "then_code"),
    [
        ("tree = cKDTree(points)", True, False),  # a statement, not a name
        ("cKDTree", False, False),  # code's own weight, not a heading's
        ("cKDTree", True, True),  # more code under it, not prose
    ],
)
def test_a_line_of_code_is_no_heading(
    tmp_path: Path, line: str, bold: bool, then_code: bool
) -> None:
    passages = _passages(_page(line, bold=bold, then_code=then_code), tmp_path / "code.pdf")
    assert _section_of_prose(passages) == "Data structures"
    assert not any("cKDTree" in p.text for p in passages)  # code is left out
