"""A table drawn with ruled cells is left out: no fraction, heading or paragraph comes of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import Passage, make_passages
from claimaudit.library.pdf.ruled import ruled_grids
from claimaudit.library.pdf.rules import Shape

PT = 25.4 / 72  # one point in millimetres, fpdf's unit
RULE = 0.75 * PT  # a browser's 1px border
ROWS = [("Group", "Age", "Sex"), ("Placebo", "44", "52% female"), ("Low dose", "46", "49% female")]
ROWS += [("High dose", "45", "51% female")]
WIDTHS = (64 * PT, 28 * PT, 74 * PT)
CELL_HEIGHT = 17 * PT
AFTER = "Participants were randomised in blocks of six by an independent statistician."


def _page() -> FPDF:
    """A title, a heading and a paragraph, as a browser prints ``<h1>``, ``<h2>`` and ``<p>``,
    then a table's caption."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", style="B", size=24)
    pdf.text(15, 18, "Browser table paper")
    pdf.set_font("helvetica", style="B", size=18)
    pdf.text(15, 30, "Methods")
    pdf.set_font("helvetica", size=12)
    pdf.text(15, 42, "We enrolled adults with moderate asthma from three clinics in two years.")
    pdf.text(40, 54, "Table 1. Baseline characteristics.")
    return pdf


def _frame(pdf: FPDF, x: float, top: float, width: float, height: float) -> None:
    """Four filled rules round a rectangle, as a browser draws a border."""
    pdf.rect(x, top, width, RULE, style="F")
    pdf.rect(x, top + height - RULE, width, RULE, style="F")
    pdf.rect(x, top, RULE, height, style="F")
    pdf.rect(x + width - RULE, top, RULE, height, style="F")


def _browser_table(pdf: FPDF, top: float) -> float:
    """``ROWS`` as a browser prints ``<table border=1>`` with ``<th>`` headers: a frame round
    the table and one round each cell, 1.5 pt apart; returns the table's bottom."""
    gap = 1.5 * PT
    x0 = 15.0
    bottom = top + gap + len(ROWS) * (CELL_HEIGHT + gap) + gap
    _frame(pdf, x0, top, sum(WIDTHS) + 4 * gap + 2 * gap, bottom - top)
    for number, row in enumerate(ROWS):
        cell_top = top + 2 * gap + number * (CELL_HEIGHT + gap)
        x = x0 + 2 * gap
        pdf.set_font("helvetica", style="B" if number == 0 else "", size=12)
        for text, width in zip(row, WIDTHS, strict=True):
            _frame(pdf, x, cell_top, width, CELL_HEIGHT)
            pdf.text(x + 2 * PT, cell_top + 12.5 * PT, text)
            x += width + gap
    pdf.set_font("helvetica", size=12)
    return bottom


def _latex_table(pdf: FPDF, top: float) -> float:
    """``ROWS`` less their middle column, as LaTeX sets a ``tabular`` with ``|l|l|`` and
    ``\\hline``: rules shared by neighbouring cells, the vertical ones drawn row by row;
    returns the table's bottom."""
    x0 = 15.0
    widths = (WIDTHS[0], WIDTHS[2])
    width = sum(widths)
    for number, (first, _, last) in enumerate(ROWS):
        cell_top = top + number * CELL_HEIGHT
        pdf.rect(x0, cell_top, width, RULE, style="F")
        x = x0
        for text, cell in zip((first, last), widths, strict=True):
            pdf.rect(x, cell_top, RULE, CELL_HEIGHT, style="F")
            pdf.text(x + 3 * PT, cell_top + 12.5 * PT, text)
            x += cell
        pdf.rect(x, cell_top, RULE, CELL_HEIGHT, style="F")
    bottom = top + len(ROWS) * CELL_HEIGHT
    pdf.rect(x0, bottom, width, RULE, style="F")
    return bottom


