"""A table without rules under a bold row of headers, from rows of positioned segments (as
Chromium prints a ``<table>`` with ``<th>`` cells and no border); prose under a bold line stays."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.pdf.headed import headed_rows
from claimaudit.library.pdf.read import Segment
from tests.library.helpers import pdf_passages, prose_page

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


def test_cards_whose_paragraphs_end_in_a_short_line_are_no_table() -> None:
    # Titles set left, as a table's headers may be: the lines under them are still a paragraph's,
    # each running on to the card's edge but the ones that end a sentence ("found.").
    titles = _row(100.0, ("Keep versions", 8.0, 80.0), ("Use plain text", 175.0, 250.0), bold=True)
    left = [
        ("Version control keeps every", 8.0, 166.0),
        ("version of a project, so that", 8.0, 170.0),
        ("its authors are found.", 8.0, 118.0),
        ("It costs little.", 8.0, 80.0),
    ]
    right = [
        ("Plain text formats outlive", 175.0, 326.0),
        ("the programs that wrote", 175.0, 322.0),
        ("them and any editor reads", 175.0, 330.0),
        ("them.", 175.0, 202.0),
    ]
    lines = [_row(114.0 + 14 * n, a, b) for n, (a, b) in enumerate(zip(left, right, strict=True))]
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


_PT = 25.4 / 72  # fpdf's unit (mm) a point


def _left_headed_table(tmp_path: Path) -> list[str]:
    """A table as Chromium prints ``th { text-align: left }``: each column as wide as its widest
    piece, the next 3 pt on, so "Mean" runs on into "Sex" and "Low dose" into "46.3"."""
    pdf = prose_page(12)
    headers = ["Group", "Mean", "Sex", "Outcome"]
    rows = [
        ("Placebo", "44.1", "52% female", "no change"),
        ("Low dose", "46.3", "49% female", "mild relief"),
        ("High dose", "45.0", "51% female", "relief"),
    ]

    def width(text: str, style: str = "") -> float:
        pdf.set_font("helvetica", style=style, size=12)
        return pdf.get_string_width(text) / _PT

    xs = [40.0]
    for column in range(3):
        widest = max([width(headers[column], "B")] + [width(row[column]) for row in rows])
        xs.append(xs[-1] + widest + 3)
    pdf.set_font("helvetica", style="B", size=12)
    for x, text in zip(xs, headers, strict=True):
        pdf.text(x * _PT, 300 * _PT, text)
    pdf.set_font("helvetica", size=12)
    for number, row in enumerate(rows, start=1):
        for x, text in zip(xs, row, strict=True):
            pdf.text(x * _PT, (300 + 16.5 * number) * _PT, text)
    pdf.set_xy(40 * _PT, 380 * _PT)
    pdf.multi_cell(150, 6, "The paragraph after the table is prose that a claim may cite.")
    return pdf_passages(pdf, tmp_path / "left.pdf")


def test_a_table_whose_bold_headers_are_set_left_is_a_table(tmp_path: Path) -> None:
    # Its headers start where their cells start, as a card's title does, and the widest ran on
    # into the next header as one piece ("Mean Sex"): its rows were read as a paragraph.
    passages = _left_headed_table(tmp_path)
    assert not any("Placebo" in p or "female" in p for p in passages)
    assert "The paragraph after the table is prose that a claim may cite." in passages


def test_cards_side_by_side_each_a_title_set_left_over_its_paragraph_stay_prose(
    tmp_path: Path,
) -> None:
    # Two cards 3 pt apart, too close for a gutter: a title set left over lines that each run
    # on to the card's edge but for the word that did not fit, as no table's column does.
    pdf = prose_page(12)
    cards = (
        (
            40.0,
            "Keep versions",
            "Version control keeps every version of the files of a project and its authors.",
        ),
        (
            203.0,
            "Use plain text",
            "Plain text formats outlive the programs that wrote them and any editor.",
        ),
    )
    for x, title, text in cards:
        pdf.set_font("helvetica", style="B", size=12)
        pdf.text(x * _PT, 300 * _PT, title)
        pdf.set_font("helvetica", size=12)
        pdf.set_xy(x * _PT, 305 * _PT)
        pdf.c_margin = 0
        pdf.multi_cell(160 * _PT, 14 * _PT, text, align="L")
    text = " ".join(pdf_passages(pdf, tmp_path / "cards.pdf"))
    for word in ("control", "authors.", "outlive", "editor."):
        assert word in text
