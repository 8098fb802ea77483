"""Tables on a page: rows of cells, which are not prose a claim could cite (the LaTeX
extraction leaves tables out too).

Two shapes are recognised, both from rows of segments (one row per baseline, left to right):

- a grid across the page: three or more consecutive rows, each cut into three or more short
  cells by wide gaps; rows between them whose cells are wrapped onto a second line ("Iterative
  Hessian" over "factorization") belong to it;
- within one column, three or more rows of two or more cells whose gaps line up down the rows:
  a table of a name and a description, whose description cells may be long, or a browser's
  table without borders, whose narrow cell padding leaves no wide gap in some rows; with the
  row of headers over it.
"""

from __future__ import annotations

import itertools
import re

from claimaudit.library.pdf.segments import Segment

_MIN_CELLS = 3
_MIN_TABLE_ROWS = 3
# A row between grid rows that is not a grid row itself: a cell wrapped onto a second line.
_MAX_BRIDGED_ROWS = 2
# Rows of one table follow each other closely (in ems, baseline to baseline).
_MAX_ROW_PITCH_EMS = 2.5
# A gap of at least this many ems separates two cells.
_CELL_GAP_EMS = 1.0
# The strip that stays empty down an aligned table's rows is at least this wide (ems).
_MIN_STRIP_EMS = 0.5
# A displayed formula's number at the right margin, "(3)": a formula, not a table cell.
EQUATION_NUMBER = re.compile(r"^\(\d+(?:\.\d+)*[a-z]?\)$")
# A list item's label as a cell of its own: "•", "1.", "(a)".
LIST_LABEL = re.compile(
    r"^(?:[\u2022\u25e6\u25aa\u25ab\u2023\u2219\u00b7\u25cf\u25cb\u25a0\u25a1\u2013\u2014*-]"
    r"|\(?(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)])$"
)


def grid_rows(rows: list[list[Segment]], page_width: float) -> set[int]:
    """The indices of ``rows`` that belong to a grid table across the page."""
    # Cells are short; a row of a two-column page (a column's line, a label, the other
    # column's line) has long pieces.
    short = 0.25 * page_width
    cellular = [
        sum(s.x1 - s.x0 < short for s in row) >= _MIN_CELLS and _wide_gaps(row) >= _MIN_CELLS - 1
        for row in rows
    ]
    doomed: set[int] = set()
    start = 0
    while start < len(rows):
        if not cellular[start]:
            start += 1
            continue
        members = [start]
        index = start + 1
        while index < len(rows):
            if cellular[index]:
                members.append(index)
                index += 1
                continue
            bridge = _bridge(rows, cellular, index, short)
            if bridge is None:
                break
            members.extend(range(index, bridge + 1))
            index = bridge + 1
        if sum(cellular[i] for i in members) >= _MIN_TABLE_ROWS:
            doomed.update(members)
        start = members[-1] + 1
    return doomed


def _bridge(
    rows: list[list[Segment]], cellular: list[bool], index: int, short: float
) -> int | None:
    """The index of the grid row that follows the wrapped cells from ``index`` on, or None
    when the rows from ``index`` are not wrapped cells of the grid row above them."""
    for ahead in range(index, min(index + _MAX_BRIDGED_ROWS + 1, len(rows))):
        if not _close(rows[ahead - 1], rows[ahead]):
            return None
        if cellular[ahead]:
            return ahead
        if any(s.x1 - s.x0 >= short for s in rows[ahead]):
            return None
    return None


def aligned_rows(rows: list[list[Segment]], width: float) -> set[int]:
    """The indices of ``rows`` (of one column) that form a table whose cell gaps line up, with
    a header row over them (``_header``)."""
    doomed: set[int] = set()
    run: list[int] = []
    strips: list[tuple[float, float]] = []
    previous: list[tuple[float, float]] = []  # the last row's own gaps
    for index, row in enumerate(rows):
        gaps = _gaps(row) if _is_cell_row(row, width) else []
        shared = _shared(strips, gaps, row[0].size) if run else gaps
        if gaps and shared and (not run or _close(rows[run[-1]], row)):
            run.append(index)
            strips, previous = shared, gaps
            continue
        _close_run(rows, run, doomed)
        # A run may break where a row's gap leaves the run's strips; the table may begin again
        # with the row before it ("Group Age Sex" centred over "Placebo 44 52% female").
        restart = _shared(previous, gaps, row[0].size) if run and gaps else []
        if restart and _close(rows[run[-1]], row):
            run, strips = [run[-1], index], restart
        else:
            run, strips = ([index], gaps) if gaps else ([], [])
        previous = gaps
    _close_run(rows, run, doomed)
    return doomed


def _close_run(rows: list[list[Segment]], run: list[int], doomed: set[int]) -> None:
    """Add a run of enough rows to ``doomed``, with its header row."""
    if len(run) < _MIN_TABLE_ROWS:
        return
    doomed.update(range(run[0], run[-1] + 1))
    if _header(rows, run):
        doomed.add(run[0] - 1)


def _header(rows: list[list[Segment]], run: list[int]) -> bool:
    """Whether the row right above ``run`` heads its columns: as close as the run's rows, cut
    by wide gaps into as many cells as the run's fullest row (headers centred over their
    columns leave no strip in common with the cells'). A line of prose is one piece."""
    above = run[0] - 1
    if above < 0 or not _close(rows[above], rows[run[0]]):
        return False
    cells = max(len(rows[index]) for index in run)
    return len(rows[above]) >= cells and _wide_gaps(rows[above]) == len(rows[above]) - 1


def _is_cell_row(row: list[Segment], width: float) -> bool:
    """Two or more cells, at most one of them long (a description), that are neither a list
    item's label and its text nor a displayed formula and its number."""
    if len(row) < 2 or LIST_LABEL.match(row[0].text.strip()):
        return False
    if EQUATION_NUMBER.match(row[-1].text.strip()):
        return False
    return sum(s.x1 - s.x0 >= 0.25 * width for s in row) <= 1


def _gaps(row: list[Segment]) -> list[tuple[float, float]]:
    return [
        (a.x1, b.x0)
        for a, b in itertools.pairwise(row)
        if b.x0 - a.x1 > _CELL_GAP_EMS * max(a.size, b.size)
    ]


def _shared(
    strips: list[tuple[float, float]], gaps: list[tuple[float, float]], size: float
) -> list[tuple[float, float]]:
    """The parts of the run's empty strips that stay empty in this row too."""
    shared = [(max(s0, g0), min(s1, g1)) for s0, s1 in strips for g0, g1 in gaps]
    return [(lo, hi) for lo, hi in shared if hi - lo >= _MIN_STRIP_EMS * size]


def _close(above: list[Segment], below: list[Segment]) -> bool:
    return below[0].baseline - above[0].baseline <= _MAX_ROW_PITCH_EMS * below[0].size


def _wide_gaps(row: list[Segment]) -> int:
    return sum(b.x0 - a.x1 > _CELL_GAP_EMS * row[0].size for a, b in itertools.pairwise(row))
