"""Underscores that TeX draws as rules, read back as "_".

In LaTeX's default (OT1) font encoding ``\\_`` is not a glyph: it is a short filled rule on the
baseline, a third of an em wide, so the text layer reads "scipy.optimize.differential
evolution" or "TEMP DIR" where the paper prints ``differential_evolution`` and ``TEMP_DIR``.
A rule of that shape, on a line's baseline and touching a character beside it, is put back
into the line as the character it stands for. Rules of other shapes or places (table lines,
fraction bars on the math axis, underlines beneath letters) are left alone.
"""

from __future__ import annotations

import ctypes
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

# The rule's shape, in ems of the type beside it: OT1's \_ is 0.3 em wide and 0.4 pt high.
_MIN_WIDTH_EMS = 0.2
_MAX_WIDTH_EMS = 0.7
_MAX_HEIGHT_EMS = 0.12
# How far its middle may sit from the baseline (a fraction bar sits on the axis, 0.25 em up).
_BASELINE_EMS = 0.12
# How close it must come to the character beside it, and how far it may overlap any.
_TOUCH_EMS = 0.15
_OVERLAP_EMS = 0.05
# No underscore of body type is wider or thicker (points): a cheap first filter.
_MAX_WIDTH_PT = 12.0
_MAX_HEIGHT_PT = 2.0


class Placed(Protocol):
    """A character as ``pdf_chars`` holds it: box edges and baseline (top-down), size."""

    @property
    def x0(self) -> float: ...
    @property
    def x1(self) -> float: ...
    @property
    def baseline(self) -> float: ...
    @property
    def size(self) -> float: ...


@dataclass(frozen=True)
class Rule:
    x0: float
    x1: float
    top: float
    bottom: float


@dataclass(frozen=True)
class Underscore:
    """Where an underscore goes: before ``chars[before]`` (``len(chars)`` for the end)."""

    before: int
    x0: float
    x1: float
    joins_next: bool  # the next character touches it: pdfium's word break there is the rule's
    starts_word: bool  # it touches only the next character, so it takes that one's word break


@dataclass(frozen=True)
class Shape:
    """The bounds of one drawn path on a page, top-down coordinates."""

    x0: float
    top: float
    x1: float
    bottom: float
    # A stroked rectangle: a frame round a box, or round one cell of a table whose every cell
    # is framed apart (``re S`` a cell), whose sides are a ruled table's rules (``pdf_ruled``).
    frame: bool = False


def drawn_shapes(page: pdfium.PdfPage, height: float) -> list[Shape]:
    """The page's own drawn paths, read once for every reader of shapes (underscores here,
    fraction bars, boxes). Only the page's own drawing (``max_depth=0``): a figure embedded as
    a form is not text, and its thousands of paths would cost time for nothing."""
    shapes: list[Shape] = []
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=0):
        left, bottom, right, top = obj.get_bounds()
        stroked, pad_x, pad_y = _stroke_padding(obj)
        x0, x1 = _inset(left, right, pad_x)
        y0, y1 = _inset(height - top, height - bottom, pad_y)
        shapes.append(Shape(x0, y0, x1, y1, stroked and _rectangle(obj)))
    return shapes


def _rectangle(obj: pdfium.PdfObject) -> bool:
    """Whether the path is one upright rectangle: four straight sides, no curve."""
    _, b, c, _, _, _ = obj.get_matrix().get()
    count = pdfium_c.FPDFPath_CountSegments(obj.raw)
    if b or c or not 4 <= count <= 5:
        return False
    xs: set[float] = set()
    ys: set[float] = set()
    x, y = ctypes.c_float(), ctypes.c_float()
    for index in range(count):
        segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, index)
        if pdfium_c.FPDFPathSegment_GetType(segment) == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            return False
        if not pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y)):
            return False
        xs.add(round(x.value, 2))
        ys.add(round(y.value, 2))
    return len(xs) == 2 and len(ys) == 2


def _stroke_padding(obj: pdfium.PdfObject) -> tuple[bool, float, float]:
    """Whether the path is stroked, and how much wider and taller than what it paints pdfium
    makes its bounds (points, each side): it pads the path by the whole stroke width where
    the stroke paints half of it on either side of the path, so a 0.8 pt line read 1.6 pt
    thick, no longer a rule. The width is the path's own, scaled as its matrix scales it."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if not pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke)):
        return False, 0.0, 0.0
    if not stroke.value:
        return False, 0.0, 0.0
    width = ctypes.c_float()
    if not pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width)):
        return True, 0.0, 0.0
    a, b, c, d, _, _ = obj.get_matrix().get()
    half = max(width.value, 0.0) / 2
    return True, half * (abs(a) + abs(c)), half * (abs(b) + abs(d))


def _inset(low: float, high: float, pad: float) -> tuple[float, float]:
    """``low``..``high`` less ``pad`` at each end, never less than its middle."""
    if high - low <= 2 * pad:
        middle = (low + high) / 2
        return middle, middle
    return low + pad, high - pad


def short_rules(shapes: Sequence[Shape]) -> list[Rule]:
    """The drawn shapes small enough to be an underscore."""
    return [
        Rule(s.x0, s.x1, s.top, s.bottom)
        for s in shapes
        if 0.0 < s.x1 - s.x0 <= _MAX_WIDTH_PT and s.bottom - s.top <= _MAX_HEIGHT_PT
    ]


def underscores(chars: Sequence[Placed], rules: Sequence[Rule]) -> list[Underscore]:
    """The rules that read as underscores, each with its place among ``chars``."""
    if not rules or not chars:
        return []
    lines: dict[int, list[int]] = defaultdict(list)
    for i, char in enumerate(chars):
        lines[round(char.baseline)].append(i)
    found: list[Underscore] = []
    for rule in rules:
        middle = (rule.top + rule.bottom) / 2
        nearby = [
            i
            for key in (round(middle) - 1, round(middle), round(middle) + 1)
            for i in lines.get(key, ())
        ]
        place = _place(chars, sorted(nearby), rule, middle)
        if place is not None:
            found.append(place)
    return found


def _place(
    chars: Sequence[Placed], nearby: list[int], rule: Rule, middle: float
) -> Underscore | None:
    follows: int | None = None
    precedes: int | None = None
    for i in nearby:
        char = chars[i]
        em = char.size
        if abs(middle - char.baseline) > _BASELINE_EMS * em:
            continue
        if min(rule.x1, char.x1) - max(rule.x0, char.x0) > _OVERLAP_EMS * em:
            return None  # drawn beneath a character: an underline
        if abs(rule.x0 - char.x1) <= _TOUCH_EMS * em:
            follows = i
        elif abs(char.x0 - rule.x1) <= _TOUCH_EMS * em:
            precedes = i
    beside = follows if follows is not None else precedes
    if beside is None or not _shaped(rule, chars[beside].size):
        return None
    if follows is not None:
        joins = precedes is not None
        return Underscore(follows + 1, rule.x0, rule.x1, joins_next=joins, starts_word=False)
    return Underscore(beside, rule.x0, rule.x1, joins_next=True, starts_word=True)


def _shaped(rule: Rule, em: float) -> bool:
    """An underscore's shape in type of size ``em``."""
    return (
        _MIN_WIDTH_EMS * em <= rule.x1 - rule.x0 <= _MAX_WIDTH_EMS * em
        and rule.bottom - rule.top <= _MAX_HEIGHT_EMS * em
    )
