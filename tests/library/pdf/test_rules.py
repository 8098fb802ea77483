"""Underscores drawn as rules (pdfLaTeX's ``\\_`` in OT1) read back as "_", and only those."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.pdf.rules import drawn_shapes
from tests.library.helpers import pdf_text, prose_page

SIZE = 12.0  # points
EM = SIZE * 25.4 / 72  # one em in millimetres, fpdf's unit
BASELINE = 60.0


def _page() -> FPDF:
    return prose_page(SIZE)


def _write(pdf: FPDF, x: float, pieces: list[str | tuple[float, float, float]]) -> None:
    """Text pieces in a row; a tuple draws a filled rule (width, height, raise) in ems, as
    TeX draws ``\\_`` (0.06 em of kern, then 0.3 em of rule) or a fraction bar."""
    for piece in pieces:
        if isinstance(piece, str):
            pdf.text(x, BASELINE, piece)
            x += pdf.get_string_width(piece)
        else:
            width, height, raised = piece
            x += 0.06 * EM
            pdf.rect(x, BASELINE - (raised + height) * EM, width * EM, height * EM, style="F")
            x += width * EM


UNDERSCORE = (0.3, 0.033, 0.0)


def _text(pdf: FPDF, tmp_path: Path) -> str:
    return pdf_text(pdf, tmp_path / "rules.pdf")


def test_a_rule_on_the_baseline_between_letters_is_an_underscore(tmp_path: Path) -> None:
    pdf = _page()
    _write(
        pdf,
        15,
        [
            "Set the variable TEMP",
            UNDERSCORE,
            "DIR to the folder of raw",
            UNDERSCORE,
            "data files.",
        ],
    )
    assert "Set the variable TEMP_DIR to the folder of raw_data files." in _text(pdf, tmp_path)


def test_a_rule_that_starts_a_word_keeps_the_space_before_it(tmp_path: Path) -> None:
    pdf = _page()
    _write(pdf, 15, ["Names such as ", UNDERSCORE, "private are internal."])
    assert "Names such as _private are internal." in _text(pdf, tmp_path)


def test_a_fraction_bar_on_the_math_axis_is_not_an_underscore(tmp_path: Path) -> None:
    pdf = _page()
    _write(pdf, 15, ["The ratio is a", (0.3, 0.033, 0.25), "b over all of the samples."])
    text = _text(pdf, tmp_path)
    assert "_" not in text
    assert "ratio is a" in text


def test_an_underline_beneath_a_word_is_not_an_underscore(tmp_path: Path) -> None:
    pdf = _page()
    pdf.text(15, BASELINE, "This word is underlined here.")
    start = 15 + pdf.get_string_width("This ")
    pdf.rect(start, BASELINE + 0.05 * EM, pdf.get_string_width("w"), 0.033 * EM, style="F")
    assert "This word is underlined here." in _text(pdf, tmp_path)


def test_a_table_rule_is_not_an_underscore(tmp_path: Path) -> None:
    pdf = _page()
    pdf.text(15, BASELINE, "Name")
    pdf.rect(15, BASELINE, 120, 0.033 * EM, style="F")
    pdf.text(15 + pdf.get_string_width("Name"), BASELINE, " and value of each row.")
    assert "_" not in _text(pdf, tmp_path)


SCIPY_PDF = (
    Path(__file__).resolve().parents[4] / "shared/data/papers-pdf/scipy-1.0_virtanen2020.pdf"
)


@pytest.mark.skipif(not SCIPY_PDF.is_file(), reason="needs ../shared/data/papers-pdf")
def test_the_shared_scipy_pdf_reads_its_identifiers_whole() -> None:
    text = " ".join(b.text for b in extract(SCIPY_PDF).blocks)
    for name in (
        "scipy.optimize.differential_evolution",
        "scipy.stats.rv_histogram",
        "scipy.LowLevelCallable.from_cython",
        "sparse_distance_matrix",
    ):
        assert name in text


def test_a_stroked_lines_bounds_are_what_it_paints(tmp_path: Path) -> None:
    # pdfium pads a stroked path by its whole width on each side; the stroke paints half.
    pdf = FPDF(unit="pt")
    pdf.add_page()
    pdf.set_line_width(0.8)
    pdf.line(100, 200, 300, 200)
    pdf.set_line_width(1.0)
    pdf.line(400, 100, 400, 300)
    pdf.rect(100, 400, 200, 0.8, style="F")  # filled: its bounds are its own
    path = tmp_path / "lines.pdf"
    pdf.output(str(path))
    document = pdfium.PdfDocument(str(path))
    page = document[0]
    shapes = drawn_shapes(page, page.get_size()[1])
    page.close()
    document.close()
    sizes = sorted((round(s.x1 - s.x0, 2), round(s.bottom - s.top, 2)) for s in shapes)
    assert sizes == [(1.0, 201.0), (200.0, 0.8), (200.8, 0.8)]
