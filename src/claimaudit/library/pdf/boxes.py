"""Boxes a PDF draws around text (a framed theorem, a highlighted definition, a code listing).

What a box holds is set apart from the text around it: TeX may run the paragraph on after a
box without an indent or much space ("Relationship 4 ... = i + (k - 1)." in a framed box, then
"This is sometimes referred to as full padding" under it), which read as one paragraph where
the paper's source has two. A line inside a drawn rectangle, or inside four rules that frame
it (as ``\\fbox`` draws one), belongs to that box, and a paragraph never runs from inside a box
to outside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claimaudit.library.pdf.rules import Shape

# A box around text is wider and taller than any rule, bar or underline (points).
_MIN_WIDTH_PT = 72.0
_MIN_HEIGHT_PT = 18.0
_SLACK_PT = 1.0
# A box's four rules: each at most this thick, meeting the others within this (points), and
# no more than this many of them each way on a page: a drawing's grid is no box, and pairing
# 200 rules each way costs about a second a page (a 40-row table ruled row by row has 41).
_MAX_RULE_PT = 1.5
_MEET_PT = 4.0
_MAX_RULES = 64


@dataclass(frozen=True)
class Box:
    x0: float
    top: float  # top-down coordinates
    x1: float
    bottom: float

    @property
    def area(self) -> float:
        return (self.x1 - self.x0) * (self.bottom - self.top)


def drawn_boxes(shapes: Sequence[Shape]) -> list[Box]:
    """The page's drawn shapes large enough to hold lines of text, and the boxes framed by
    four rules (``_ruled``)."""
    boxes = [
        Box(s.x0, s.top, s.x1, s.bottom)
        for s in shapes
        if s.x1 - s.x0 >= _MIN_WIDTH_PT and s.bottom - s.top >= _MIN_HEIGHT_PT
    ]
    return boxes + _ruled(shapes)


def _ruled(shapes: Sequence[Shape]) -> list[Box]:
    """Boxes drawn as four rules, as TeX's ``\\fbox`` and ``framed`` draw them: two rules across
    with the same ends, and one rule down at each end from the upper to the lower, each
    meeting the others within ``_MEET_PT``. The upper rule is paired with the nearest lower
    one that closes a box. A page of a drawing's many rules is not searched."""
    across = [
        s for s in shapes if s.bottom - s.top <= _MAX_RULE_PT and s.x1 - s.x0 >= _MIN_WIDTH_PT
    ]
    down = [s for s in shapes if s.x1 - s.x0 <= _MAX_RULE_PT and s.bottom - s.top >= _MIN_HEIGHT_PT]
    if len(across) > _MAX_RULES or len(down) > _MAX_RULES:
        return []
    across.sort(key=lambda s: s.top)
    found: list[Box] = []
    for index, upper in enumerate(across):
        for lower in across[index + 1 :]:
            if lower.bottom - upper.top < _MIN_HEIGHT_PT:
                continue
            if abs(lower.x0 - upper.x0) > _MEET_PT or abs(lower.x1 - upper.x1) > _MEET_PT:
                continue
            if _side(down, upper.x0, upper, lower) and _side(down, upper.x1, upper, lower):
                found.append(Box(upper.x0, upper.top, upper.x1, lower.bottom))
                break
    return found


def _side(down: list[Shape], x: float, upper: Shape, lower: Shape) -> bool:
    """Whether a rule down at ``x`` runs from the upper rule to the lower one."""
    return any(
        abs((s.x0 + s.x1) / 2 - x) <= _MEET_PT
        and s.top <= upper.bottom + _MEET_PT
        and s.bottom >= lower.top - _MEET_PT
        for s in down
    )


def box_of(x0: float, x1: float, baseline: float, boxes: list[Box]) -> int | None:
    """The index of the smallest box that holds a line (a frame drawn as an outer and an inner
    rectangle counts once: the inner one), or None."""
    holding = [
        (box.area, index)
        for index, box in enumerate(boxes)
        if box.x0 - _SLACK_PT <= x0
        and x1 <= box.x1 + _SLACK_PT
        and box.top - _SLACK_PT <= baseline <= box.bottom + _SLACK_PT
    ]
    return min(holding)[1] if holding else None
