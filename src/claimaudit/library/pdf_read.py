"""Reading a PDF's text layer with pypdfium2: characters grouped into positioned segments.

A segment is a run of characters on one baseline with no wide horizontal gap: a line of a
column, a line number, a page number. Layout decisions (columns, gutters, headers, paragraphs)
are made later from the segments' geometry and fonts; this module only reads.

Coordinates run top-down (``top`` grows down the page), in PDF points.
"""

from __future__ import annotations

import ctypes
import functools
import math
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from claimaudit.errors import InputError
from claimaudit.library.pdf_boxes import Box, drawn_boxes
from claimaudit.library.pdf_fractions import fraction_bars, with_fractions
from claimaudit.library.pdf_math_fonts import blackboard, is_extension_font, unmapped_char
from claimaudit.library.pdf_rules import Rule, drawn_shapes, short_rules, underscores
from claimaudit.untrusted import scrub_surrogates

# A gap wider than this (in ems of the larger neighbouring font) starts a new segment: wide
# enough for the widest justified word space, narrow enough to part a line number (set 10pt
# from its line by lineno) or the gap between two columns.
SEGMENT_GAP_EMS = 0.6
# A gap wider than this (in ems) is a word space even where the PDF draws no space character.
SPACE_GAP_EMS = 0.16
# Between digits, a gap narrower than this is a thousands separator (a thin space, 1/6 em, as
# siunitx sets "462 574"), not a word space (at least 2/9 em in TeX's fonts): read as "462574",
# as the LaTeX source writes it, when three digits follow.
DIGIT_GROUP_EMS = 0.2
_THIN = "\x00"  # marks such a gap until the digits after it are known; never in PDF text
_DIGIT_GROUP = re.compile(r"(?<=\d)\x00(?=\d{3}(?!\d))")
# Bold fonts by name: TeX's CM/EC/cm-super "bx" fonts, PostScript "Medi"/"Bold"/"Demi"...
_BOLD_NAME = re.compile(r"bold|medi|demi|black|heavy|(?:^|\+)(?:cm|sf|ec|tc|lm)bx|bx\d", re.I)
_MONO_NAME = re.compile(
    r"mono|courier|consol|menlo|nimbusmon|(?:^|\+)(?:cm|sf|ec|lm)i?tt|tt\d", re.I
)
# pdfium's codes for a password it does not have (FPDF_ERR_PASSWORD) and a broken file.
_ERR_PASSWORD = 4
_MAX_FONT_NAME = 128
# The document entries read; Producer and Creator name the program that set the text.
_METADATA_KEYS = ("Title", "Author", "Subject", "Keywords", "doi", "DOI", "Producer", "Creator")
# TeX (OT1) draws an accented letter as a letter and a separate accent glyph; such glyphs
# are put back onto their letter as combining marks ("a" + "¨" -> "ä").
_ACCENTS = {
    "\u00b4": "\u0301",
    "`": "\u0300",
    "\u00a8": "\u0308",
    "\u02c6": "\u0302",
    "^": "\u0302",
    "\u02dc": "\u0303",
    "~": "\u0303",
    "\u02c7": "\u030c",
    "\u00af": "\u0304",
    "\u02d8": "\u0306",
    "\u02d9": "\u0307",
    "\u02da": "\u030a",
    "\u00b8": "\u0327",
    "\u02dd": "\u030b",
    "\u02db": "\u0328",
}
_ACCENT_WINDOW = 60
# TeX puts an accent on "i" or "j" over the dotless letter ("\\'{\\i}"); with the accent back on
# it, the letter is the ordinary one (U+0131 + acute -> "í"). The cedilla and ogonek sit below.
_DOTLESS = {"\u0131": "i", "\u0237": "j"}
_BELOW = frozenset("\u0327\u0328")
# How far above its letter's baseline an accent's own baseline may sit, in ems: TeX raises an
# accent over a capital by about a quarter em; a line of text above, set with a line spacing of
# about one em (a browser's), is further, so its backticks are not put on the letters below.
_ACCENT_RAISE = 0.5
_MARK_CHARS = frozenset("0123456789,*\u2020\u2021\u00a7\u00b6\u2016\u2217\u22c6\u2013-")
# Text turned by more than this (radians) is a margin stamp or a rotated table label.
_MAX_ANGLE = 0.05