def _stroked_table(pdf: FPDF, top: float) -> float:
    """``_latex_table``'s grid drawn as a word processor draws borders: stroked lines, 1 pt
    wide; returns the table's bottom."""
    x0 = 15.0
    widths = (WIDTHS[0], WIDTHS[2])
    pdf.set_line_width(1.0 * PT)
    bottom = top + len(ROWS) * CELL_HEIGHT
    for number, (first, _, last) in enumerate(ROWS):
        cell_top = top + number * CELL_HEIGHT
        pdf.line(x0, cell_top, x0 + sum(widths), cell_top)
        pdf.text(x0 + 3 * PT, cell_top + 12.5 * PT, first)
        pdf.text(x0 + widths[0] + 3 * PT, cell_top + 12.5 * PT, last)
    pdf.line(x0, bottom, x0 + sum(widths), bottom)
    for x in (x0, x0 + widths[0], x0 + sum(widths)):
        pdf.line(x, top, x, bottom)
    return bottom


def _framed_cells(pdf: FPDF, top: float) -> float:
    """``_latex_table``'s rows with each cell framed apart by a stroked rectangle, as fpdf's
    and ReportLab's cell borders are drawn (``re S``); returns the table's bottom."""
    x0 = 15.0
    widths = (WIDTHS[0], WIDTHS[2])
    pdf.set_line_width(0.5 * PT)
    for number, (first, _, last) in enumerate(ROWS):
        cell_top = top + number * CELL_HEIGHT
        x = x0
        for text, width in zip((first, last), widths, strict=True):
            pdf.rect(x, cell_top, width, CELL_HEIGHT)
            pdf.text(x + 3 * PT, cell_top + 12.5 * PT, text)
            x += width
    return top + len(ROWS) * CELL_HEIGHT


def _passages(pdf: FPDF, tmp_path: Path) -> list[Passage]:
    path = tmp_path / "table.pdf"
    pdf.output(str(path))
    return make_passages(extract(path).blocks)


def _check_left_out(passages: list[Passage]) -> None:
    texts = [p.text for p in passages]
    assert texts[-1] == AFTER  # nothing of the table glued on
    assert not any(word in text for text in texts for word in ("Placebo", "female", "/"))
    # The header row heads no section: the paragraph after the table is still the Methods'.
    assert [p.section for p in passages] == ["Methods"] * len(passages)


def test_a_browser_printed_table_with_borders_is_left_out(tmp_path: Path) -> None:
    pdf = _page()
    bottom = _browser_table(pdf, 58)
    pdf.text(15, bottom + 10, AFTER)
    _check_left_out(_passages(pdf, tmp_path))


def test_a_table_with_shared_rules_is_left_out(tmp_path: Path) -> None:
    pdf = _page()
    bottom = _latex_table(pdf, 58)
    pdf.text(15, bottom + 10, AFTER)
    _check_left_out(_passages(pdf, tmp_path))


def test_a_table_ruled_with_stroked_lines_is_left_out(tmp_path: Path) -> None:
    # pdfium pads a stroked path's bounds by its whole width on each side: a 1 pt line read
    # 2 pt thick, too thick for a rule, and the cells ran into the paragraph after them.
    pdf = _page()
    bottom = _stroked_table(pdf, 58)
    pdf.text(15, bottom + 10, AFTER)
    _check_left_out(_passages(pdf, tmp_path))


def test_a_table_whose_cells_are_framed_apart_is_left_out(tmp_path: Path) -> None:
    # Each cell one stroked rectangle: no path was a rule, so no grid was found, and the
    # cells ran into the paragraph after them.
    pdf = _page()
    bottom = _framed_cells(pdf, 58)
    pdf.text(15, bottom + 10, AFTER)
    _check_left_out(_passages(pdf, tmp_path))


def test_a_stroked_frame_round_a_paragraph_is_no_table(tmp_path: Path) -> None:
    pdf = _page()
    pdf.set_line_width(0.5 * PT)
    pdf.rect(13, 60, 184, 20)
    pdf.text(15, 68, "A boxed remark that the reader should keep in mind.")
    pdf.text(15, 76, "It runs onto a second line inside the same frame.")
    pdf.text(15, 96, AFTER)
    texts = [p.text for p in _passages(pdf, tmp_path)]
    assert any("A boxed remark" in text for text in texts)


