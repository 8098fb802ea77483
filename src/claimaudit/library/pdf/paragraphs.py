"""Where a PDF's paragraphs break: a wider gap, an indented first line, a list label, a change
of type, a caption label; and where they do not, under a description list's hanging indent.
"""

from __future__ import annotations

import itertools
import re
import statistics

from claimaudit.library.pdf.layout import Line
from claimaudit.library.pdf.patterns import CAPTION, LABEL, TERMINAL, is_heading_text


def pitches(lines: list[Line]) -> dict[float, float]:
    """The usual distance between baselines for each type size: consecutive lines' gaps."""
    gaps: dict[float, list[float]] = {}
    for a, b in itertools.pairwise(lines):
        if (a.page, a.piece) == (b.page, b.piece) and round(a.size, 1) == round(b.size, 1):
            gap = b.baseline - a.baseline
            if 0.9 * a.size < gap < 2.0 * a.size:
                gaps.setdefault(round(a.size, 1), []).append(gap)
    return {size: statistics.median(values) for size, values in gaps.items()}


def _pitch(pitch: dict[float, float], size: float) -> float:
    return pitch.get(round(size, 1), 1.2 * size)


def split_lines(lines: list[Line], pitch: dict[float, float]) -> list[list[Line]]:
    """The lines cut into blocks: paragraphs, list items, headings, captions, notes."""
    blocks: list[list[Line]] = []
    current: list[Line] = []
    # Where the last description-list item on this page and column set its name and where
    # its lines hang: an item of one line is known by its neighbours' indent.
    hang: tuple[int, int, float, float] | None = None
    heads = {
        index
        for index, line in enumerate(lines)
        if text_type_heading(lines[index - 1] if index else None, line, _next(lines, index), pitch)
    }
    for index, line in enumerate(lines):
        after = _next(lines, index)
        if current and (
            index in heads
            or index - 1 in heads
            or (
                _breaks(current, line, after, pitch)
                and not _under_hang(current, line, hang)
                and not _opens_hang(current, line, after, pitch)
            )
        ):
            blocks.append(current)
            current = []
        current.append(line)
        if hanging(current):
            hang = (line.page, line.piece, current[0].x0, min(b.x0 for b in current[1:]))
    if current:
        blocks.append(current)
    return blocks


# A heading's number, as IEEE's journals set one in italics ("A. Related Work"), where a
# bullet, a dash or "(a)" labels a list's item.
_HEADING_NUMBER = re.compile(r"^(?:[A-Z]|\d{1,2}|[IVX]{1,4})\.\s")
# A centred heading in the text's type has at least this much more space above it than
# below (ems), where a displayed line has the same each side.
_CENTRED_HEADING_EMS = 0.3
# The most a heading set in the text's type stands above the text it heads, baseline to
# baseline, in the text's line pitches: a line and a half-line of space.
_HEADING_SPACE = 2.5


def _next(lines: list[Line], index: int) -> Line | None:
    return lines[index + 1] if index + 1 < len(lines) else None


def text_type_heading(
    before: Line | None, line: Line, after: Line | None, pitch: dict[float, float]
) -> bool:
    """Whether ``line`` is a heading set at the text's size on a line of its own, in italics
    ("Related work", "Data availability") or centred in roman type (IEEE's "II. RELATED
    WORK"), between the lines ``before`` and ``after`` it. Type and place decide, not its
    words: a short line that reads as a heading, over a line of roman text set flush or
    indented that opens a sentence in the same size and column, no further from it than from
    the text above; and the text above is set apart by more space, or (italics only) ends a
    sentence in roman type, so that an italic paragraph's last line or a title in italics that
    a sentence runs into stays in its paragraph, though a page end came between. A line only
    partly italic is never one, nor is a centred formula, nor a centred line with no more
    space above it than below (a displayed line of the text)."""
    if line.bold or line.mono or after is None or after.italic:
        return False
    centred = not line.italic and _centred(line) and not _centred(after)
    if not (line.italic or centred):
        return False
    em = line.size
    text = line.text.strip()
    if (
        not is_heading_text(text)
        or (LABEL.match(text) and not _HEADING_NUMBER.match(text))
        or CAPTION.match(text)
        or (centred and _RELATION.search(text) is not None)
        or line.x1 >= line.right - 2 * em  # a full line: a paragraph's first
        or (after.page, after.piece, after.box) != (line.page, line.piece, line.box)
        or abs(after.size - line.size) > 0.6
        or not after.text.strip()[:1].isupper()
        or CAPTION.match(after.text.strip())  # a figure's own words over its caption
    ):
        return False
    below = after.baseline - line.baseline
    if below > _HEADING_SPACE * _pitch(pitch, after.size):
        return False  # far from what follows: not its heading
    if before is None:
        return True
    ended = TERMINAL.search(before.text.strip()) is not None
    if (before.page, before.piece, before.box) != (line.page, line.piece, line.box):
        return ended  # atop a column or page: what the last one held was finished
    above = line.baseline - before.baseline
    apart = above > 1.15 * _pitch(pitch, line.size)
    if centred:
        return apart and above >= below + _CENTRED_HEADING_EMS * em
    if above < 0 or below > above + 0.1 * em:
        return False
    return apart or (ended and not before.italic)


