"""Tables set between horizontal rules of one width and no vertical ones, found from the rules
and the text between them.

LaTeX's ``booktabs`` (``\\toprule``, ``\\midrule``, ``\\bottomrule``), a ``tabular`` with
``\\hline`` and no ``|``, and a word processor's table with top, header and bottom borders
draw no rule between a row's cells, so ``pdf_ruled`` sees no grid. Read as text, a table whose
cells are wrapped onto more lines (a term and its definition) has rows of one piece among its
rows of cells: it is neither ``pdf_tables``' grid nor its aligned columns, and its cells ran
into one another ("Claim A statement that a paper makes...") as a paragraph of prose.

Three or more horizontal rules with the same left and right ends, stacked, are a table's when
two or more neighbouring bands between them hold rows of cells, one row at least cut into two
or more pieces (a header row will do), every other row a cell wrapped onto more lines: one
piece that starts where a later column's cells start, or a short one (a browser centres a
row's first cell beside its wrapped neighbour, on a baseline of its own). A rule a browser
draws cell by cell is joined into one first. A band of prose between two rules of that width
(an algorithm's or a box's text, the paragraph between two tables) ends the table.

A table broken across pages (LaTeX's ``longtable``) has no bottom rule on its first page: a
top rule, its row of headers, a rule under it, then rows down to the foot of the page. Two
rules of one width with one row of cells between them, rows of cells below the second running
on to the page's foot (a page number aside), are such a table's. Its later pages, when its
headers are not repeated on them, hold no rule but the last page's bottom one: rows whose cells
line up with its first page's, from the page's top (a running head aside) down to its foot or
to a rule of the table's width, are its rows (``continued``). A ``longtable`` whose
``\\endfoot`` draws a rule under its rows on every page it runs on through ends each such page
with a rule at the page's foot: a table whose last rule has nothing below it but the page's foot
may run on too, and rows over such a rule on a later page do not end it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from claimaudit.library.pdf.ruled import Grid
from claimaudit.library.pdf.rules import Shape
from claimaudit.library.pdf.segments import Segment
from claimaudit.library.pdf.tables import EQUATION_NUMBER, LIST_LABEL

# A rule is at most this thick (points) and at least this long: a table is wider than a
# fraction bar or an underscore. PLOS's template draws a table's top and bottom rules 2 pt
# thick (booktabs' are 0.8 pt); the text between them must be a table's all the same.
_MAX_THICKNESS_PT = 2.5
_MIN_LENGTH_PT = 40.0
# Rules whose ends are this close (points) have the same width: booktabs draws its three
# rules across the whole tabular.
_SAME_PT = 1.0
# Pieces of one rule (a row's border, cell by cell) are at most this far apart (points): a
# browser's cell spacing.
_JOIN_PT = 4.0
_MIN_BANDS = 2
# Pieces on baselines this close (ems) are one row.
_ROW_EMS = 0.3
# A piece alone in its row starts where a column's cells start to within this (points), or is
# at most this share of the table's width, to be a wrapped cell rather than a line of prose.
_COLUMN_PT = 2.0
_SHORT_SHARE = 0.5
# A table broken across pages: its rows follow one another this close (ems, baseline to
# baseline), and below its last row the page holds nothing but what is this low on it (a
# page number, a running foot), at most this many rows of it.
_OPEN_PITCH_EMS = 2.5
_FOOT_SHARE = 0.85
_FOOT_ROWS = 2
# Such a table's rules: its top rule and the one under its headers; at least this many of its
# rows below them.
_BROKEN_RULES = 2
_MIN_OPEN_ROWS = 2
# Its rows on a later page: at most this many rows above them in the page's top band (a running
# head), and its bottom rule at most this far below its last row (ems, baseline to rule).
_HEAD_ROWS = 2
_BOTTOM_RULE_EMS = 1.5


@dataclass(frozen=True)
class OpenTable:
    """A table that runs on past its page's foot: its rules' ends and where its later
    columns' cells start."""

    left: float
    right: float
    starts: tuple[float, ...]


@dataclass(frozen=True)
class Bands:
    """The tables between rules on a page, and the one running on to the next page, if any."""

    grids: list[Grid]
    open: OpenTable | None = None


def rule_bands(
    shapes: Sequence[Shape],
    segments: Sequence[Segment],
    height: float = 0.0,
    carried: OpenTable | None = None,
) -> Bands:
    """The tables between stacked horizontal rules of one width, the first page of a table
    broken across pages on a page ``height`` high, and the rows of the table ``carried`` on
    from the page before (see the module's notes)."""
    thin = [s for s in shapes if s.bottom - s.top <= _MAX_THICKNESS_PT and s.x1 > s.x0]
    rules = sorted(
        (rule for rule in _joined(thin) if rule.x1 - rule.x0 >= _MIN_LENGTH_PT),
        key=lambda s: (s.x0, s.x1, s.top),
    )
    tables: list[Grid] = []
    opened: OpenTable | None = None
    if carried is not None and height:
        grid, opened = continued(carried, rules, segments, height)
        tables.extend([grid] if grid else [])
    for group in _same_width(rules):
        group.sort(key=lambda s: s.top)
        if len(group) > _MIN_BANDS:
            found = _tables(group, segments)
            tables.extend(found)
            footed = _footed(found, group[-1], segments, height)
            opened = footed or opened
        elif len(group) == _BROKEN_RULES and height:
            broken = _broken(group, segments, height)
            if broken is not None:
                tables.append(broken[0])
                opened = broken[1]
    return Bands(tables, opened)


