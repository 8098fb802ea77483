"""A table without rules under a bold row of headers, as a browser prints ``<table>`` with
``<th>`` cells and no border.

A browser leaves as little as 3 pt between two cells (its cell spacing and padding), so the
widest cell of a column runs on into its neighbour as one piece of text ("Low dose 46"), and a
cell beside a wrapped neighbour is centred on a baseline of its own ("Claim" between the two
lines of its definition): neither ``pdf_tables``' gaps that line up down the rows nor its wrapped
lines see a table there, and the bold row of headers was read as a section heading over the
rows, read as prose.

The columns show in another way: an empty strip runs down the header row and every row below
it, however narrow. A row of two or more bold pieces, with rows below it a line's pitch apart
(or its cells' padding more, no further apart than the first row is from the headers) whose
pieces and its own leave at least one such strip, each column between the strips headed by one
of its pieces and a header centred over its column, is a table's. A paragraph's lines run
across any strip, a list's label is no cell, and code is no table.

Headers set left (``th { text-align: left }``) start where their cells start, and one widest in
its column runs on into the next header as one piece ("Mean Sex"). Boxes side by side, each a
bold title over its paragraph (a web page's cards), start their titles where their lines start
too: such a table's columns are told from them by their cells, which are no paragraph's lines
(one piece of several words a row, each ended where the next line's first word would not fit).
"""

from __future__ import annotations

import itertools

from claimaudit.library.pdf.patterns import TERMINAL
from claimaudit.library.pdf.segments import Segment
from claimaudit.library.pdf.tables import EQUATION_NUMBER, LIST_LABEL

# A strip at least this wide (points) parts two columns: a browser's narrowest, 2px of cell
# spacing and 1px of padding each side, is 3 pt.
_MIN_STRIP_PT = 2.0
# The rows of such a table are at most this far apart (ems, baseline to baseline): a cell's
# lines and a row's padding, not the margin before the paragraph after it. Cells padded wider
# (``td { padding: 4px }``) set rows further apart: the first row under the headers may be up
# to the most, and the rows after it no further apart than it and a little more.
_MAX_PITCH_EMS = 1.6
_MAX_FIRST_PITCH_EMS = 2.5
_PITCH_SLACK_EMS = 0.25
# Rows under the headers, a wrapped cell's lines each counted.
_MIN_ROWS = 3
# A card's paragraph: lines of at least this many words, each ended where the next line's first
# word would not fit (its width estimated from the line's mean letter: this much slack).
_LINE_WORDS = 3
_FIT_SLACK = 1.5


def headed_rows(rows: list[list[Segment]]) -> set[int]:
    """The indices of ``rows`` (of one column) that are a table under a bold row of headers,
    that row included (see the module's notes)."""
    doomed: set[int] = set()
    index = 0
    while index < len(rows):
        body = _body(rows, index) if _heads(rows[index]) else []
        if len(body) >= _MIN_ROWS and _headed(rows[index], [rows[i] for i in body]):
            doomed.update(range(index, body[-1] + 1))
            index = body[-1] + 1
        else:
            index += 1
    return doomed


def _heads(row: list[Segment]) -> bool:
    """Two or more pieces, all bold, none code, that are neither a list item nor a formula."""
    return (
        len(row) >= 2
        and all(s.bold and not s.mono for s in row)
        and not LIST_LABEL.match(row[0].text.strip())
        and not EQUATION_NUMBER.match(row[-1].text.strip())
    )


def _body(rows: list[list[Segment]], header: int) -> list[int]:
    """The indices of the rows under ``rows[header]`` that keep its columns apart."""
    body: list[int] = []
    pieces: list[Segment] = []
    widest = 0.0  # the widest pitch between the table's rows so far (ems)
    for index in range(header + 1, len(rows)):
        row = rows[index]
        pitch = (row[0].baseline - rows[index - 1][0].baseline) / row[0].size
        most = _MAX_FIRST_PITCH_EMS if not body else max(_MAX_PITCH_EMS, widest + _PITCH_SLACK_EMS)
        if pitch > most:
            break
        if LIST_LABEL.match(row[0].text.strip()) or any(s.mono for s in row):
            break
        if not _columns(rows[header], [*pieces, *row]):
            break
        pieces.extend(row)
        body.append(index)
        widest = max(widest, pitch)
    return body


