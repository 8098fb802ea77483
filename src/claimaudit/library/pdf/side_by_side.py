"""Short boxes side by side, and borderless tables whose cells hold phrases, found where no
gutter parts the page (``pdf_layout``).

A gutter is an empty strip down a whole column piece, so a paragraph's short last line above
two or three cards (a web page's boxes of a line or two each, "Version control keeps every
change." beside "Tests catch errors early.") crosses it, and each row of the cards was read
as one line across them: the first card's first line, the second's, then the first card's
second line. Here a run of rows, a line's pitch apart, each cut by wide gaps into two or three
pieces that start where the pieces above them start, is a band of columns:

- of one or two rows, whose every column reads as prose: cards, each read whole in turn;
- of three or more rows whose columns are each a paragraph's lines (each broken where the
  next word would not fit, or ending a sentence, and going on in lower case after a line
  that ends mid-sentence): columns read one after the other;
- of three or more rows, each with two or more long cells of several words, which are no
  paragraph's lines, each column's cells opening with a capital where the cell above ends
  mid-sentence: a table without rules, no prose a claim could cite (``pdf_tables`` takes
  cells no wider than a quarter of the text, and one long description beside them).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from claimaudit.library.pdf.headed import is_paragraph
from claimaudit.library.pdf.patterns import TERMINAL, WORD
from claimaudit.library.pdf.segments import Segment
from claimaudit.library.pdf.tables import EQUATION_NUMBER, LIST_LABEL

_MAX_CELLS = 3
_GAP_EMS = 1.0
# A column's lines start together, to within this (ems).
_ALIGN_EMS = 0.5
# Rows of a band are at most this far apart (ems, baseline to baseline): a card's lines may
# be set looser than the text's.
_PITCH_EMS = 2.0
_CARD_ROWS = 2
_TABLE_ROWS = 3
# A card's words that end a sentence, or a table's cell of a phrase: at least so many words.
_CARD_WORDS = 4
_CELL_WORDS = 2
_LONG_CELL = 0.25  # of the piece's width


@dataclass(frozen=True)
class Band:
    """Rows ``start`` to ``end`` (exclusive) of a piece: its columns, left to right, or a table."""

    start: int
    end: int
    columns: list[list[Segment]]
    table: bool


def find_band(rows: list[list[Segment]], width: float) -> Band | None:
    """The first band of columns or table among ``rows`` (of one piece, top to bottom, each
    left to right), or None."""
    index = 0
    while index < len(rows):
        if not _cell_row(rows[index]):
            index += 1
            continue
        starts = [s.x0 for s in rows[index]]
        end = index + 1
        while end < len(rows) and _in_band(rows[end - 1], rows[end], starts):
            end += 1
        band = _judged(rows, index, end, starts, width)
        if band is not None:
            return band
        index = end
    return None


def _cell_row(row: list[Segment]) -> bool:
    """Two or three pieces of words, wide gaps between, neither a list item nor a formula."""
    return (
        2 <= len(row) <= _MAX_CELLS
        and all(b.x0 - a.x1 > _GAP_EMS * max(a.size, b.size) for a, b in itertools.pairwise(row))
        and not any(s.mono or not WORD.search(s.text) for s in row)
        and not LIST_LABEL.match(row[0].text.strip())
        and not EQUATION_NUMBER.match(row[-1].text.strip())
    )


def _in_band(above: list[Segment], row: list[Segment], starts: list[float]) -> bool:
    """Whether ``row`` goes on the band: a line's pitch below, each piece starting where a
    column starts and ending before the next column (a column with no more lines leaves a
    gap), wide gaps between."""
    em = row[0].size
    if row[0].baseline - above[0].baseline > _PITCH_EMS * em:
        return False
    if any(s.mono for s in row):
        return False
    for segment in row:
        at = [i for i, x in enumerate(starts) if abs(segment.x0 - x) <= _ALIGN_EMS * em]
        if not at:
            return False
        following = starts[at[0] + 1 : at[0] + 2]
        if following and segment.x1 > following[0] - _GAP_EMS * em:
            return False
    return True


def _column(rows: list[list[Segment]], x: float) -> list[Segment]:
    return [s for row in rows for s in row if abs(s.x0 - x) <= _ALIGN_EMS * s.size]


def _judged(
    rows: list[list[Segment]], start: int, end: int, starts: list[float], width: float
) -> Band | None:
    band = rows[start:end]
    columns = [_column(band, x) for x in starts]
    if len(band) <= _CARD_ROWS:
        if all(_prose(column) for column in columns):
            return Band(start, end, columns, table=False)
        return None
    if all(
        is_paragraph([[s] for s in column], max(s.x1 for s in column)) and not _phrases(column)
        for column in columns
    ):
        return Band(start, end, columns, table=False)
    long_rows = sum(
        sum(s.x1 - s.x0 >= _LONG_CELL * width and len(s.text.split()) >= _CELL_WORDS for s in row)
        >= 2
        for row in band
    )
    # Each column's cells open afresh, a phrase each: a form's values after its labels run on
    # in lower case ("Dose given" then "five milligrams"), and are read row by row.
    if len(band) >= _TABLE_ROWS and long_rows >= _TABLE_ROWS and all(map(_phrases, columns)):
        return Band(start, end, columns, table=True)
    return None


def _phrases(column: list[Segment]) -> bool:
    """Whether a column's lines open afresh where no sentence ended: most lines after one that
    ends mid-sentence start with a capital, as a table's cells do ("Keyword search" under
    "Manual review by an expert reader"), where a paragraph's next line goes on in lower case."""
    opens = [
        below.text.strip()[:1].isupper()
        for above, below in itertools.pairwise(column)
        if not TERMINAL.search(above.text.strip())
    ]
    return bool(opens) and sum(opens) > len(opens) / 2


def _prose(column: list[Segment]) -> bool:
    """A card's text: sentences, or words that end as a sentence does."""
    # Here, not at the top: ``pdf_front`` reads ``pdf_layout``'s lines, and the layout reads this.
    from claimaudit.library.pdf.front import reads_as_prose

    text = " ".join(s.text.strip() for s in column)
    return reads_as_prose(text) or (
        len(text.split()) >= _CARD_WORDS and TERMINAL.search(text) is not None
    )
