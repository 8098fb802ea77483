"""Tables on a page: rows of cells, which are not prose a claim could cite (the LaTeX
extraction leaves tables out too).

Two shapes are recognised, both from rows of segments (one row per baseline, left to right):

- a grid across the page: three or more consecutive rows, each cut into three or more short
  cells by wide gaps; rows between them whose cells are wrapped onto a second line ("Iterative
  Hessian" over "factorization") belong to it, and so do such rows after its last row;
- within one column, three or more rows of two or more cells whose gaps line up down the rows:
  a table of a name and a description, whose description cells may be long, or a browser's
  table without borders, whose narrow cell padding leaves no wide gap in some rows; with the
  row of headers over it, and the lines of its cells wrapped onto a line of their own.

A wrapped cell's line starts where a piece of the line above it starts (the cell's first line,
or its previous wrapped line), a line's pitch below it, and crosses none of the table's gaps:
a paragraph's line after a table starts at the margin and runs across them.
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
# A cell's wrapped line is at most this far below the line above it (in ems, baseline to
# baseline: a line's pitch, less than the space before a heading or a paragraph after a
# table), and starts where a piece of that line starts to within this (points).
_MAX_WRAP_PITCH_EMS = 1.5
_WRAP_COLUMN_PT = 2.0
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
            # The last row's cells may be wrapped too: no grid row follows to bridge to.
            doomed.update(_wrapped_after(rows, members[-1], [], short))
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


def _wrapped_after(
    rows: list[list[Segment]], last: int, strips: list[tuple[float, float]], short: float
) -> list[int]:
    """The rows right after ``rows[last]`` that are its cells' wrapped lines, at most
    ``_MAX_BRIDGED_ROWS`` of them (see ``_wraps``)."""
    found: list[int] = []
    for index in range(last + 1, min(last + 1 + _MAX_BRIDGED_ROWS, len(rows))):
        if not _wraps(rows[index - 1], rows[index], strips, short):
            break
        found.append(index)
    return found


def _wraps(
    above: list[Segment], row: list[Segment], strips: list[tuple[float, float]], short: float
) -> bool:
    """Whether ``row`` holds lines of cells of the row ``above`` wrapped onto a line of their
    own: each piece shorter than ``short``, starting where a piece above starts, crossing no
    strip of the table's gaps, a line's pitch below."""
    if LIST_LABEL.match(row[0].text.strip()):
        return False
    if row[0].baseline - above[0].baseline > _MAX_WRAP_PITCH_EMS * row[0].size:
        return False
    return all(
        piece.x1 - piece.x0 < short
        and any(abs(piece.x0 - cell.x0) <= _WRAP_COLUMN_PT for cell in above)
        and not any(piece.x0 < hi and piece.x1 > lo for lo, hi in strips)
        for piece in row
    )


def aligned_rows(rows: list[list[Segment]], width: float) -> set[int]:
    """The indices of ``rows`` (of one column) that form a table whose cell gaps line up, with
    a header row over them (``_header``)."""
    doomed: set[int] = set()
    run: list[int] = []
    wrapped: list[int] = []  # the wrapped lines since the run's last row of cells
    strips: list[tuple[float, float]] = []
    previous: list[tuple[float, float]] = []  # the last row's own gaps
    for index, row in enumerate(rows):
        gaps = _gaps(row) if _is_cell_row(row, width) else []
        shared = _shared(strips, gaps, row[0].size) if run else gaps
        if gaps and shared and (not run or _close(rows[index - 1], row)):
            run.append(index)
            strips, previous, wrapped = shared, gaps, []
            continue
        if run and len(wrapped) < _MAX_BRIDGED_ROWS and _wraps(rows[index - 1], row, strips, width):
            wrapped.append(index)
            continue
        _close_run(rows, run, wrapped, width, doomed)
        wrapped = []
        # A run may break where a row's gap leaves the run's strips; the table may begin again
        # with the row before it ("Group Age Sex" centred over "Placebo 44 52% female").
        restart = _shared(previous, gaps, row[0].size) if run and gaps else []
        if restart and _close(rows[index - 1], row):
            run, strips = [run[-1], index], restart
        else:
            run, strips = ([index], gaps) if gaps else ([], [])
        previous = gaps
    _close_run(rows, run, wrapped, width, doomed)
    return doomed


def _close_run(
    rows: list[list[Segment]], run: list[int], wrapped: list[int], width: float, doomed: set[int]
) -> None:
    """Add a run of enough rows of cells to ``doomed``, with the wrapped lines after its last
    row and its header row. A run with wrapped lines needs its header row: a description list
    whose labels hang in a margin of their own (enumitem's ``leftmargin=!``) is laid out as a
    name and its wrapped description, but is prose."""
    if len(run) < _MIN_TABLE_ROWS:
        return
    end = max([run[-1], *wrapped])
    headed = _header(rows, run)
    lines = end + 1 - run[0] - len(run)  # its wrapped lines, between its rows and after them
    if not (headed or _heads(rows, run, width) or _few_wrapped(rows, run, lines)) and lines:
        # Read as if its wrapped lines broke it: each stretch of rows of cells alone.
        stretches = itertools.groupby(enumerate(run), key=lambda pair: pair[1] - pair[0])
        for _, stretch in stretches:
            indices = [index for _, index in stretch]
            if len(indices) >= _MIN_TABLE_ROWS:
                doomed.update(range(indices[0], indices[-1] + 1))
                if indices[-1] == run[-1]:
                    # The table's last row, its cell wrapped: no row of cells follows that
                    # would make it a description list's item, so the line is the table's.
                    doomed.update(wrapped)
        return
    doomed.update(range(run[0], end + 1))
    if headed:
        doomed.add(run[0] - 1)


def _few_wrapped(rows: list[list[Segment]], run: list[int], lines: int) -> bool:
    """Whether a run with no row of headers is a table all the same: its cells wrapped onto
    fewer lines than half its rows, its names not bold. A description list's items wrap their
    text most of the time, under a bold name."""
    names = [rows[index][0] for index in run]
    return 2 * lines < len(run) and not all(s.bold for s in names)


def _header(rows: list[list[Segment]], run: list[int]) -> bool:
    """Whether the row right above ``run`` heads its columns: as close as the run's rows, cut
    by wide gaps into as many cells as the run's fullest row (headers centred over their
    columns leave no strip in common with the cells'). A line of prose is one piece."""
    above = run[0] - 1
    if above < 0 or not _close(rows[above], rows[run[0]]):
        return False
    cells = max(len(rows[index]) for index in run)
    return len(rows[above]) >= cells and _wide_gaps(rows[above]) == len(rows[above]) - 1


def _heads(rows: list[list[Segment]], run: list[int], width: float) -> bool:
    """Whether the run's first row is its row of headers: short cells, all bold or none (a
    description item's label is bold, its text not), none of them wrapped."""
    first = rows[run[0]]
    return (
        run[1] == run[0] + 1
        and all(s.x1 - s.x0 < 0.25 * width for s in first)
        and len({s.bold for s in first}) == 1
    )


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