def _broken(
    rules: list[Shape], segments: Sequence[Segment], height: float
) -> tuple[Grid, OpenTable] | None:
    """The table under a top rule and a rule below its row of headers that runs on to the page's
    foot with no rule under it (a ``longtable`` broken across pages): its grid on this page and
    what its rows on the next page are found by."""
    left, right = rules[0].x0, rules[-1].x1
    header = _rows(segments, left, right, _middle(rules[0]), _middle(rules[1]))
    if len(header) != 1 or not _cell_row(header[0]):
        return None
    below = _rows(segments, left, right, _middle(rules[1]), height)
    starts = [s.x0 for row in [*header, *below] if _cell_row(row) for s in row[1:]]
    taken: list[list[Segment]] = []
    for row in below:
        last = taken[-1][0].baseline if taken else rules[1].bottom
        if row[0].baseline - last > _OPEN_PITCH_EMS * row[0].size:
            break
        if not _cells([row], starts, right - left):
            break
        taken.append(row)
    if len(taken) < _MIN_OPEN_ROWS or not any(_cell_row(row) for row in taken):
        return None
    end = max(s.bottom for s in taken[-1])
    # Anything on the page below its last row but a page number or a running foot: the table
    # ended there, on a page whose rules say nothing of it.
    if not _foot_only(segments, end, height):
        return None
    bottom = Shape(left, end, right, end)
    grid = Grid(left, _middle(rules[0]), right, end, (*rules, bottom))
    return grid, OpenTable(left, right, tuple(starts))


def _footed(
    found: list[Grid], last: Shape, segments: Sequence[Segment], height: float
) -> OpenTable | None:
    """The table among ``found`` that ends at the rule ``last`` with nothing below it but the
    page's foot, as a ``longtable`` whose ``\\endfoot`` draws a rule under its rows on every
    page it runs on through: it may run on to the next page."""
    if not height or not found or found[-1].bottom != _middle(last):
        return None
    if not _foot_only(segments, last.bottom, height):
        return None
    grid = found[-1]
    rows = _rows(segments, grid.x0, grid.x1, grid.top, grid.bottom)
    starts = [s.x0 for row in rows if _cell_row(row) for s in row[1:]]
    return OpenTable(grid.x0, grid.x1, tuple(starts)) if starts else None


def continued(
    table: OpenTable, rules: Sequence[Shape], segments: Sequence[Segment], height: float
) -> tuple[Grid | None, OpenTable | None]:
    """The rows of ``table`` at the top of the page after the one it ran off, its headers not
    repeated: rows whose cells line up with its columns, down to a rule of its width (its
    bottom rule: it ends here) or to the page's foot (it runs on, still ``table``)."""
    ends = sorted(
        (
            rule
            for rule in rules
            if abs(rule.x0 - table.left) <= _SAME_PT and abs(rule.x1 - table.right) <= _SAME_PT
        ),
        key=lambda rule: rule.top,
    )
    width = table.right - table.left
    rows = _rows(segments, table.left, table.right, 0.0, _middle(ends[0]) if ends else height)
    # A running head may stand over its rows, in the page's top band.
    first = next(
        (
            index
            for index, row in enumerate(rows[: _HEAD_ROWS + 1])
            if _cells([row], list(table.starts), width) and _aligned(row, table.starts)
        ),
        None,
    )
    if first is None or any(row[0].top > (1 - _FOOT_SHARE) * height for row in rows[:first]):
        return None, None
    taken = [rows[first]]
    for row in rows[first + 1 :]:
        if row[0].baseline - taken[-1][0].baseline > _OPEN_PITCH_EMS * row[0].size:
            break
        if not _cells([row], list(table.starts), width):
            break
        taken.append(row)
    if len(taken) < _MIN_OPEN_ROWS or not any(_cell_row(row) for row in taken):
        return None, None
    top = min(s.top for s in taken[0])
    last = taken[-1][0]
    closing = [
        rule
        for rule in ends
        if 0 < _middle(rule) - last.baseline <= _BOTTOM_RULE_EMS * last.size
        and not any(s.top > last.bottom and s.bottom < rule.top for s in segments)
    ]
    if closing:
        grid = Grid(table.left, top, table.right, _middle(closing[0]), (closing[0],))
        # A rule at the page's foot (``\endfoot``'s) may close this page's rows only.
        return grid, table if _foot_only(segments, closing[0].bottom, height) else None
    end = max(s.bottom for s in taken[-1])
    if not _foot_only(segments, end, height):
        return None, None
    bottom = Shape(table.left, end, table.right, end)
    return Grid(table.left, top, table.right, end, (bottom,)), table


