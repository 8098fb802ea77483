"""Fractions stacked over a drawn bar read on one line ("o = (i - k)/s + 1."), and only those."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from tests.library.helpers import DATA, pdf_text, prose_page

SIZE = 12.0  # points
EM = SIZE * 25.4 / 72  # one em in millimetres, fpdf's unit
BAR = 0.04  # a bar's thickness in ems, as TeX's 0.4 pt rule


def _page() -> FPDF:
    return prose_page(SIZE)


def _fraction(pdf: FPDF, x: float, baseline: float, numerator: str, denominator: str) -> float:
    """A stacked fraction as TeX sets it, its bar on the math axis; returns its right edge."""
    width = max(pdf.get_string_width(numerator), pdf.get_string_width(denominator)) + 0.2 * EM
    axis = baseline - 0.25 * EM
    pdf.rect(x, axis - BAR * EM / 2, width, BAR * EM, style="F")
    for part, part_baseline in ((numerator, axis - 0.42 * EM), (denominator, axis + 0.93 * EM)):
        pdf.text(x + (width - pdf.get_string_width(part)) / 2, part_baseline, part)
    return x + width


def _text(pdf: FPDF, tmp_path: Path) -> str:
    return pdf_text(pdf, tmp_path / "fraction.pdf")


def test_a_displayed_fraction_ends_its_sentence_on_one_line(tmp_path: Path) -> None:
    pdf = _page()
    pdf.text(15, 60, "Relationship 5. For any i, k and s, and for p = 0,")
    baseline = 60 + 2.2 * EM
    x = 90.0
    pdf.text(x, baseline, "o =")
    x = _fraction(pdf, x + pdf.get_string_width("o =") + 0.3 * EM, baseline, "i - k", "s")
    pdf.text(x + 0.3 * EM, baseline, "+ 1.")
    pdf.text(15, baseline + 3 * EM, "The floor function accounts for the last possible step.")
    text = _text(pdf, tmp_path)
    assert "Relationship 5. For any i, k and s, and for p = 0, o = (i - k)/s + 1." in text
    assert "The floor function accounts for the last possible step." in text


def test_a_part_of_one_term_needs_no_parentheses(tmp_path: Path) -> None:
    pdf = _page()
    pdf.text(15, 60, "Each half of the kernel is then, for k odd and n given,")
    baseline = 60 + 2.2 * EM
    pdf.text(98, baseline, "n =")  # centred on the line
    _fraction(pdf, 98 + pdf.get_string_width("n =") + 0.3 * EM, baseline, "k", "2")
    assert "for k odd and n given, n = k/2" in _text(pdf, tmp_path)


def test_a_rule_between_table_rows_joins_nothing(tmp_path: Path) -> None:
    pdf = _page()
    for x, top, bottom in ((15, "Name", "Alice"), (60, "Role", "Admin")):
        pdf.text(x, 60, top)
        pdf.text(x, 60 + 1.4 * EM, bottom)
    pdf.rect(15, 60 + 0.3 * EM, 70, BAR * EM, style="F")
    text = _text(pdf, tmp_path)
    assert "/" not in text


def test_an_underline_with_a_line_below_joins_nothing(tmp_path: Path) -> None:
    pdf = _page()
    pdf.text(15, 60, "This word is underlined here, in a sentence of its own.")
    start = 15 + pdf.get_string_width("This ")
    pdf.rect(start, 60 + 0.1 * EM, pdf.get_string_width("word"), BAR * EM, style="F")
    pdf.text(15, 60 + 1.2 * EM, "The next line of the paragraph goes on below it.")
    text = _text(pdf, tmp_path)
    assert "/" not in text
    assert "This word is underlined here" in text


def test_conv_arithmetic_relationships_with_fractions_read_whole() -> None:
    # Relationships 5 to 7 and 15 of the shared PDF set their formula as a fraction.
    blocks = extract(DATA / "papers-pdf" / "conv-arithmetic_dumoulin2016.pdf").blocks
    texts = [p.text for p in make_passages(blocks)]
    # Each between the floor brackets that the math extension font draws (``pdf_math_fonts``).
    for whole in (
        "Relationship 5. For any i, k and s, and for p = 0, o = \u230a(i \u2212 k)/s\u230b + 1.",
        "Relationship 6. For any i, k, p and s, o = \u230a(i + 2p \u2212 k)/s\u230b + 1.",
        "Relationship 7. For any i, k and s, o = \u230a(i \u2212 k)/s\u230b + 1.",
    ):
        assert whole in texts
    assert any(t.startswith("The floor function accounts for the fact") for t in texts)
