"""Page layout: what on a page is not the paper's text, and in which order the rest is read.

Removed: line-number gutters (``pdf_line_numbers``), running headers and footers (the same
line, digits aside, in the top or bottom band of many pages that differ otherwise, never a
page's every line; heads that alternate between odd and even pages by their place,
``pdf_running_heads``), page numbers among them, a page's own footer that carries its number,
and a one-page paper's footer without one (``pdf_footers``: a one-page paper has no second
page to repeat it), and tables (``pdf_tables``, ``pdf_headed``).
The rest is cut into column pieces by the vertical gutters between columns and read piece by
piece: within a band between two full-width lines, the left column, then the right one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from claimaudit.library.pdf.boxes import Box, box_of
from claimaudit.library.pdf.footers import numbered_footer, unnumbered_footer
from claimaudit.library.pdf.headed import headed_rows
from claimaudit.library.pdf.line_numbers import drop_line_numbers
from claimaudit.library.pdf.note_rules import under_rule
from claimaudit.library.pdf.patterns import WORD
from claimaudit.library.pdf.read import PageText
from claimaudit.library.pdf.running_heads import body_type, front_words, placed_heads
from claimaudit.library.pdf.segments import PROSE_LETTERS, SPACE_GAP_EMS, Segment
from claimaudit.library.pdf.side_by_side import find_band
from claimaudit.library.pdf.tables import aligned_rows, grid_rows

_CLOSING = frozenset(",.;:)]\u230b\u2309\u27e9")
# An opening bracket drawn as a piece of its own (TeX's big delimiters) touches what follows.
_OPENING = frozenset("([\u230a\u2308\u27e8")

# A running line's identity: its words with every number made one symbol ("PLOS 2/15"), but
# for one opening with a zero, which no page number does.
_DIGITS = re.compile(r"(?<!\d)[1-9]\d*")
# A page number never opens with a zero: "09" at a page's foot ends a footnote's date.
_PAGE_NUMBER = re.compile(
    r"^(?:page\s+)?(?:[1-9]\d{0,3}|[ivxlc]{1,7})(?:\s*(?:/|of)\s*\d{1,4})?$", re.IGNORECASE
)
# How many lines at each end of a page may be running heads or page numbers, and how far
# from the page's top or bottom edge, as a share of its height (the shared PDFs': 11% at most).
_EDGE_LINES = 2
_EDGE_BAND = 0.2
# A column gutter is at least this wide (points; LaTeX's default column sep is 10pt, less the
# overhang of loose glyph boxes and hanging punctuation), and each side holds this many lines.
_MIN_GUTTER = 4.0
_MIN_COLUMN_LINES = 4
# Fewer lines a side (a short paragraph a browser sets in two columns, a balanced last page)
# are columns only when they look like them (``_short_columns``): at least this many long
# lines each side, side by side, the longest of one side this share of the other's.
_SHORT_COLUMN_LINES = 2
_SHORT_LINE_SHARE = 0.3
_SHORT_BALANCE = 0.8
_MAX_DEPTH = 2
# A column's longer lines (upper quartile) are at least this share of the text's width, and
# a line whose middle is within this share of the text's middle is centred.
_MIN_COLUMN_SHARE = 0.25
_CENTRED = 0.05
_EDGE_EMS = 0.25


@dataclass(slots=True)
class Line:
    """One printed line of a column, in reading order."""

    text: str
    x0: float
    x1: float
    baseline: float
    size: float
    bold: bool
    mono: bool
    page: int
    # The column piece it was read in: its left and right edge, and its number on the page.
    left: float
    right: float
    piece: int
    # How many pieces wide gaps cut the line into: one for prose, several for a table row.
    cells: int = 1
    # It began with a raised mark (dropped): the first line of a footnote or an affiliation.
    marked: bool = False
    page_height: float = 792.0
    # The drawn box on its page that holds it (``pdf_boxes``): a paragraph never leaves one.
    box: int | None = None
    # It opens with words in bold though it is not bold as a whole: a description item's name
    # or a run-in heading ("Branches A branch is ...").
    opens_bold: bool = False
    # It lies below the short rule set over the page's footnotes (``pdf_note_rules``).
    noted: bool = False
    italic: bool = False  # most of its characters are italic or slanted

    @property
    def width(self) -> float:
        return self.x1 - self.x0


@dataclass(frozen=True)
class Removed:
    """What layout cleaning took away, counted for the fidelity benchmark."""

    line_numbers: int
    running_lines: int


def read_order(pages: list[PageText]) -> tuple[list[Line], Removed]:
    """Every page's text lines in reading order, with gutters and running lines removed."""
    numbers = drop_line_numbers(pages)
    running = _drop_running_lines(pages)
    for page in pages:
        _drop_tables(page)
    lines: list[Line] = []
    for page in pages:
        cards: list[list[Segment]] = []
        pieces = _pieces(page.segments, 0, cards)
        # A card is a box of its own, drawn or not: no paragraph runs into it or out of it.
        page.boxes.extend(Box(*_extent(card)) for card in cards)
        for index, piece in enumerate(pieces):
            lines.extend(_lines(piece, page, index))
    return lines, Removed(numbers, running)