def _headed(header: list[Segment], body: list[list[Segment]]) -> bool:
    """Whether the bold row heads the columns of a table rather than boxes side by side, each a
    bold title over a paragraph (a web page's cards too close for a gutter): a header centred
    over its column, as a browser sets ``<th>``, or columns that are no paragraphs. A header set
    left (``th { text-align: left }``) starts where its cells start, as a card's title does."""
    pieces = [s for row in body for s in row]
    return _centred(header, pieces) or not all(
        is_paragraph([[s for s in row if lo <= s.x0 and s.x1 <= hi] for row in body], hi)
        for lo, hi in _spans(pieces)
    )


def is_paragraph(lines: list[list[Segment]], right: float) -> bool:
    """Whether a column's rows are a paragraph's lines: one piece a row, each but the last of
    several words broken where the next line's first word would not fit before the column's
    right end, or ending a sentence; a table's column holds short cells, cells apart in one row,
    or cells of any width."""
    lines = [line for line in lines if line]
    if not all(len(line) == 1 for line in lines):
        return False
    # A line that ends a sentence may be short: its paragraph's last (a card's may hold one word).
    return all(
        TERMINAL.search(above[0].text.strip()) is not None
        or (
            len(above[0].text.split()) >= _LINE_WORDS
            and right - above[0].x1 < _FIT_SLACK * _first_word(below[0])
        )
        for above, below in itertools.pairwise(lines)
    )


def _first_word(piece: Segment) -> float:
    """About how wide the piece's first word and a space before it are (points)."""
    word = piece.text.split()[0]
    return (piece.x1 - piece.x0) / max(len(piece.text), 1) * (len(word) + 1)


def _centred(header: list[Segment], pieces: list[Segment]) -> bool:
    """Whether a header is centred over its column: it starts right of where the column's
    cells start."""
    for lo, hi in _spans([*header, *pieces]):
        cells = [s.x0 for s in pieces if lo <= s.x0 and s.x1 <= hi]
        heads = [s.x0 for s in header if lo <= s.x0 and s.x1 <= hi]
        if cells and heads and min(heads) - min(cells) >= _MIN_STRIP_PT:
            return True
    return False


def _columns(header: list[Segment], pieces: list[Segment]) -> bool:
    """Whether the body's ``pieces`` and the header leave two or more columns apart, each
    holding a header's piece; or, the header set left, whether the body's pieces leave them,
    each column's header starting where it starts or run into from the header before it (a
    header widest in its column ends a cell spacing short of the next one: one piece)."""
    spans = _spans([*header, *pieces])
    if len(spans) >= 2 and all(any(lo <= s.x0 and s.x1 <= hi for s in header) for lo, hi in spans):
        return True
    spans = _spans(pieces)
    return len(spans) >= 2 and all(
        any(abs(s.x0 - lo) < _MIN_STRIP_PT or s.x0 < lo < s.x1 for s in header) for lo, _ in spans
    )


def _spans(pieces: list[Segment]) -> list[tuple[float, float]]:
    """The stretches across the page that ``pieces`` cover, left to right, with no strip of
    ``_MIN_STRIP_PT`` or more inside one."""
    spans: list[list[float]] = []
    for x0, x1 in sorted((s.x0, s.x1) for s in pieces):
        if spans and x0 - spans[-1][1] < _MIN_STRIP_PT:
            spans[-1][1] = max(spans[-1][1], x1)
        else:
            spans.append([x0, x1])
    return [(lo, hi) for lo, hi in spans]
