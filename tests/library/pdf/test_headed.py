"""A table without rules under a bold row of headers, from rows of positioned segments (as
Chromium prints a ``<table>`` with ``<th>`` cells and no border); prose under a bold line stays."""

from __future__ import annotations

from claimaudit.library.pdf.headed import headed_rows
from claimaudit.library.pdf.read import Segment

SIZE = 12.0


def _row(baseline: float, *cells: tuple[str, float, float], bold: bool = False) -> list[Segment]:
    return [
        Segment(text, x0, x1, baseline - SIZE, baseline, baseline, SIZE, bold, False, "Serif")
        for text, x0, x1 in cells
    ]


HEADER = _row(
    189.0,
    ("Group", 15.8, 49.6),
    ("Age", 60.2, 80.2),
    ("Sex", 103.1, 121.0),
    ("Outcome", 145.7, 192.3),
    bold=True,
)


def test_rows_whose_cells_run_together_under_bold_headers_are_a_table() -> None:
    # Chromium's measures: 3 pt between the widest cells, so "Low dose 46" is one piece; the
    # only strip left empty down the rows is 80.2 to 83.2.
    rows = [
        _row(161.2, ("stop.", 6.0, 29.0)),
        HEADER,
        _row(
            205.5, ("Placebo", 8.2, 46.2), ("44", 60.2, 72.2), ("52% female no change", 83.2, 192.8)
        ),
        _row(222.0, ("Low dose 46", 8.2, 72.2), ("49% female mild relief", 83.2, 194.1)),
        _row(238.5, ("High dose 45", 8.2, 72.2), ("51% female relief", 83.2, 169.2)),
        _row(266.2, ("The second paragraph follows the table and is prose", 6.0, 355.3)),
    ]
    assert headed_rows(rows) == {1, 2, 3, 4}


def test_prose_or_a_list_under_a_bold_line_of_two_pieces_is_no_table() -> None:
    # A numbered heading ("2", a quad, "Methods") over a paragraph: its lines run across.
    heading = _row(100.0, ("2", 6.0, 12.0), ("Methods", 24.0, 80.0), bold=True)
    prose = [
        _row(116.0 + 14 * n, ("A line of the paragraph runs on", 6.0, 355.0)) for n in range(4)
    ]
    assert headed_rows([heading, *prose]) == set()
    # A list: each item's label is no cell, though a strip runs down beside the labels.
    items = [
        _row(116.0 + 14 * n, ("\u2022", 8.0, 12.0), (f"item {n} of the list", 20.0, 120.0))
        for n in range(4)
    ]
    assert headed_rows([heading, *items]) == set()
    # Rows of one piece each under the bold line: no column apart from another.
    lines = [_row(116.0 + 14 * n, ("A short line", 6.0, 70.0)) for n in range(4)]
    assert headed_rows([heading, *lines]) == set()


def test_boxes_side_by_side_each_a_bold_title_over_its_paragraph_are_no_table() -> None:
    # A web page's cards 3 pt apart, too close for a gutter: each title starts where its
    # paragraph's lines start, as no header a browser centres over its column does.
    titles = _row(100.0, ("Left heading", 8.0, 80.0), ("Right heading", 175.0, 250.0), bold=True)
    lines = [
        _row(
            114.0 + 14 * n, ("a line of the left card", 8.0, 172.0), ("a right line", 175.0, 330.0)
        )
        for n in range(4)
    ]
    assert headed_rows([titles, *lines]) == set()


def test_rows_padded_further_apart_than_a_line_are_a_table_and_the_text_after_stays() -> None:
    # ``td, th { padding: 4px }``: rows 21 pt (1.75 em) apart, a cell's wrapped lines 13.4 pt;
    # the rows were cut off from their headers and read as prose ("A statement ... Claim").
    header = _row(327.8, ("Term", 19.0, 46.6), ("Definition", 186.4, 237.7), bold=True)
    rows = [
        header,
        _row(348.8, ("A statement that a paper makes about the world, which a", 62.6, 334.0)),
        _row(355.5, ("Claim", 10.5, 39.8)),
        _row(362.2, ("reader checks against the cited sources.", 62.6, 251.0)),
        _row(383.2, ("A passage of a cited paper that the judge reads before it", 62.6, 328.0)),
        _row(390.0, ("Evidence", 10.5, 55.1)),
        _row(396.8, ("decides whether the claim is supported.", 62.6, 251.7)),
        # A short line further below than the rows are apart: the paragraph after the table.
        _row(426.8, ("A short line.", 62.6, 120.0)),
    ]
    assert headed_rows(rows) == set(range(7))