def _opens_hang(
    block: list[Line], line: Line, after: Line | None, pitch: dict[float, float]
) -> bool:
    """Whether ``line`` is the first of the lines hanging under a description-list item's
    one-line start ("Branches A branch is ...", then lines indented under "A"): the line after
    it keeps its indent, where a paragraph's second line would go back to the left edge."""
    if len(block) != 1 or after is None:
        return False
    first, em = block[0], line.size
    spaced = all(
        (a.page, a.piece) == (b.page, b.piece)
        and abs(a.size - b.size) <= 0.6
        and b.baseline - a.baseline <= 1.15 * _pitch(pitch, b.size)
        for a, b in ((first, line), (line, after))
    )
    return (
        spaced
        and first.x0 <= first.left + 0.3 * em
        and line.x0 > first.x0 + 1.5 * em
        and abs(after.x0 - line.x0) < 0.3 * em
    )


def _under_hang(block: list[Line], line: Line, hang: tuple[int, int, float, float] | None) -> bool:
    """Whether ``line`` hangs under the one-line start of a description-list item, as the
    items before it on the page do."""
    if hang is None or len(block) != 1 or (line.page, line.piece) != hang[:2]:
        return False
    close = 0.3 * line.size
    return abs(block[0].x0 - hang[2]) < close and abs(line.x0 - hang[3]) < close


def _breaks(block: list[Line], line: Line, after: Line | None, pitch: dict[float, float]) -> bool:
    """Whether ``line`` starts a new block after the lines of ``block`` (``after`` is the line
    that follows it)."""
    prev = block[-1]
    em = line.size
    if (prev.page, prev.piece, prev.box) != (line.page, line.piece, line.box):
        return True
    if prev.noted != line.noted:
        return True  # the rule over the page's footnotes lies between
    if abs(prev.size - line.size) > 0.6 and not _code_in_sentence(prev, line, pitch):
        return True
    gap = line.baseline - prev.baseline
    if gap < 0.5 * em or gap > 1.3 * _pitch(pitch, line.size):
        return True
    if gap > 1.15 * _pitch(pitch, line.size) and _ends_short(prev):
        return True  # a sentence's end, then extra space: list items set apart
    text = line.text.strip()
    if LABEL.match(text) and not _runs_on(block, line):
        return True
    if CAPTION.match(text) or line.marked:
        return True
    if prev.bold and not line.bold and len(block) == 1:
        # A bold line alone, followed by a sentence: a heading set close to its text (a line
        # that runs on into lowercase is the bold start of a paragraph).
        return (
            is_heading_text(prev.text)
            and not LABEL.match(prev.text.strip())
            and line.text.strip()[:1].isupper()
        )
    if LABEL.match(block[0].text.strip()):
        # A list item's lines hang under its text; a line further left ends the item.
        return line.x0 < block[0].x0 - 0.3 * em
    rest = block[1:] or block
    base = min(b.x0 for b in rest)
    if hanging(block) and line.x0 < base - 0.6 * em:
        return True  # back out to where the item's name began: the next item
    if _mid_sentence(prev) and not _centred(line):
        return False  # a full line ending mid-sentence runs on, under a hanging indent too
    if len(block) == 1 and _ends_short(prev) and abs(line.x0 - prev.x0) <= 0.3 * em:
        # A paragraph of one line, indented, then another line indented as it was: nothing
        # sets the paragraph's left edge, so the column's stands in for it, unless the next
        # line keeps the indent too (a quotation, every line of it set in).
        return prev.x0 > prev.left + 0.6 * em and not _keeps_indent(line, after)
    # An indented first line opens a paragraph; centred lines (formulas) are their own block.
    return line.x0 > base + 0.6 * em and abs(line.x0 - prev.x0) > 0.3 * em