@dataclass(slots=True)
class Segment:
    """Characters on one baseline, left to right, with their box and dominant font."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float
    size: float
    bold: bool  # most of its characters are bold
    mono: bool  # most of its characters are monospaced (code)
    font: str
    # It began with a raised mark, dropped from its text: a footnote's or an affiliation's.
    marked: bool = False

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(slots=True)
class PageText:
    number: int  # 1-based
    width: float
    height: float
    segments: list[Segment] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)  # drawn around text (``pdf_boxes``)


@dataclass(frozen=True)
class PdfText:
    pages: list[PageText]
    metadata: dict[str, str]


@dataclass(slots=True)
class _Char:
    ch: str
    x0: float
    x1: float
    baseline: float
    size: float
    font: str
    space_before: bool


def read_pdf(path: Path, data: bytes) -> PdfText:
    """Every page's segments and the document metadata; InputError (one line) for a file
    that is encrypted, truncated or not a PDF pdfium can read."""
    _check_complete(path, data)
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        if getattr(error, "err_code", None) == _ERR_PASSWORD:
            raise InputError(
                f"{path}: the PDF is encrypted (password-protected); decrypt it first, "
                "e.g. qpdf --decrypt"
            ) from None
        raise InputError(f"{path}: not a readable PDF ({_one_line(error)})") from None
    try:
        metadata = {
            key: scrub_surrogates(value).strip()
            for key in _METADATA_KEYS
            if (value := document.get_metadata_value(key))
        }
        pages = [_read_page(document, index) for index in range(len(document))]
    except pdfium.PdfiumError as error:
        raise InputError(f"{path}: not a readable PDF ({_one_line(error)})") from None
    finally:
        document.close()
    return PdfText(pages, metadata)


def _check_complete(path: Path, data: bytes) -> None:
    if not data.lstrip()[:5] == b"%PDF-":
        raise InputError(f"{path}: not a PDF (no %PDF- header)")
    # Every complete PDF ends with an end-of-file marker; a cut download does not. pdfium would
    # repair such a file silently and yield whatever pages survived.
    if b"%%EOF" not in data[-2048:]:
        raise InputError(
            f"{path}: not a readable PDF: it is truncated (no end-of-file marker); download "
            "or copy it again"
        )


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _read_page(document: pdfium.PdfDocument, index: int) -> PageText:
    page = document[index]
    try:
        width, height = page.get_size()
        text_page = page.get_textpage()
        try:
            chars = _chars(text_page.raw, height)
        finally:
            text_page.close()
        shapes = drawn_shapes(page, height)
    finally:
        page.close()
    result = PageText(index + 1, float(width), float(height), boxes=drawn_boxes(shapes))
    segments = _segments(_with_underscores(chars, short_rules(shapes)))
    result.segments = with_fractions(segments, fraction_bars(shapes))
    return result


def _with_underscores(chars: list[_Char], rules: list[Rule]) -> list[_Char]:
    """``chars`` with the underscores TeX drew as rules (``pdf_rules``) in their places."""
    places = underscores(chars, rules)
    if not places:
        return chars
    result: list[_Char] = []
    places.sort(key=lambda u: (u.before, u.x0))
    k = 0
    for i in range(len(chars) + 1):
        while k < len(places) and places[k].before == i:
            place = places[k]
            k += 1
            beside = chars[i - 1] if not place.starts_word else chars[i]
            space = False
            if i < len(chars) and place.joins_next:
                space = chars[i].space_before if place.starts_word else False
                chars[i].space_before = False
            result.append(
                _Char("_", place.x0, place.x1, beside.baseline, beside.size, beside.font, space)
            )
        if i < len(chars):
            result.append(chars[i])
    return result


def _chars(raw: pdfium_c.FPDF_TEXTPAGE, height: float) -> list[_Char]:
    """The page's visible characters in content order; spaces become ``space_before`` flags."""
    chars: list[_Char] = []
    box = pdfium_c.FS_RECTF()
    matrix = pdfium_c.FS_MATRIX()
    ox, oy = ctypes.c_double(), ctypes.c_double()
    name = ctypes.create_string_buffer(_MAX_FONT_NAME)
    flags = ctypes.c_int()
    space = False
    for i in range(pdfium_c.FPDFText_CountChars(raw)):
        code = pdfium_c.FPDFText_GetUnicode(raw, i)
        # pdfium reports a hyphen that ends a line as U+0002; it is a hyphen all the same
        # (undone, where it splits a word, when lines are joined).
        ch = "-" if code in (0x2, 0xFFFE) else chr(code) if 0 < code < 0x110000 else ""
        if 0 < code < 0x20 and pdfium_c.FPDFText_HasUnicodeMapError(raw, i):
            # A glyph code, not a character: TeX's math extension font says which.
            pdfium_c.FPDFText_GetFontInfo(raw, i, name, _MAX_FONT_NAME, ctypes.byref(flags))
            ch = unmapped_char(code, name.value.decode("latin-1")) or ch
        if not ch.isprintable() or ch.isspace():
            # Spaces and line breaks (drawn or generated by pdfium) only separate words.
            space = space or ch.isspace() or not ch
            continue
        if abs(pdfium_c.FPDFText_GetCharAngle(raw, i)) > _MAX_ANGLE and not (
            abs(pdfium_c.FPDFText_GetCharAngle(raw, i) - 6.2832) < _MAX_ANGLE
        ):
            continue
        # The loose box spans the glyph's advance, so gaps are measured as typeset, not
        # between inked shapes (a "1" has wide side bearings).
        pdfium_c.FPDFText_GetLooseCharBox(raw, i, box)
        pdfium_c.FPDFText_GetCharOrigin(raw, i, ox, oy)
        # pdfium's size is the font's as set, before the page's scaling: a browser draws 16px
        # type scaled by 0.75, which prints at 12 pt. The vertical scale is taken, so that
        # TeX's slightly widened or narrowed letters (microtype) keep their size.
        size = pdfium_c.FPDFText_GetFontSize(raw, i)
        if pdfium_c.FPDFText_GetMatrix(raw, i, matrix):
            size *= math.hypot(matrix.c, matrix.d) or 1.0
        pdfium_c.FPDFText_GetFontInfo(raw, i, name, _MAX_FONT_NAME, ctypes.byref(flags))
        font = name.value.decode("latin-1")
        extension = is_extension_font(font)
        if extension and code < 0x80 and pdfium_c.FPDFText_HasUnicodeMapError(raw, i):
            ch = unmapped_char(code, font) or ch  # a code that reads as a letter ("P": a sum)
        ch = blackboard(ch, font)
        x0, x1 = box.left, box.right
        if x1 <= x0:  # an empty box (a control glyph): as wide as nothing, where it starts
            x0 = x1 = ox.value
        baseline = height - oy.value
        if extension and box.top > box.bottom:
            # A big delimiter or operator hangs from its top: it is centred on the math
            # axis, a quarter em above the formula's baseline.
            baseline = height - (box.top + box.bottom) / 2 + 0.25 * (size or 10.0)
        chars.append(
            _Char(
                scrub_surrogates(ch),
                x0,
                x1,
                baseline,
                size if size > 0 else 10.0,
                font,
                space,
            )
        )
        space = False
    return _attach_accents(chars)


