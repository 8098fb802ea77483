"""Boxes a PDF draws around text (a framed theorem, a highlighted definition, a code listing).

What a box holds is set apart from the text around it: TeX may run the paragraph on after a
box without an indent or much space ("Relationship 4 ... = i + (k - 1)." in a framed box, then
"This is sometimes referred to as full padding" under it), which read as one paragraph where
the paper's source has two. A line inside a drawn rectangle belongs to that box, and a
paragraph never runs from inside a box to outside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claimaudit.library.pdf.rules import Shape

# A box around text is wider and taller than any rule, bar or underline (points).
_MIN_WIDTH_PT = 72.0
_MIN_HEIGHT_PT = 18.0
_SLACK_PT = 1.0


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
    """The page's drawn shapes large enough to hold lines of text."""
    return [
        Box(s.x0, s.top, s.x1, s.bottom)
        for s in shapes
        if s.x1 - s.x0 >= _MIN_WIDTH_PT and s.bottom - s.top >= _MIN_HEIGHT_PT
    ]


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
