"""Running heads that alternate between odd and even pages ("Claims in Papers" over the even
pages, "Vienna et al." over the odd ones), known by where they are set rather than by what
they say.

``pdf_layout`` knows a running line by its words recurring on many pages. A head that
alternates recurs on half of them, which a short paper does not show: a four-page paper with
no head over its title page prints each head once or twice, and they were read into the
paragraphs they sit over. Each is set on one baseline over the text, apart from it: a page's
first line, in other type than the text's (smaller, or another face: italic, small capitals)
but neither larger nor bold (no heading), with more than a line's space under it, on the same
baseline as such a line on other pages (as many as a running line recurs on). A page's first
line of text is in the text's type, and a heading is larger or bold; a caption (a table's,
over it at a page's top) or a line opening with a section's number is neither.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from claimaudit.library.pdf.patterns import CAPTION
from claimaudit.library.pdf.segments import Segment

# Apart from the line under it: its baseline this many of its ems above that line's.
_APART_EMS = 1.8
# A section's number opening a line ("2 Methods", "II. Methods", "2.1 Data"): a heading set
# in small capitals at a page's top, not a running head, unless it is the page's own number
# set apart ("4", then "Vienna et al.").
_NUMBERED = re.compile(r"^(?:\d+(?:\.\d+)*|[IVX]+\.)\s+\w")
# Smaller type than the text's: at most this share of its size.
_SMALLER = 0.95
# One baseline across pages: within this (points).
_SAME_PT = 1.0
# A head no other page repeats names the paper in at most this many words, each printed in
# the title page's first rows set apart from the text (title, authors).
_HEAD_WORDS = 10
_FRONT_ROWS = 12
_WORD = re.compile(r"[^\W\d_]+")
# How a head cites the authors: "Vienna et al.", "Vienna and Lee".
_CITED_AS = frozenset(("et", "al", "and"))


def placed_heads(
    tops: dict[int, list[list[Segment]]],
    body: tuple[str, float],
    needed: int,
    front: tuple[int, frozenset[str]] = (0, frozenset()),
) -> dict[int, list[Segment]]:
    """The running head of each page (by number) whose first rows ``tops`` are (the page's
    first two rows, top to bottom, where the first lies in its top band), found by its place:
    set apart on a baseline shared with heads on ``needed`` pages or more, or, on a page
    other than the title page, naming the paper in words ``front`` has (the title page's
    number and ``front_words``); ``body`` is the text's font and size."""
    found: dict[int, list[Segment]] = {}
    for number, rows in tops.items():
        if len(rows) >= 2 and _apart(rows[0], rows[1], body, number):
            found[number] = rows[0]
    title_page, names = front
    return {
        number: row
        for number, row in found.items()
        if _shared(row, found, needed)
        or (number != title_page and _names_paper(row, names, body[1]))
    }


def front_words(rows: list[list[Segment]], body: tuple[str, float]) -> frozenset[str]:
    """The words of the title page's first rows set in other type than the text's: its title,
    authors and affiliations (and the abstract, where it is set smaller)."""
    font, size = body
    words: set[str] = set()
    for row in rows[:_FRONT_ROWS]:
        if any(s.font != font or abs(s.size - size) > 0.1 for s in row):
            words.update(_words(" ".join(s.text for s in row)))
    return frozenset(words)


def _names_paper(row: list[Segment], names: frozenset[str], body_size: float) -> bool:
    """Whether a line set apart over a page, which no other page repeats, names the paper:
    a few words, each printed over its title page ("Vienna et al.", a short title), in type
    smaller than the text's. A two-page paper prints its head once, on page 2; a heading at a
    page's top in the text's size ("Claims", in italics, in a paper titled "Claims in Papers")
    is never smaller than the text, and is the page's own."""
    if max(s.size for s in row) >= _SMALLER * body_size:
        return False
    words = [w for w in _words(" ".join(s.text for s in row)) if w not in _CITED_AS]
    return 0 < len(words) <= _HEAD_WORDS and all(w in names for w in words)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _apart(row: list[Segment], below: list[Segment], body: tuple[str, float], page: int) -> bool:
    font, body_size = body
    size = max(s.size for s in row)
    # Most of its letters in another face: a line of text may hold a word in italics.
    other = sum(len(s.text) for s in row if s.font != font) > 0.5 * sum(len(s.text) for s in row)
    text = " ".join(s.text for s in row).strip()
    # A head's page number is set apart from its words, a section's number is not.
    numbered = _NUMBERED.match(text) and row[0].text.strip() != str(page)
    if CAPTION.match(text) or numbered:
        return False  # a table's caption over it at a page's top, or a section's heading
    return (
        size <= body_size + 0.1
        and (size < _SMALLER * body_size or other)
        and not all(s.bold for s in row)
        and below[0].baseline - row[0].baseline >= _APART_EMS * size
    )


def _shared(row: list[Segment], found: dict[int, list[Segment]], needed: int) -> bool:
    """Whether as many pages' heads as needed (this one's too) lie on its baseline."""
    return sum(abs(o[0].baseline - row[0].baseline) <= _SAME_PT for o in found.values()) >= needed


def body_type(segments: Iterable[Segment]) -> tuple[str, float]:
    """The font and size most of the paper's characters are set in."""
    weights: Counter[tuple[str, float]] = Counter()
    for segment in segments:
        weights[segment.font, round(segment.size, 1)] += len(segment.text)
    return weights.most_common(1)[0][0] if weights else ("", 0.0)