def _attach_accents(chars: list[_Char]) -> list[_Char]:
    """Each accent glyph drawn over a nearby letter becomes that letter's combining mark.

    The letter is found by geometry (the accent's centre lies within it, at most half an em
    above its baseline), since pdfium may list the accent apart from its letter: first among
    the characters listed near it, then, for a TeX accent glyph listed at its line's end, on the
    whole page. An accent over nothing (a backtick or tilde in code) stays as it is."""
    dropped: set[int] = set()
    for i, accent in enumerate(chars):
        mark = _ACCENTS.get(accent.ch)
        if mark is None:
            continue
        near = range(max(0, i - _ACCENT_WINDOW), min(len(chars), i + _ACCENT_WINDOW))
        best = _accented(chars, i, near, dropped)
        if best is None and not accent.ch.isascii():  # code's backticks and tildes: no search
            best = _accented(chars, i, range(len(chars)), dropped)
        if best is not None:
            base = chars[best]
            letter = _DOTLESS.get(base.ch, base.ch) if mark not in _BELOW else base.ch
            base.ch = unicodedata.normalize("NFC", letter + mark)
            dropped.add(i)
    return [c for i, c in enumerate(chars) if i not in dropped]


def _accented(chars: list[_Char], i: int, candidates: range, dropped: set[int]) -> int | None:
    """The index of the letter under the accent ``chars[i]``, the nearest in listing order."""
    accent = chars[i]
    centre = (accent.x0 + accent.x1) / 2
    highest = _ACCENT_RAISE * accent.size
    best: int | None = None
    for j in candidates:
        base = chars[j]
        if (
            j == i
            or j in dropped
            or not base.ch.isalpha()
            or not base.x0 + 0.5 < centre < base.x1 - 0.5
            or not -0.1 * base.size <= base.baseline - accent.baseline <= highest
        ):
            continue
        if best is None or abs(j - i) < abs(best - i):
            best = j
    return best


def _letters(a: _Char, b: _Char) -> bool:
    return a.ch.isalpha() and b.ch.isalpha()


def _segments(chars: list[_Char]) -> list[Segment]:
    segments: list[Segment] = []
    run: list[_Char] = []
    for char in chars:
        if run and not _continues(run, char):
            segments.append(_segment(run))
            run = []
        run.append(char)
    if run:
        segments.append(_segment(run))
    return [s for s in segments if s.text.strip()]