def _drop_running_lines(pages: list[PageText]) -> int:
    """Remove lines at a page's top or bottom that recur (digits aside) on many pages, heads
    that alternate between odd and even pages (``pdf_running_heads``), lone page numbers there,
    and the footer that carries the page's number (``pdf_footers``).
    Returns how many lines were removed.

    A page printed again (a form, a slide deck's repeated page) counts once: its lines recur
    because the page does, not as a header. A page that would lose every line keeps its
    recurring ones, which are then its body, not a header over it."""
    edges = {page.number: _edge_rows(page) for page in pages}
    keys = {page.number: _page_key(page) for page in pages}
    first = {key: number for number, key in reversed(keys.items())}  # a repeated page's first
    distinct = first.values()
    seen = Counter(key for n in distinct for key in {_running_key(row) for row in edges[n]})
    needed = max(2, round(0.4 * len(distinct)))
    # Heads that alternate between odd and even pages, known by their place.
    tops = {page.number: _top_rows(page) for page in pages if page.number in distinct}
    body = body_type(s for page in pages for s in page.segments)
    heads: dict[int, list[Segment]] = {}
    if len(distinct) > 1:
        title_page = min(distinct)
        title_rows = _rows(next(p.segments for p in pages if p.number == title_page))
        heads = placed_heads(tops, body, needed, (title_page, front_words(title_rows, body)))
    removed = 0
    for page in pages:
        running: list[list[Segment]] = []
        numbers: list[list[Segment]] = []
        head = heads.get(first[keys[page.number]])
        for row in edges[page.number]:
            recurs = len(distinct) > 1 and seen[_running_key(row)] >= needed
            if _PAGE_NUMBER.match(" ".join(s.text for s in row).strip()):
                numbers.append(row)
            elif recurs or (head is not None and _key(row) == _key(head)):
                running.append(row)
        rows = _rows(page.segments)
        footer = numbered_footer(rows, page.number, page.height)
        if not footer and len(pages) == 1:
            # No second page to repeat it, and no number to show it: its place and type.
            footer = unnumbered_footer(rows, page.height, page.note_rules)
        taken = {id(s) for row in running for s in row}
        if footer and not any(id(s) in taken for s in footer):
            running.append(footer)  # its own page's footer: no second page need repeat it
        if len(running) + len(numbers) == len(rows):
            running = []
        doomed = {id(s) for row in running + numbers for s in row}
        removed += len(running) + len(numbers)
        page.segments = [s for s in page.segments if id(s) not in doomed]
    return removed


def _top_rows(page: PageText) -> list[list[Segment]]:
    """The page's first two rows, where the first lies in its top band (none otherwise)."""
    rows = _rows(page.segments)[:2]
    return rows if rows and rows[0][0].baseline <= _EDGE_BAND * page.height else []


def _page_key(page: PageText) -> tuple[str, ...]:
    return tuple(_key(row) for row in _rows(page.segments))


def _drop_tables(page: PageText) -> None:
    """Remove grid tables across the page (see ``pdf_tables``)."""
    rows = _rows(page.segments)
    doomed = {id(s) for index in grid_rows(rows, page.width) for s in rows[index]}
    page.segments = [s for s in page.segments if id(s) not in doomed]