@pytest.mark.parametrize("gap", [0.0, 1.0, 3.0])
def test_a_box_framed_just_under_a_table_still_sets_its_text_apart(
    tmp_path: Path, gap: float
) -> None:
    # The box's frame, under 4 pt from the table's bottom rule, joined the table's rules and was
    # taken away with them: the boxed line and the line after the box were read as one paragraph.
    pdf = _page()
    bottom = _framed_cells(pdf, 58)
    boxed = "Relationship 4. For any i and k, the output size grows by k - 1."
    pdf.set_line_width(0.5 * PT)
    pdf.rect(13, bottom + gap * PT, 184, 9)
    pdf.text(15, bottom + gap * PT + 6, boxed)
    pdf.text(15, bottom + gap * PT + 12, AFTER)
    texts = [p.text for p in _passages(pdf, tmp_path)]
    assert boxed in texts
    assert AFTER in texts
    assert not any("Placebo" in text for text in texts)


def test_text_in_a_frame_round_a_table_stays(tmp_path: Path) -> None:
    # The frame's sides run on along the table's outer rules, so frame and table are one drawing.
    pdf = _page()
    pdf.text(17, 64, "A note above it.")
    bottom = _latex_table(pdf, 68)
    pdf.text(17, bottom + 7, "A note below it.")
    _frame(pdf, 15, 58, (WIDTHS[0] + WIDTHS[2]), bottom + 11 - 58)
    pdf.text(15, bottom + 22, AFTER)
    texts = [p.text for p in _passages(pdf, tmp_path)]
    assert "A note above it." in texts
    assert "A note below it." in texts
    assert not any("Placebo" in text for text in texts)


def _rule(x0: float, top: float, x1: float, bottom: float) -> Shape:
    return Shape(x0, top, x1, bottom)


def _box(x0: float, top: float, x1: float, bottom: float) -> list[Shape]:
    return [
        _rule(x0, top, x1, top + 0.4),
        _rule(x0, bottom - 0.4, x1, bottom),
        _rule(x0, top, x0 + 0.4, bottom),
        _rule(x1 - 0.4, top, x1, bottom),
    ]


def test_two_rows_of_two_ruled_cells_are_a_grid() -> None:
    shapes = _box(100, 100, 300, 160)
    shapes += [_rule(100, 130, 300, 130.4), _rule(200, 100, 200.4, 160)]
    grids = ruled_grids(shapes)
    # The rows run from the top rule's middle to the bottom rule's, between the outer sides.
    assert [(g.x0, g.top, g.x1, g.bottom) for g in grids] == [(100, 100.2, 300, 159.8)]
    assert len(grids[0].rules) == len(shapes)


def test_frames_rules_and_fraction_bars_are_no_grid() -> None:
    framed = _box(100, 100, 300, 160)  # a framed box
    titled = [*_box(100, 200, 300, 300), _rule(100, 220, 300, 220.4)]  # a rule under its title
    # A page frame with a column rule under a header rule: one row of two cells.
    page = [*_box(20, 400, 580, 800), _rule(20, 430, 580, 430.4), _rule(300, 430, 300.4, 800)]
    bars = [_rule(150, 130, 170, 130.4), _rule(150, 260, 180, 260.4)]  # fractions inside
    assert ruled_grids(framed + titled + page + bars) == []


def test_a_fraction_in_a_framed_box_still_reads_as_one(tmp_path: Path) -> None:
    pdf = _page()
    _frame(pdf, 15, 60, 150, 30)
    pdf.text(20, 72, "A ratio is then given as r =")
    x = 20 + pdf.get_string_width("A ratio is then given as r =") + 2
    pdf.rect(x, 70.5, 6, 0.14, style="F")  # the bar, the parts centred over and under it
    pdf.text(x + 3 - pdf.get_string_width("a") / 2, 69, "a")
    pdf.text(x + 3 - pdf.get_string_width("b") / 2, 75, "b")
    pdf.text(15, 100, AFTER)
    texts = [p.text for p in _passages(pdf, tmp_path)]
    assert any("A ratio is then given as r = a/b" in text for text in texts)


def test_a_drawings_crowded_rules_are_not_compared_pair_by_pair() -> None:
    # Cross-hatching: 300 rules crossing in a square of 60 pt, cells of a drawing, not a table's.
    across = [_rule(100, 100 + n * 0.4, 160, 100.2 + n * 0.4) for n in range(150)]
    down = [_rule(100 + n * 0.4, 100, 100.2 + n * 0.4, 160) for n in range(150)]
    assert ruled_grids(across + down) == []
