"""Tables drawn as a grid of ruled cells, found from the page's rules rather than its text.

A browser prints an HTML table with borders (and LaTeX a ``tabular`` with ``|`` and
``\\hline``) as thin horizontal and vertical rules around every cell. Read as text, each cell
border with one cell above and one below looked like a fraction bar ("Age/44"), a bold header
row like a heading, and the cells ran on into the next paragraph. The rules say what the text
cannot: horizontal and vertical rules that touch one another and cut at least two rows into
two or more cells each are a table, whose text is left out like any table's (``pdf_tables``).

A program that frames each cell apart (fpdf's and ReportLab's cell borders, ``re S``) draws a
stroked rectangle a cell, no rule: the sides of such frames are taken as rules.

A frame around a box (one cell), a box with a rule under its title (one cell a row) or a page
frame with a column rule (one row of two cells) is no table; nor is a box framed within a few
points of a table's rules, though it is drawn with them: it stays a box round its text.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from claimaudit.library.pdf.rules import Shape

# A rule is at most this thick and at least this long (points): a table's border, not a dot,
# a glyph's stroke or a filled box.
_MAX_THICKNESS_PT = 1.5
_MIN_LENGTH_PT = 4.0
# Rules this close (points) belong to one grid: a browser leaves 1.5 pt between cells' borders
# and 2.25 pt between a table's frame and its cells' borders.
_JOIN_PT = 4.0
# Rules closer than this (points) are at one position: a cell's bottom border and its
# neighbour's, or the outer frame and a cell's border drawn as one.
_SAME_PT = 1.0
# A row of cells is cut by at least this many vertical rules (its two edges and a rule
# between two cells), and a table has at least this many such rows.
_MIN_ROW_RULES = 3
_MIN_ROWS = 2
# Past this many rules a page is a drawing (a plot's grid, a chart): not worth the time of
# joining them, and its text is no prose either way.
_MAX_RULES = 3_000
# The side of the squares that rules are filed in to find their neighbours (points), and how
# many pairs of rules sharing a square are compared at the most on a page: a browser's table
# of 40 rows of 8 bordered cells compares 17,000; rules crowded past that are a drawing's
# (hatching), and comparing them all would cost seconds a page.
_BUCKET_PT = 24.0
_MAX_PAIRS = 100_000
# How thick a stroked frame's side is taken to be (points): its stroke is painted about the
# frame's edge, so its own width is left out.
_SIDE_PT = 0.5


@dataclass(frozen=True)
class Grid:
    """Where a ruled table's rows of cells lie on its page (top-down coordinates), and the
    rules drawn for it (a frame round the table and text included)."""

    x0: float
    top: float
    x1: float
    bottom: float
    rules: tuple[Shape, ...] = field(repr=False, compare=False)

    def holds(self, x0: float, top: float, x1: float, bottom: float) -> bool:
        return (
            self.x0 - _SAME_PT <= x0
            and x1 <= self.x1 + _SAME_PT
            and self.top - _SAME_PT <= top
            and bottom <= self.bottom + _SAME_PT
        )


def ruled_grids(shapes: Sequence[Shape]) -> list[Grid]:
    """The ruled tables among the page's drawn shapes: rules, and the sides of stroked frames
    (a table may frame each cell apart); a grid's ``rules`` name the frames, not their sides."""
    frames: dict[int, Shape] = {}  # a side's id: its frame
    rules: list[Shape] = []
    for shape in shapes:
        if shape.frame and not (_horizontal(shape) or _vertical(shape)):
            for side in _sides(shape):
                frames[id(side)] = shape
                rules.append(side)
        elif _horizontal(shape) or _vertical(shape):
            rules.append(shape)
    if len(rules) > _MAX_RULES:
        return []
    groups = _touching(rules)
    if groups is None:
        return []
    found = []
    for group in groups:
        grid = _grid(group)
        if grid is not None:
            drawn = {id(frames.get(id(rule), rule)): frames.get(id(rule), rule) for rule in group}
            # A box framed just above or below the table (its rules within ``_JOIN_PT`` of the
            # table's) joins its group, but is no rule of the table: kept, it still frames its
            # text (``pdf_boxes``). A frame round the table and its caption reaches its rows.
            kept = [shape for shape in drawn.values() if _reaches(grid, shape)]
            found.append(replace(grid, rules=tuple(kept)))
    return found


def _reaches(grid: Grid, shape: Shape) -> bool:
    """Whether ``shape`` is drawn for the grid's rows: its middle within their band (a rule
    between or around them), or it encloses them (a frame round the table and its caption);
    a box that merely touches the band lies outside it."""
    middle = (shape.top + shape.bottom) / 2
    encloses = shape.top <= grid.top + _SAME_PT and shape.bottom >= grid.bottom - _SAME_PT
    return encloses or grid.top - _SAME_PT <= middle <= grid.bottom + _SAME_PT


