"""Fractions a PDF stacks over a drawn bar, read on one line: "o = (i - k)/s + 1.".

TeX sets ``\\frac{i - k}{s}`` as a numerator above a filled rule and a denominator below it,
centred on the rule. A PDF's text layer keeps the two parts as lines of their own, above and
below the formula's line, so the reading was "i - k", "o = + 1.", "s" on three lines, which the
paragraph builder dropped as a drawing's marks. A rule with exactly one piece of text centred
just above it and one just below, and no wider than they need, is read as the fraction
"numerator/denominator" in the row beside it, a part of several terms in parentheses, as the
LaTeX extraction writes it. Table rules (many cells above and below), underlines (nothing
centred below) and rules longer than their text are left alone.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from claimaudit.library.pdf.rules import Placed, Shape

# A fraction bar: TeX's default rule is 0.4 pt thick; no bar is thicker than this (points).
_MAX_THICKNESS_PT = 1.5
_MIN_WIDTH_PT = 2.0
_MAX_WIDTH_PT = 400.0
# Where the parts' baselines sit from the bar's middle, in ems: the numerator's just above
# (0.1 to 1.0 em), the denominator's below (0.3 to 1.4 em: its letters hang from the bar).
_ABOVE_EMS = (0.1, 1.0)
_BELOW_EMS = (0.3, 1.4)
# The formula's own line: its baseline a quarter em under the bar (the math axis).
_ROW_EMS = (0.0, 0.5)
# How far the bar may reach past its wider part, and the parts' centres off the bar's (ems).
_OVERHANG_EMS = 1.0
_OFF_CENTRE_EMS = 0.5
# How close a piece of the formula's line comes to the bar for the fraction to join it (ems).
_BESIDE_EMS = 2.5
_SLACK_PT = 1.0
# A part of several terms: an operator or a space after its first character.
_TERMS = re.compile(r"\S[\s+\-\u2212\u00d7\u00b7/=<>\u2264\u2265]")


class Piece(Placed, Protocol):
    """A run of text on one baseline, as ``pdf_segments.Segment`` holds it."""

    @property
    def text(self) -> str: ...
    @property
    def top(self) -> float: ...
    @property
    def bottom(self) -> float: ...


P = TypeVar("P", bound=Piece)


@dataclass(frozen=True)
class Bar:
    x0: float
    x1: float
    middle: float  # top-down


def fraction_bars(shapes: Sequence[Shape]) -> list[Bar]:
    """The page's thin horizontal drawn shapes."""
    return [
        Bar(s.x0, s.x1, (s.top + s.bottom) / 2)
        for s in shapes
        if s.bottom - s.top <= _MAX_THICKNESS_PT and _MIN_WIDTH_PT <= s.x1 - s.x0 <= _MAX_WIDTH_PT
    ]


def with_fractions(segments: Sequence[P], bars: Sequence[Bar]) -> list[P]:
    """``segments`` with each stacked fraction's two parts replaced by one piece of text
    "numerator/denominator" on the formula's line."""
    if not bars or not segments:
        return list(segments)
    # Only text within a couple of lines of a bar can be its parts: a page of drawn lines (a
    # plot's grid) costs a look-up per line, not a pass over the page's text.
    reach = 1.5 * max(s.size for s in segments)
    order = sorted(segments, key=lambda s: s.baseline)
    baselines = [s.baseline for s in order]
    taken: set[int] = set()
    joined: list[P] = []
    for bar in bars:
        start = bisect_left(baselines, bar.middle - reach)
        stop = bisect_right(baselines, bar.middle + reach)
        near = [s for s in order[start:stop] if id(s) not in taken]
        parts = _parts(near, bar)
        if parts is None:
            continue
        taken.update(id(part) for part in parts)
        joined.append(_joined(*parts, bar, [s for s in near if id(s) not in taken]))
    return [s for s in segments if id(s) not in taken] + joined


def _parts(segments: Sequence[P], bar: Bar) -> tuple[P, P] | None:
    above = [s for s in segments if _over(s, bar, _ABOVE_EMS, -1)]
    below = [s for s in segments if _over(s, bar, _BELOW_EMS, 1)]
    if len(above) != 1 or len(below) != 1:
        return None
    numerator, denominator = above[0], below[0]
    em = numerator.size
    wider = max(numerator.x1 - numerator.x0, denominator.x1 - denominator.x0)
    centre = (bar.x0 + bar.x1) / 2
    if bar.x1 - bar.x0 > wider + _OVERHANG_EMS * em:
        return None  # a rule longer than its text: an underline or a table's line
    for part in (numerator, denominator):
        if abs((part.x0 + part.x1) / 2 - centre) > _OFF_CENTRE_EMS * em:
            return None  # TeX centres both parts on the bar
    return numerator, denominator


def _over(segment: Piece, bar: Bar, ems: tuple[float, float], side: int) -> bool:
    """Whether ``segment`` lies within the bar's width, its baseline ``ems`` from the bar
    (``side`` -1 above, 1 below)."""
    distance = (segment.baseline - bar.middle) * side
    return (
        segment.x0 >= bar.x0 - _SLACK_PT
        and segment.x1 <= bar.x1 + _SLACK_PT
        and ems[0] * segment.size <= distance <= ems[1] * segment.size
    )


def _joined(numerator: P, denominator: P, bar: Bar, others: Sequence[P]) -> P:
    em = numerator.size
    beside = [
        s
        for s in others
        if _ROW_EMS[0] * s.size <= s.baseline - bar.middle <= _ROW_EMS[1] * s.size
        and (
            0 <= bar.x0 - s.x1 + _SLACK_PT <= _BESIDE_EMS * s.size
            or 0 <= s.x0 - bar.x1 + _SLACK_PT <= _BESIDE_EMS * s.size
        )
    ]
    row = min(beside, key=lambda s: abs(s.baseline - bar.middle), default=None)
    baseline = row.baseline if row is not None else bar.middle + 0.25 * em
    size = row.size if row is not None else em
    text = "/".join(
        f"({part})" if _TERMS.search(part) else part
        for part in (numerator.text.strip(), denominator.text.strip())
    )
    return replace(  # type: ignore[type-var]  # a dataclass at run time (pdf_segments.Segment)
        numerator,
        text=text,
        x0=bar.x0,
        x1=bar.x1,
        top=baseline - 0.75 * size,
        bottom=baseline + 0.25 * size,
        baseline=baseline,
        size=size,
    )
