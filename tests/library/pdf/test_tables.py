"""Tables recognised from rows of positioned segments (the shapes pdfLaTeX prints)."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.library.pdf.read import Segment
from claimaudit.library.pdf.tables import aligned_rows, grid_rows

SIZE = 10.0
PITCH = 12.0


def _segment(text: str, x0: float, baseline: float, width: float | None = None) -> Segment:
    width = 5.0 * len(text) if width is None else width
    return Segment(
        text, x0, x0 + width, baseline - SIZE, baseline, baseline, SIZE, False, False, "CMR10"
    )


def _rows(cells: list[list[tuple[str, float]]], top: float = 100.0) -> list[list[Segment]]:
    return [
        [_segment(text, x0, top + number * PITCH) for text, x0 in row]
        for number, row in enumerate(cells)
    ]


def test_rows_of_a_name_and_a_description_whose_gap_lines_up_are_a_table() -> None:
    # Both columns centred, as Table 2 of the SciPy paper: ragged edges, one empty strip.
    rows = _rows(
        [
            [("optimize", 80), ("a few more high quality global optimizers", 250)],
            [("fftpack", 84), ("reduce overlap with NumPy equivalent", 260)],
            [("interpolate", 72), ("mesh refinement and coarsening of B-splines", 210)],
            [("sparse.linalg", 66), ("add PROPACK wrappers for faster SVD", 258)],
        ]
    )
    assert aligned_rows(rows, 480) == {0, 1, 2, 3}


def test_two_cell_rows_need_three_in_a_row_and_a_shared_empty_strip() -> None:
    assert aligned_rows(_rows([[("a", 80), ("long description here", 250)]] * 2), 480) == set()
    # The third row's first piece runs on where the other rows' second cells start.
    crossed = _rows(
        [
            [("optimize", 80), ("a few more optimizers", 250)],
            [("fftpack", 84), ("reduce overlap", 250)],
            [("linalg", 84), ("support LAPACK", 250)],
        ]
    )
    crossed.insert(2, [_segment("a line", 60, 200, 200), _segment("runs on", 275, 200)])
    assert aligned_rows(crossed, 480) == set()


def test_list_items_numbered_formulas_and_prose_lines_are_not_tables() -> None:
    items = _rows([[(f"{n}.", 70), (f"Item number {n} of the list", 90)] for n in range(1, 5)])
    assert aligned_rows(items, 480) == set()
    formulas = _rows([[(f"x = y + {n}", 200), (f"({n})", 520)] for n in range(1, 5)])
    assert aligned_rows(formulas, 480) == set()
    # Two columns' lines side by side (were the gutter missed): both pieces are long.
    columns = [
        [
            _segment("left column prose", 60, 100 + n * PITCH, 230),
            _segment("right column prose", 310, 100 + n * PITCH, 230),
        ]
        for n in range(5)
    ]
    assert aligned_rows(columns, 480) == set()
    # A table's rows are close together: far-apart rows are not one table.
    far = [
        [_segment("name", 80, 100 + n * 60), _segment("a long description", 250, 100 + n * 60)]
        for n in range(4)
    ]
    assert aligned_rows(far, 480) == set()


def test_rows_of_cells_without_headers_keep_a_wrapped_line_in_the_table() -> None:
    # No row of headers, and one row of four wrapped: the table all the same, its wrapped line
    # and the row after it too (they were left as prose, the rows before them a table).
    cells = [
        [("optimize", 80), ("a few more high quality global optimizers", 250)],
        [("fftpack", 84), ("reduce overlap with NumPy equivalent", 250)],
        [("interpolate", 72), ("mesh refinement and coarsening of B-splines", 250)],
        [("and more wrapped here", 250)],
        [("sparse.linalg", 66), ("add PROPACK wrappers for faster SVD", 250)],
    ]
    assert aligned_rows(_rows(cells), 480) == {0, 1, 2, 3, 4}
    # Most rows wrapped, as a description list's items are: each stretch of rows of cells
    # alone, none long enough for a table.
    wrapped = [[("and more wrapped here", 250)]]
    rows = _rows(cells[:1] + wrapped + cells[1:2] + wrapped + cells[2:3] + wrapped + cells[4:])
    assert aligned_rows(rows, 480) == set()


def test_a_grid_keeps_its_row_labels_wrapped_onto_a_second_line() -> None:
    marks = [("\u2713", 260), ("\u2713", 300), ("\u2713", 340), ("\u2713", 380)]
    rows = _rows(
        [
            [("Wrapper", 90), *marks],
            [("1st derivatives", 80), *marks],
            [("Iterative Hessian", 76)],  # the label's second line follows
            [("factorization", 84), *marks],
            [("Global convergence", 70), *marks],
        ]
    )
    assert grid_rows(rows, 612) == {0, 1, 2, 3, 4}


def test_a_short_line_after_a_grid_stays_unless_another_grid_row_follows() -> None:
    marks = [("\u2713", 260), ("\u2713", 300), ("\u2713", 340)]
    rows = _rows([[("Wrapper", 90), *marks]] * 3 + [[("Statistical distributions", 64)]])
    assert grid_rows(rows, 612) == {0, 1, 2}
    # A line of prose between grid rows is not a wrapped cell: each grid is too short alone.
    prose = _rows(
        [
            [("Wrapper", 90), *marks],
            [("Wrapper", 90), *marks],
            [("A full line of prose runs across the page here", 64)],
            [("Wrapper", 90), *marks],
        ]
    )
    assert grid_rows(prose, 612) == set()


def _cells(
    cells: list[list[tuple[str, float, float]]], size: float, pitch: float
) -> list[list[Segment]]:
    """Rows of (text, x0, x1) cells in type of ``size``, ``pitch`` apart."""
    return [
        [
            Segment(
                text,
                x0,
                x1,
                100 + n * pitch - size,
                100 + n * pitch,
                100 + n * pitch,
                size,
                False,
                False,
                "Serif",
            )
            for text, x0, x1 in row
        ]
        for n, row in enumerate(cells)
    ]


def test_a_browser_table_without_borders_is_a_table_with_its_header_row() -> None:
    # As Chromium prints <table> with <th> headers and no border, at 12 pt: headers centred
    # over their columns, and a padding of 7 pt between "Low dose" and "46", too narrow for a
    # cell gap, which pdfium reads as one piece in "High dose 45".
    rows = _cells(
        [
            [("A line of prose over the table, set as one piece.", 33.8, 500.0)],
            [("Group", 46.0, 87.7), ("Age", 100.6, 126.0), ("Sex", 153.1, 176.6)],
            [("Placebo", 36.0, 83.8), ("44", 100.7, 116.0), ("52% female", 129.0, 200.5)],
            [("Low dose", 36.0, 93.4), ("46", 100.7, 116.0), ("49% female", 129.0, 200.5)],
            [("High dose 45", 36.0, 116.0), ("51% female", 129.0, 200.5)],
        ],
        12.0,
        17.2,
    )
    assert aligned_rows(rows, 470) == {1, 2, 3, 4}


BEFORE = [
    "We trained every model on the same split of the corpus and report the mean of five",
    "runs with different seeds. The baseline uses the published hyperparameters and our",
    "model adds the retrieval step described in the previous section of this paper.",
]
AFTER = [
    "The retrieval step helps most on the long documents, where the baseline loses track",
    "of the entities that the question mentions early in the passage.",
]


def _passages(rows: list[tuple[str, ...]], columns: tuple[float, ...], tmp_path: Path) -> list[str]:
    """The passages of a page of prose with ``rows`` set between its paragraphs as pdfLaTeX sets
    a tabular without rules (10 pt, a line's pitch apart), each row's cells at ``columns``; a
    cell written "**...**" is bold."""
    pdf = FPDF(unit="pt", format="letter")
    pdf.add_page()
    pdf.set_font("times", size=10)
    y = 130.0
    for line in BEFORE:
        pdf.text(72, y, line)
        y += 12
    pdf.text(200, y + 14, "Table 1: Terms used in this paper.")
    y += 30
    for row in rows:
        for text, x in zip(row, columns, strict=True):
            bold = text.startswith("**")
            pdf.set_font("times", style="B" if bold else "", size=10)
            if text:
                pdf.text(x, y, text.strip("*"))
        y += 12
    pdf.set_font("times", size=10)
    y += 14
    for line in AFTER:
        pdf.text(72, y, line)
        y += 12
    path = tmp_path / "table.pdf"
    pdf.output(str(path))
    return [p.text for p in make_passages(extract(path).blocks)]


def test_a_table_of_a_name_and_a_wrapped_description_is_left_out(tmp_path: Path) -> None:
    # Each description ran on over its wrapped line, a row of one piece that broke the run of
    # rows of cells: "Term Definition Claim A statement that a paper makes about the world,
    # which a reader checks ..." was a passage a judge could quote.
    rows = [
        ("Term", "Definition"),
        ("Claim", "A statement that a paper makes about the world,"),
        ("", "which a reader checks against the cited sources."),
        ("Evidence", "A passage of a cited paper that the judge reads"),
        ("", "before it decides whether the claim is supported."),
        ("Verdict", "The relation the judge picks, with its probability"),
        ("", "and the passage it quotes."),
    ]
    texts = _passages(rows, (146.0, 200.0), tmp_path)
    assert texts == [" ".join(BEFORE), "Table 1: Terms used in this paper.", " ".join(AFTER)]


def test_a_grid_whose_last_row_is_wrapped_leaves_no_line_behind(tmp_path: Path) -> None:
    # The last row's wrapped line has no grid row after it to bridge to: "with our filtering"
    # opened the paragraph after the table.
    rows = [
        ("Model", "Training data", "F1"),
        ("Baseline", "Wikipedia and", "71.2"),
        ("", "news articles", ""),
        ("Retrieval", "Wikipedia, news and", "74.9"),
        ("", "scientific abstracts", ""),
        ("Ours", "The same as retrieval", "78.3"),
        ("", "with our filtering", ""),
    ]
    texts = _passages(rows, (146.0, 220.0, 380.0), tmp_path)
    assert texts == [" ".join(BEFORE), "Table 1: Terms used in this paper.", " ".join(AFTER)]


def test_a_table_without_headers_whose_last_row_is_wrapped_leaves_no_line_behind(
    tmp_path: Path,
) -> None:
    # No row of headers, and only the last row's description wrapped: its rows of cells were
    # left out, but the wrapped line was read as a paragraph of its own, "probability and the
    # passage it quotes.", between the caption and the text after the table.
    rows = [
        ("Claim", "A statement a paper makes"),
        ("Evidence", "A passage of a cited paper"),
        ("Verdict", "The relation the judge picks, with its"),
        ("", "probability and the passage it quotes."),
    ]
    texts = _passages(rows, (146.0, 200.0), tmp_path)
    assert texts == [" ".join(BEFORE), "Table 1: Terms used in this paper.", " ".join(AFTER)]


def test_a_table_without_headers_whose_middle_row_is_wrapped_is_left_out(
    tmp_path: Path,
) -> None:
    # No row of headers, and one row in the middle wrapped: the rows of cells on either side
    # of its wrapped line were read apart, each stretch too short for a table, so "Evidence A
    # passage of a cited paper that the judge reads before it decides ..." was prose.
    rows = [
        ("Claim", "A statement a paper makes"),
        ("Evidence", "A passage of a cited paper that the judge reads"),
        ("", "before it decides whether the claim is supported."),
        ("Verdict", "The relation the judge picks"),
        ("Record", "One line of the output per paper"),
    ]
    texts = _passages(rows, (146.0, 200.0), tmp_path)
    assert texts == [" ".join(BEFORE), "Table 1: Terms used in this paper.", " ".join(AFTER)]


def test_a_description_list_with_hanging_labels_stays(tmp_path: Path) -> None:
    # As the SciPy paper sets its subpackages (enumitem's leftmargin=!): a bold label in a
    # margin of its own, its text wrapped beside it; no row of headers over it. Prose.
    rows = [
        ("**cluster**", "The cluster subpackage contains vector quantization"),
        ("", "and k-means algorithms."),
        ("**constants**", "Physical and mathematical constants, including the"),
        ("", "recommended values of the fundamental constants."),
        ("**fftpack**", "Fast Fourier Transform routines for the sine and"),
        ("", "cosine transforms."),
    ]
    texts = _passages(rows, (146.0, 200.0), tmp_path)
    [kept] = [text for text in texts if "Physical and mathematical constants" in text]
    assert kept.startswith("cluster The cluster subpackage contains vector quantization and")
    assert kept.endswith(
        "fftpack Fast Fourier Transform routines for the sine and cosine transforms."
    )