def _sides(frame: Shape) -> list[Shape]:
    """A frame's four sides as rules along its edges."""
    x0, top, x1, bottom = frame.x0, frame.top, frame.x1, frame.bottom
    thin = min(_SIDE_PT, x1 - x0, bottom - top)
    return [
        Shape(x0, top, x1, top + thin),
        Shape(x0, bottom - thin, x1, bottom),
        Shape(x0, top, x0 + thin, bottom),
        Shape(x1 - thin, top, x1, bottom),
    ]


def without_rules(shapes: Sequence[Shape], grids: Sequence[Grid]) -> list[Shape]:
    """``shapes`` less the grids' rules: no fraction bar or box is read from them."""
    drawn = {id(rule) for grid in grids for rule in grid.rules}
    return [s for s in shapes if id(s) not in drawn]


def in_grid(x0: float, top: float, x1: float, bottom: float, grids: Sequence[Grid]) -> bool:
    return any(grid.holds(x0, top, x1, bottom) for grid in grids)


def _horizontal(shape: Shape) -> bool:
    return shape.bottom - shape.top <= _MAX_THICKNESS_PT and shape.x1 - shape.x0 >= _MIN_LENGTH_PT


def _vertical(shape: Shape) -> bool:
    return shape.x1 - shape.x0 <= _MAX_THICKNESS_PT and shape.bottom - shape.top >= _MIN_LENGTH_PT


def _touching(rules: list[Shape]) -> list[list[Shape]] | None:
    """The rules in groups, each rule within ``_JOIN_PT`` of another of its group; None past
    ``_MAX_PAIRS`` comparisons."""
    parent = list(range(len(rules)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    pairs = 0
    for i, rule in enumerate(rules):
        for key in _keys(rule):
            bucket = buckets[key]
            pairs += len(bucket)
            if pairs > _MAX_PAIRS:
                return None
            for j in bucket:
                if _near(rule, rules[j]):
                    parent[root(i)] = root(j)
            bucket.append(i)
    groups: dict[int, list[Shape]] = defaultdict(list)
    for i, rule in enumerate(rules):
        groups[root(i)].append(rule)
    return list(groups.values())


def _keys(rule: Shape) -> list[tuple[int, int]]:
    """The squares a rule reaches into, with its slack around it."""
    half = _JOIN_PT / 2
    xs = range(int((rule.x0 - half) // _BUCKET_PT), int((rule.x1 + half) // _BUCKET_PT) + 1)
    ys = range(int((rule.top - half) // _BUCKET_PT), int((rule.bottom + half) // _BUCKET_PT) + 1)
    return [(x, y) for x in xs for y in ys]


def _near(a: Shape, b: Shape) -> bool:
    return (
        a.x0 - _JOIN_PT <= b.x1
        and b.x0 - _JOIN_PT <= a.x1
        and a.top - _JOIN_PT <= b.bottom
        and b.top - _JOIN_PT <= a.bottom
    )


def _grid(group: list[Shape]) -> Grid | None:
    """The table ``group`` rules, or None: its rows of cells are the bands between two
    neighbouring horizontal rules that ``_MIN_ROW_RULES`` or more vertical rules cross whole.
    Only the rows are the table's: text in a frame round it, above or below it, stays."""
    across = _positions([(s.top + s.bottom) / 2 for s in group if _horizontal(s)])
    upright = [s for s in group if _vertical(s) and not _horizontal(s)]
    rows: list[tuple[float, float]] = []
    sides: list[Shape] = []
    for upper, lower in itertools.pairwise(across):
        crossing = [
            s for s in upright if s.top <= upper + _SAME_PT and s.bottom >= lower - _SAME_PT
        ]
        if len(_positions([(s.x0 + s.x1) / 2 for s in crossing])) >= _MIN_ROW_RULES:
            rows.append((upper, lower))
            sides.extend(crossing)
    if len(rows) < _MIN_ROWS:
        return None
    return Grid(
        min(s.x0 for s in sides),
        rows[0][0],
        max(s.x1 for s in sides),
        rows[-1][1],
        tuple(group),
    )


def _positions(values: list[float]) -> list[float]:
    """``values`` sorted, each run of values within ``_SAME_PT`` of the one before as one."""
    merged: list[float] = []
    for value in sorted(values):
        if not merged or value - merged[-1] > _SAME_PT:
            merged.append(value)
        else:
            merged[-1] = value
    return merged