def _aligned(row: list[Segment], starts: tuple[float, ...]) -> bool:
    """Whether a piece of ``row`` past its first (or its one piece, a wrapped cell) starts where
    a later column's cells start: the row is the table's, not a paragraph's first line."""
    pieces = row[1:] or row
    return any(abs(piece.x0 - x) <= _COLUMN_PT for piece in pieces for x in starts)


def _foot_only(segments: Sequence[Segment], end: float, height: float) -> bool:
    """Whether the page below ``end`` holds nothing but a page number or a running foot."""
    rest = [s for s in segments if s.top > end]
    foot = {round(s.baseline) for s in rest}
    return len(foot) <= _FOOT_ROWS and not any(s.top < _FOOT_SHARE * height for s in rest)


def _joined(rules: list[Shape]) -> list[Shape]:
    """``rules`` with those that continue one another on one line joined: a browser draws a
    row's border cell by cell, each cell's piece ending where the next one's starts (or a
    cell spacing apart)."""
    joined: list[Shape] = []
    for rule in sorted(rules, key=lambda s: (round(_middle(s)), s.x0)):
        last = joined[-1] if joined else None
        if (
            last is not None
            and abs(_middle(last) - _middle(rule)) <= _SAME_PT / 2
            and rule.x0 - last.x1 <= _JOIN_PT
        ):
            joined[-1] = Shape(
                last.x0,
                min(last.top, rule.top),
                max(last.x1, rule.x1),
                max(last.bottom, rule.bottom),
            )
        else:
            joined.append(rule)
    return joined


def _same_width(rules: list[Shape]) -> list[list[Shape]]:
    """``rules`` (sorted by their ends) in groups whose left and right ends agree."""
    groups: list[list[Shape]] = []
    for rule in rules:
        for group in groups:
            first = group[0]
            if abs(first.x0 - rule.x0) <= _SAME_PT and abs(first.x1 - rule.x1) <= _SAME_PT:
                group.append(rule)
                break
        else:
            groups.append([rule])
    return groups


def _tables(rules: list[Shape], segments: Sequence[Segment]) -> list[Grid]:
    """The runs of ``_MIN_BANDS`` or more bands of cells between neighbouring ``rules``, with a
    row of cells among them; a band with no text in it (a double rule) neither ends a run nor
    counts toward one."""
    left = min(r.x0 for r in rules)
    right = max(r.x1 for r in rules)
    bands = [
        _rows(segments, left, right, _middle(upper), _middle(lower))
        for upper, lower in itertools.pairwise(rules)
    ]
    # Where a later column's cells start, from every row of cells (a header row's included: a
    # browser centres a wrapped row's first cell, so no row below may have two pieces).
    starts = [s.x0 for rows in bands for row in rows if _cell_row(row) for s in row[1:]]
    found: list[Grid] = []
    run: list[Shape] = []
    filled = celled = 0
    for (upper, lower), rows in zip(itertools.pairwise(rules), bands, strict=True):
        if not rows or _cells(rows, starts, right - left):
            run = run or [upper]
            run.append(lower)
            filled += bool(rows)
            celled += sum(_cell_row(row) for row in rows)
            continue
        _close(run, filled, celled, (left, right), found)
        run, filled, celled = [], 0, 0
    _close(run, filled, celled, (left, right), found)
    return found


def _close(
    run: list[Shape], filled: int, celled: int, ends: tuple[float, float], found: list[Grid]
) -> None:
    if filled >= _MIN_BANDS and celled:
        found.append(Grid(ends[0], _middle(run[0]), ends[1], _middle(run[-1]), tuple(run)))


def _middle(rule: Shape) -> float:
    return (rule.top + rule.bottom) / 2


def _rows(
    segments: Sequence[Segment], left: float, right: float, top: float, bottom: float
) -> list[list[Segment]]:
    """The pieces of text between two rules and within their ends, in rows, left to right."""
    inside = sorted(
        (
            s
            for s in segments
            if left - _SAME_PT <= s.x0
            and s.x1 <= right + _SAME_PT
            and top <= s.top
            and s.bottom <= bottom
        ),
        key=lambda s: (s.baseline, s.x0),
    )
    rows: list[list[Segment]] = []
    for segment in inside:
        if rows and segment.baseline - rows[-1][0].baseline <= _ROW_EMS * segment.size:
            rows[-1].append(segment)
        else:
            rows.append([segment])
    return [sorted(row, key=lambda s: s.x0) for row in rows]


def _cells(rows: list[list[Segment]], starts: list[float], width: float) -> bool:
    """Whether ``rows`` are a table's: each a row of cells or a cell wrapped onto more lines,
    one piece that starts where a later column's cells start, or a short one."""
    return all(
        _cell_row(row)
        or (
            len(row) == 1
            and (
                any(abs(row[0].x0 - x) <= _COLUMN_PT for x in starts)
                or row[0].x1 - row[0].x0 <= _SHORT_SHARE * width
            )
        )
        for row in rows
    )


def _cell_row(row: list[Segment]) -> bool:
    return (
        len(row) >= 2
        and not LIST_LABEL.match(row[0].text.strip())
        and not EQUATION_NUMBER.match(row[-1].text.strip())
    )
