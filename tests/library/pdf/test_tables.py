"""Tables recognised from rows of positioned segments (the shapes pdfLaTeX prints)."""

from __future__ import annotations

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