def _edge_rows(page: PageText) -> list[list[Segment]]:
    """The first and last few rows of ``page`` that lie in its top or bottom band."""
    rows = _rows(page.segments)
    ends = rows if len(rows) <= 2 * _EDGE_LINES else rows[:_EDGE_LINES] + rows[-_EDGE_LINES:]
    band = _EDGE_BAND * page.height
    return [row for row in ends if min(row[0].baseline, page.height - row[0].baseline) <= band]


def _running_key(row: list[Segment]) -> str:
    """A running line's identity: its words (``_key``) in its type's size. A running line is
    set alike on every page; a heading over page 2 that repeats the title in other type
    ("Claims in Papers" at 11 pt under the title page's at 18 pt) is no second copy of it."""
    return f"{round(max(s.size for s in row))}|{_key(row)}"


def _key(row: list[Segment]) -> str:
    return _DIGITS.sub("#", " ".join(" ".join(s.text for s in row).lower().split()))


def _rows(segments: Iterable[Segment]) -> list[list[Segment]]:
    """Segments grouped by baseline, top to bottom, each row left to right."""
    rows: list[list[Segment]] = []
    for segment in sorted(segments, key=lambda s: s.baseline):
        if rows and abs(segment.baseline - rows[-1][0].baseline) <= 0.3 * segment.size:
            rows[-1].append(segment)
        else:
            rows.append([segment])
    return [sorted(row, key=lambda s: s.x0) for row in rows]


def _pieces(segments: list[Segment], depth: int, cards: list[list[Segment]]) -> list[list[Segment]]:
    """``segments`` cut into column pieces in reading order; the cards side by side among them
    are added to ``cards`` too."""
    gutter = _gutter(segments) if depth < _MAX_DEPTH else None
    if gutter is None:
        return _banded(segments, depth, cards)
    start, end = gutter
    overflow = _overflowing(segments, start)
    # A code line may end a little past the gutter's edge, which prose lines alone set.
    crossing = [
        s
        for s in segments
        if s.x0 < end - _EDGE_EMS * s.size
        and s.x1 > start + _EDGE_EMS * s.size
        and id(s) not in overflow
    ]
    # A row that crosses the gutter spans it whole: "Figure 2.7:" stays on its caption's line.
    spanning = [s for s in segments if any(_same_row(s, c) for c in crossing)]
    spanning.sort(key=lambda s: (s.baseline, s.x0))
    kept = {id(s) for s in spanning}
    sides: list[tuple[list[Segment], list[Segment]]] = [([], []) for _ in range(len(spanning) + 1)]
    for segment in segments:
        if id(segment) in kept:
            continue
        band = sum(1 for s in spanning if s.baseline < segment.baseline)
        sides[band][0 if segment.x0 < start or id(segment) in overflow else 1].append(segment)
    pieces: list[list[Segment]] = []
    for band, (left, right) in enumerate(sides):
        pieces.extend(_pieces(left, depth + 1, cards))
        pieces.extend(_pieces(right, depth + 1, cards))
        if band < len(spanning):
            if pieces and pieces[-1] and pieces[-1][-1] is (spanning[band - 1] if band else None):
                pieces[-1].append(spanning[band])
            else:
                pieces.append([spanning[band]])
    return pieces


def _banded(segments: list[Segment], depth: int, cards: list[list[Segment]]) -> list[list[Segment]]:
    """``segments`` as one piece, but for cards side by side (each a piece of its own, read
    whole in turn) and a table without rules (left out) that no gutter parts from the lines
    around them (``pdf_side_by_side``)."""
    if not segments:
        return []
    rows = _rows(segments)
    band = find_band(rows, max(s.x1 for s in segments) - min(s.x0 for s in segments))
    if band is None:
        return [segments]
    above = [s for row in rows[: band.start] for s in row]
    below = [s for row in rows[band.end :] for s in row]
    if band.table:
        # The lines around it stay one piece: a paragraph after the table opens afresh.
        return _pieces(above + below, depth, cards)
    cards.extend(band.columns)
    return [*_pieces(above, depth, cards), *band.columns, *_pieces(below, depth, cards)]