def _code_in_sentence(prev: Line, line: Line, pitch: dict[float, float]) -> bool:
    """A line of code words inside a sentence, in a smaller code font ("use names such as" then
    "bird_count_table.csv," alone on a narrow column's line): one of the two lines is code, the
    sentence runs on, and the lines keep the prose's spacing, where a code block sits apart."""
    if prev.mono == line.mono:
        return False
    prose = line if prev.mono else prev
    step = _pitch(pitch, prose.size)
    gap = line.baseline - prev.baseline
    return not TERMINAL.search(prev.text.strip()) and abs(gap - step) <= 0.15 * step


def _keeps_indent(line: Line, after: Line | None) -> bool:
    return (
        after is not None
        and (after.page, after.piece, after.box) == (line.page, line.piece, line.box)
        and abs(after.x0 - line.x0) <= 0.3 * line.size
    )


def hanging(lines: list[Line]) -> bool:
    """A description list's item: its first line (the name, "cluster") starts well left of
    the lines under it."""
    return len(lines) > 1 and lines[0].x0 < min(b.x0 for b in lines[1:]) - 2 * lines[0].size


def _ends_short(line: Line) -> bool:
    """A short line that ends a sentence: the last line of a paragraph or an item."""
    return line.x1 < line.right - line.size and bool(TERMINAL.search(line.text.strip()))


def _mid_sentence(line: Line) -> bool:
    return line.x1 >= line.right - 2 * line.size and not TERMINAL.search(line.text.strip())


# A relation a displayed formula states: "o = (i - k) + 1", "x ≤ y", "n ∈ N".
_RELATION = re.compile("[=<>\u2264\u2265\u2248\u2260\u2208\u2261\u221d]")
_FORMULA_CHARS = 120


def sentence_formula(line: Line, before: Line | None, body: float) -> bool:
    """A displayed formula a sentence runs into ("... and for s = 1," then, centred,
    "o = (i - k) + 1."): one centred line of body type stating a relation, right after a line
    of text that ends mid-sentence. It is read as part of that sentence, as the paper's LaTeX
    is, and so are the formula's further lines aligned under it. Lines of symbols elsewhere (a
    drawing's marks, a formula set apart) are left out."""
    return (
        before is not None
        and before.page == line.page
        and abs(line.size - body) <= 0.6
        and len(line.text) <= _FORMULA_CHARS
        and _RELATION.search(line.text) is not None
        and (_centred(line) or _aligned_under(line, before))
        and not TERMINAL.search(before.text.strip())
    )


def _aligned_under(line: Line, formula: Line) -> bool:
    """A displayed formula's next line, aligned at its relation ("= i + 2n - 2n")."""
    return (
        _RELATION.match(line.text.lstrip()) is not None
        and (_centred(formula) or _RELATION.match(formula.text.lstrip()) is not None)
        and line.x0 - line.left > 2 * line.size
    )


def _centred(line: Line) -> bool:
    """A displayed formula's line: as far from the right edge as from the left, and indented."""
    left, right = line.x0 - line.left, line.right - line.x1
    return left > 2 * line.size and abs(left - right) < 3 * line.size


def _runs_on(block: list[Line], line: Line) -> bool:
    """Whether ``line``, which opens like a list label ("d. Implementations vary"), carries on
    the paragraph's sentence instead: the line before it is full and ends mid-sentence, and
    it starts flush with the paragraph, where a list's label would hang or be indented."""
    prev = block[-1]
    em = line.size
    return (
        not LABEL.match(block[0].text.strip())
        and not TERMINAL.search(prev.text.strip())
        and prev.x1 >= prev.right - 2 * em
        and abs(line.x0 - min((b.x0 for b in block[1:]), default=line.left)) <= 0.3 * em
    )
