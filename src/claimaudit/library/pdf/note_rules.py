"""The short rule a typesetter draws over a page's footnotes (LaTeX's ``\\footnoterule``, a word
processor's separator): what sets notes apart where their type does not.

A page whose text stops halfway (a section's end, a block too tall to break) leaves no body
line beside the notes at its foot, and notes in the body's own type (or nearly) were read as
the paper's text, run on into the next page's paragraph. The rule over them tells them apart:
thin, far shorter than the text is wide (LaTeX's is 2 in, a word processor's a third of the
column), in the lower part of the page, on no line of text, no edge of a drawn box, and
alone: a table's rules come two or more to the same width.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claimaudit.library.pdf.boxes import Box
from claimaudit.library.pdf.rules import Shape
from claimaudit.library.pdf.segments import Segment

_MAX_HEIGHT_PT = 1.5
# Wider than a dash or an underscore, narrower than half the page: not a table's rule.
_MIN_WIDTH_PT = 30.0
_MAX_PAGE_SHARE = 0.45
# Notes sit in the lower part of the page.
_LOW = 0.5
_EDGE_PT = 4.0


@dataclass(frozen=True)
class NoteRule:
    x0: float
    x1: float
    top: float


def note_rules(
    shapes: Sequence[Shape],
    segments: Sequence[Segment],
    boxes: Sequence[Box],
    width: float,
    height: float,
) -> list[NoteRule]:
    """The page's rules shaped and placed as a footnote rule."""
    thin = [s for s in shapes if s.bottom - s.top <= _MAX_HEIGHT_PT and s.x1 - s.x0 > 0]
    found = []
    for s in thin:
        if not (_MIN_WIDTH_PT <= s.x1 - s.x0 <= _MAX_PAGE_SHARE * width and s.top >= _LOW * height):
            continue
        if any(
            o is not s and abs(o.x0 - s.x0) <= _EDGE_PT and abs(o.x1 - s.x1) <= _EDGE_PT
            for o in thin
        ):
            continue  # a table's rules (or a rule drawn twice): no note separator
        if any(seg.top <= s.bottom and s.top <= seg.bottom and seg.x0 < s.x1 and s.x0 < seg.x1
               for seg in segments):  # fmt: skip
            continue  # an underline, a strike-through or a blank to fill in
        if any(
            abs(b.top - s.top) <= _EDGE_PT or abs(b.bottom - s.bottom) <= _EDGE_PT for b in boxes
        ):
            continue
        found.append(NoteRule(s.x0, s.x1, s.top))
    return found


def under_rule(x0: float, baseline: float, size: float, rules: Sequence[NoteRule]) -> bool:
    """Whether a line starting at ``x0`` lies below a footnote rule of its column: the rule
    starts where the column does, so where the note's lines start, or a mark's indent left."""
    return any(rule.top < baseline and rule.x0 - size <= x0 <= rule.x0 + 3 * size for rule in rules)