def _continues(run: list[_Char], char: _Char) -> bool:
    """Whether ``char`` belongs on the same baseline run as the characters before it."""
    last = run[-1]
    # The smaller font sets the gap: a line number in 5pt type sits 10pt from a 17pt heading.
    em = min(char.size, last.size)
    # Super- and subscripts sit up to about half an em off the baseline.
    base = run[0].baseline
    if abs(char.baseline - base) > 0.55 * max(run[0].size, char.size):
        return False
    gap = char.x0 - last.x1
    # A code font's space is 0.6 em wide (DejaVu Sans Mono, Courier), as wide as the gap that
    # parts columns: between two code characters one space more is allowed.
    widest = SEGMENT_GAP_EMS + (_MONO_SPACE_EMS if _mono(last) and _mono(char) else 0.0)
    # pdfium splits a ligature ("fi") into characters that share its box: the second one
    # starts before the first one ends, but never before the first one starts.
    return char.x0 >= last.x0 - 0.2 * em and gap <= widest * em


_MONO_SPACE_EMS = 0.25
# Letters of a text font that make a run's prose (and set its size) beside code.
PROSE_LETTERS = 3


def _mono(char: _Char) -> bool:
    return _mono_font(char.font)


@functools.lru_cache(maxsize=256)
def _mono_font(font: str) -> bool:
    # Asked for every character; a document has a handful of fonts (bounded: subset names
    # differ from one document to the next).
    return _MONO_NAME.search(font) is not None


def _segment(run: list[_Char]) -> Segment:
    weights: dict[tuple[str, float], int] = {}
    # Prose sets the size; code inside it may be smaller (see ``pdf_layout._line_size``). A
    # footnote's raised mark before a web address in a code font is not prose.
    prose = [c for c in run if not _mono(c) and c.ch.isalpha()]
    for char in prose if len(prose) >= PROSE_LETTERS else run:
        key = (char.font, round(char.size, 1))
        weights[key] = weights.get(key, 0) + 1
    font, size = max(weights, key=lambda k: weights[k])
    # The line's own baseline is that of its dominant font (not of a leading superscript).
    main = [c for c in run if c.font == font and round(c.size, 1) == size] or run
    baseline = sorted(c.baseline for c in main)[len(main) // 2]
    marks = {id(c) for c in run if _is_mark(c, size, baseline)}
    kept = [c for c in run if id(c) not in marks]
    if not kept:  # a run of marks alone is read as it is
        kept, marks = run, set()
    parts: list[str] = []
    previous: _Char | None = None
    end = 0.0  # right edge of the last character read, a dropped mark included
    around_marks = 0.0  # the widest gap beside the marks dropped since the last character
    for char in run:
        if id(char) in marks:
            # A word break is on either side of a mark: "India, ¹Department" and "individuals¹
            # and" keep their space; "(PyPI)¹, Continuum" is "(PyPI),", not "(PyPI) ,".
            if previous is not None:
                around_marks = max(around_marks, char.x0 - end)
            end = char.x1
            continue
        gap = max(char.x0 - end, around_marks) if previous is not None else 0.0
        end, around_marks = char.x1, 0.0
        # pdfium's own word breaks (``space_before``) are trusted only where there is some gap:
        # it also breaks around TeX's separately drawn accents. Between two letters a smaller
        # gap will do: an italic "f" overhangs the space before it ("Hessian factorization").
        if previous is not None and (
            gap > SPACE_GAP_EMS * char.size
            or (char.space_before and gap > 0.08 * char.size)
            or (char.space_before and gap > 0.04 * char.size and _letters(previous, char))
        ):
            digits = previous.ch.isdigit() and char.ch.isdigit()
            parts.append(_THIN if digits and gap < DIGIT_GROUP_EMS * char.size else " ")
        parts.append(char.ch)
        previous = char
    text = "".join(parts)
    if _THIN in text:  # rare: only numbers set with thin spaces
        text = _DIGIT_GROUP.sub("", text).replace(_THIN, " ")
    bold = sum(bool(_BOLD_NAME.search(c.font)) for c in kept)
    mono = sum(_mono(c) for c in kept)
    return Segment(
        text=text,
        x0=min(c.x0 for c in run),
        x1=max(c.x1 for c in run),
        top=baseline - 0.75 * size,
        bottom=baseline + 0.25 * size,
        baseline=baseline,
        size=size,
        bold=bold >= 0.8 * len(kept),
        mono=mono >= 0.8 * len(kept),
        font=font,
        marked=kept[0] is not run[0],
    )


def _is_mark(char: _Char, size: float, baseline: float) -> bool:
    """A superscript footnote, affiliation or citation mark ("scheme,¹" "Wilson¹,‡"): small
    type raised above the line, digits or marks only. Raised letters ("4th") are kept."""
    return (
        char.size < 0.85 * size and baseline - char.baseline > 0.2 * size and char.ch in _MARK_CHARS
    )