def _extent(segments: list[Segment]) -> tuple[float, float, float, float]:
    return (
        min(s.x0 for s in segments),
        min(s.top for s in segments),
        max(s.x1 for s in segments),
        max(s.bottom for s in segments),
    )


def _overflowing(segments: list[Segment], start: float) -> set[int]:
    """The code segments of lines that start left of the gutter and run on into it or past it
    (``id`` of each): a browser's multi-column page lets a long line of preformatted text
    overflow its column. Such a line belongs to the column it starts in, neither ruling out
    the gutter nor spanning it. A line runs on while its next piece starts within an em."""
    found: set[int] = set()
    for row in _rows(s for s in segments if s.mono):
        previous: Segment | None = None
        for segment in row:
            if previous is None:
                if segment.x0 >= start:
                    break
            elif segment.x0 - previous.x1 > segment.size:
                break
            found.add(id(segment))
            previous = segment
    return found


def _same_row(a: Segment, b: Segment) -> bool:
    return abs(a.baseline - b.baseline) <= 0.3 * max(a.size, b.size)


def _gutter(segments: list[Segment]) -> tuple[float, float] | None:
    """The widest empty vertical strip in the middle of ``segments`` that columns of lines
    lie on both sides of, or None when they form one column."""
    if len(segments) < 2 * _SHORT_COLUMN_LINES:
        return None
    left = min(s.x0 for s in segments)
    right = max(s.x1 for s in segments)
    width = right - left
    if width < 150:
        return None
    # Lines wider than most of the page cross any gutter: only narrower ones can show one.
    narrow = [s for s in segments if s.x1 - s.x0 < 0.6 * width]
    if len(narrow) < 2 * _SHORT_COLUMN_LINES:
        return None
    covered = bytearray(int(width) + 2)
    prose = [s for s in narrow if not s.mono]  # code may overflow its column (``_overflowing``)
    for segment in _blocking(prose, segments, left + width / 2, width):
        covered[int(segment.x0 - left) : int(segment.x1 - left) + 1] = b"\x01" * (
            int(segment.x1 - left) - int(segment.x0 - left) + 1
        )
    best: tuple[float, float] | None = None
    run_start: int | None = None
    lo, hi = int(0.2 * width), int(0.8 * width)
    for x in range(lo, hi + 1):
        if not covered[x] and run_start is None:
            run_start = x
        elif covered[x] and run_start is not None:
            if x - run_start >= _MIN_GUTTER and (best is None or x - run_start > best[1] - best[0]):
                best = (left + run_start, left + x)
            run_start = None
    if best is None:
        return None
    start, end = best
    lefts = [s for s in narrow if s.x1 <= start]
    rights = [s for s in narrow if s.x0 >= end]
    # Columns hold a good share of the lines; a few formula numbers at the right margin of a
    # single-column page do not make a column.
    if len(lefts) + len(rights) < 0.35 * len(segments):
        return None
    if min(len(lefts), len(rights)) < _MIN_COLUMN_LINES and not _short_columns(
        lefts, rights, width
    ):
        return None
    # Each side holds lines of text, not a column of equation numbers beside the formulas.
    for side in (lefts, rights):
        widths = sorted(s.x1 - s.x0 for s in side)
        if widths[3 * len(widths) // 4] < _MIN_COLUMN_SHARE * width:
            return None
    return best


def _short_columns(lefts: list[Segment], rights: list[Segment], width: float) -> bool:
    """Whether a few lines each side of a gutter are two columns of text: each side has long
    lines (not the labels of a form, a centred title's author blocks or formula numbers),
    the columns are about as wide as each other, and their lines lie side by side, at the
    same heights, as one column's short last lines and another's never do."""
    longs = [
        [s for s in side if s.x1 - s.x0 >= _SHORT_LINE_SHARE * width] for side in (lefts, rights)
    ]
    if min(len(side) for side in longs) < _SHORT_COLUMN_LINES:
        return False
    widest = [max(s.x1 - s.x0 for s in side) for side in longs]
    if min(widest) < _SHORT_BALANCE * max(widest):
        return False
    spans = [(min(s.baseline for s in side), max(s.baseline for s in side)) for side in longs]
    shared = min(spans[0][1], spans[1][1]) - max(spans[0][0], spans[1][0])
    return shared > 0 and shared >= 0.5 * min(high - low for low, high in spans)


def _blocking(
    narrow: list[Segment], segments: list[Segment], middle: float, width: float
) -> list[Segment]:
    """The narrow segments that rule out a gutter where they lie. A centred line alone on
    its baseline (a caption or heading set below side-by-side subfigures, or across two
    columns) does not: it is read as a row of its own across the gutter."""

    def centred_alone(segment: Segment) -> bool:
        if abs((segment.x0 + segment.x1) / 2 - middle) > _CENTRED * width:
            return False
        if not WORD.search(segment.text):
            return False  # a footnote's number at the foot of the second column is no caption
        return not any(o is not segment and _same_row(o, segment) for o in segments)

    return [s for s in narrow if not centred_alone(s)]


def _lines(piece: list[Segment], page: PageText, index: int) -> list[Line]:
    rows = _rows(piece)
    if not rows:
        return []
    left = min(s.x0 for s in piece)
    right = max(s.x1 for s in piece)
    # Tables of a name and a description are found in their column, where prose lines are
    # one segment each; across a page, the two columns' lines would line up like cells.
    tables = aligned_rows(rows, right - left) | headed_rows(rows)
    lines: list[Line] = []
    for row in (row for number, row in enumerate(rows) if number not in tables):
        lines.append(_line(row, page, left, right, index))
    return lines


def _row_text(row: list[Segment]) -> str:
    """A row's segments with a space between them, except before punctuation that touches the
    segment before it: a word split from its comma by a line number drawn between them in the
    content stream ("individuals² [82] .") or by a dropped footnote mark reads "individuals."."""
    parts: list[str] = []
    for before, segment in zip([None, *row], row, strict=False):
        text = segment.text.strip()
        touching = before is not None and segment.x0 - before.x1 <= SPACE_GAP_EMS * segment.size
        opened = parts[-1][-1:] in _OPENING if parts else False
        if parts and not (touching and (text[:1] in _CLOSING or opened)):
            parts.append(" ")
        parts.append(text)
    return "".join(parts)


def _line(row: list[Segment], page: PageText, left: float, right: float, index: int) -> Line:
    main = max(row, key=lambda s: (s.size, len(s.text)))
    chars = sum(len(s.text) for s in row)
    bold = sum(len(s.text) for s in row if s.bold) >= 0.8 * chars
    return Line(
        text=_row_text(row),
        x0=row[0].x0,
        x1=row[-1].x1,
        baseline=main.baseline,
        size=_line_size(row),
        bold=bold,
        mono=sum(len(s.text) for s in row if s.mono) >= 0.8 * chars,
        page=page.number,
        left=left,
        right=right,
        piece=index,
        cells=len(row),
        marked=row[0].marked,
        page_height=page.height,
        box=box_of(row[0].x0, row[-1].x1, main.baseline, page.boxes),
        opens_bold=not bold and (row[0].bold or row[0].opens_bold),
        noted=under_rule(row[0].x0, main.baseline, main.size, page.note_rules),
        italic=sum(len(s.text) for s in row if s.italic) >= 0.8 * chars,
    )


def _line_size(row: list[Segment]) -> float:
    """The size most of the line's prose is set in: code in a sentence is often set smaller
    ("e.g. create `score = (1, 2, 3)`" in a word processor's code style), and a line of mostly
    code is still a line of its paragraph. A line of code alone has its code's size."""
    prose = [segment for segment in row if not segment.mono]
    letters = sum(ch.isalpha() for segment in prose for ch in segment.text)
    sizes = _weighted(prose if letters >= PROSE_LETTERS else row)
    return max(sizes, key=lambda size: sizes[size])


def _weighted(row: list[Segment]) -> dict[float, int]:
    sizes: dict[float, int] = {}
    for segment in row:
        sizes[segment.size] = sizes.get(segment.size, 0) + len(segment.text)
    return sizes
