"""A page's characters grouped into segments: runs on one baseline with no wide horizontal gap
(a line of a column, a line number, a page number), word spaces found from the gaps, raised
footnote and affiliation marks dropped but exponents kept ("10^6"), each run's size, font, bold
and code read from its characters. Layout decisions (columns, gutters, headers, paragraphs)
are made later from the segments' geometry and fonts (``pdf_layout``).

Coordinates run top-down (``top`` grows down the page), in PDF points.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from claimaudit.library.pdf.chars import Char
from claimaudit.library.pdf.exponents import exponent_text, is_exponent, script_text

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
# Italic and slanted text fonts by name: TeX's "ti"/"sl" fonts (CMTI10, SFTI1000, CMBXTI10,
# CMSL10), PostScript "Italic"/"Ital"/"Oblique"/"-It" (not "Capitals"). Math italic (CMMI10, a
# font named "Math") sets a formula's letters, not a word in italics.
_ITALIC_NAME = re.compile(
    r"(?<!cap)ital|obli|-it(?![a-z])|(?:^|\+)(?:cm|sf|ec|lm)(?:bx)?(?:ti|sl)\d", re.I
)
_MATH_NAME = re.compile(r"math|(?:^|\+)(?:cm|lm|eu)mi", re.I)
_MONO_NAME = re.compile(
    r"mono|courier|consol|menlo|nimbusmon|(?:^|\+)(?:cm|sf|ec|lm)i?tt|tt\d", re.I
)
_MARK_CHARS = frozenset("0123456789,*\u2020\u2021\u00a7\u00b6\u2016\u2217\u22c6\u2013-")
_MONO_SPACE_EMS = 0.25
# A word's last two letters: raised letters set on it are marks ("Smithᵃ").
_WORD_END = re.compile(r"[^\W\d_]{2}$")
# Letters of a text font that make a run's prose (and set its size) beside code.
PROSE_LETTERS = 3


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
    # Its first letters are bold: a description item's name or a run-in heading before text.
    opens_bold: bool = False
    italic: bool = False  # most of its characters are italic or slanted

    @property
    def height(self) -> float:
        return self.bottom - self.top


def _letters(a: Char, b: Char) -> bool:
    return a.ch.isalpha() and b.ch.isalpha()


def segments_from(chars: list[Char]) -> list[Segment]:
    segments: list[Segment] = []
    run: list[Char] = []
    for char in chars:
        if run and not _continues(run, char):
            segments.append(_segment(run))
            run = []
        run.append(char)
    if run:
        segments.append(_segment(run))
    return [s for s in segments if s.text.strip()]


def _continues(run: list[Char], char: Char) -> bool:
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


def _mono(char: Char) -> bool:
    return _mono_font(char.font)


@functools.lru_cache(maxsize=256)
def _mono_font(font: str) -> bool:
    # Asked for every character; a document has a handful of fonts (bounded: subset names
    # differ from one document to the next).
    return _MONO_NAME.search(font) is not None


@functools.lru_cache(maxsize=256)
def _italic_font(font: str) -> bool:
    return _ITALIC_NAME.search(font) is not None and _MATH_NAME.search(font) is None


def _segment(run: list[Char]) -> Segment:
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
    text, marks = _read(run, size, baseline)
    kept = [c for c in run if id(c) not in marks]
    bold = sum(bool(_BOLD_NAME.search(c.font)) for c in kept)
    mono = sum(_mono(c) for c in kept)
    italic = sum(_italic_font(c.font) for c in kept)
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
        opens_bold=_opens_bold(kept),
        italic=italic >= 0.8 * len(kept),
    )


def _read(
    run: list[Char], size: float, baseline: float, drop_marks: bool = True
) -> tuple[str, set[int]]:
    """The run's text, and the ids of its characters dropped as raised marks (none unless
    ``drop_marks``); a raised exponent is kept, written as LaTeX writes it (``pdf_exponents``).
    """
    raised = [drop_marks and _is_raised(c, size, baseline) for c in run]
    marks: set[int] = set()
    parts: list[str] = []
    previous: Char | None = None
    end = 0.0  # right edge of the last character read, a dropped mark included
    around_marks = 0.0  # the widest gap beside the marks dropped since the last character
    exponent_ends = -1  # index of the last character of the exponent being read
    for index, char in enumerate(run):
        opens_raised = raised[index] and (index == 0 or not raised[index - 1])
        if index <= exponent_ends:
            continue  # written with its exponent or script
        script = _script(run, raised, index, parts, end) if drop_marks and index > 0 else None
        if script is not None:
            written, last = script
            parts.append(written)
            exponent_ends, end, around_marks, previous = last, run[last].x1, 0.0, run[last]
            continue
        if opens_raised and _letter_marks(_raised_run(run, raised, index), parts):
            marks.update(id(c) for c in _raised_run(run, raised, index))
        elif opens_raised and any(c.ch in _MARK_CHARS for c in _raised_run(run, raised, index)):
            chars = _raised_run(run, raised, index)
            # An exponent is set close to its base: a word space before it makes it a mark.
            spaced = previous is None or char.x0 - end > SPACE_GAP_EMS * char.size
            written = "".join(c.ch for c in chars)
            if not spaced and is_exponent("".join(parts[-40:]), written):
                parts.append(exponent_text(written))
                exponent_ends = index + len(chars) - 1
                end, around_marks = chars[-1].x1, 0.0
                previous = chars[-1]
                continue
            marks.update(id(c) for c in chars if c.ch in _MARK_CHARS)
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
    if marks and len(marks) == len(run):  # a run of marks alone is read as it is
        return _read(run, size, baseline, drop_marks=False)
    text = "".join(parts)
    if _THIN in text:  # rare: only numbers set with thin spaces
        text = _DIGIT_GROUP.sub("", text).replace(_THIN, " ")
    return text, marks


def _script(
    run: list[Char], raised: list[bool], index: int, parts: list[str], end: float
) -> tuple[str, int] | None:
    """A script that opens at ``index``, as written and the index of its last character: a
    subscript that opens with a digit (``_lowered_digits``), or one of letters set close after
    a one-letter symbol or an operator's name ("ℝⁿ", "min" over a lowered "x"); None
    otherwise. A letter right after a script of letters makes it part of a word: LaTeX's logo
    raises its "A" after the "L"."""
    char, size = run[index], run[index - 1].size
    if char.x0 - end > SPACE_GAP_EMS * char.size:
        return None
    if char.ch.isdigit():
        return _lowered_digits(run, index)
    if not char.ch.isalpha():
        return None
    up = raised[index] and not raised[index - 1]
    if not (up or _opens_lowered(run, index)):
        return None
    last = index
    while last + 1 < len(run) and run[last + 1].ch.isalpha() and _beside(run[last + 1], char):
        last += 1
    after = run[last + 1] if last + 1 < len(run) else None
    if after is not None and after.ch.isalnum() and after.x0 - run[last].x1 < 0.16 * size:
        return None
    letters = "".join(c.ch for c in run[index : last + 1])
    written = script_text("".join(parts[-40:]), letters, up)
    return None if written is None else (written, last)


def _lowered_digits(run: list[Char], index: int) -> tuple[str, int] | None:
    """A subscript that opens with a digit at ``index`` ("k" over a lowered "1", "CO" over a
    lowered "2"), written as the LaTeX reading writes it ("k_1", "CO_2", "H_2O"), and the index
    of its last character; None where the digit is set on the line ("H1N1", "CD4"). The type's
    size and drop decide, not the letters around it: a letter right after it ("O" in "H₂O") is
    the formula going on, and the subscript stays one."""
    if not _opens_lowered(run, index):
        return None
    first, last = run[index], index
    while last + 1 < len(run) and run[last + 1].ch.isalnum() and _beside(run[last + 1], first):
        last += 1
    return "_" + "".join(c.ch for c in run[index : last + 1]), last


def _opens_lowered(run: list[Char], index: int) -> bool:
    """Small type set below the line after a character on it: a subscript."""
    char, before = run[index], run[index - 1]
    drop = char.baseline - before.baseline
    return char.size < 0.85 * before.size and 0.1 * before.size < drop < 0.5 * before.size


def _beside(char: Char, first: Char) -> bool:
    """Whether ``char`` is set as the script ``first`` opens is: its size, on its baseline."""
    return abs(char.size - first.size) < 0.1 and abs(char.baseline - first.baseline) < 0.5


def _opens_bold(chars: list[Char]) -> bool:
    letters = [c for c in chars[:6] if c.ch.isalpha()][:3]
    return len(letters) >= 2 and all(_BOLD_NAME.search(c.font) for c in letters)


def _is_raised(char: Char, size: float, baseline: float) -> bool:
    """Small type raised above the line: a superscript. Its digits and signs are a footnote,
    affiliation or citation mark ("scheme,¹" "Wilson¹,‡") or an exponent ("10⁶"); raised
    letters ("4th") are kept as they are."""
    return char.size < 0.85 * size and baseline - char.baseline > 0.2 * size


def _letter_marks(chars: list[Char], parts: list[str]) -> bool:
    """Whether a raised run is an affiliation's or a note's letter marks ("Smithᵃ", "Doeᵇ,*",
    "ᵃUniversity of ..."): a letter or two, with marks or commas, opening a line or set on a
    word. On a digit ("4ᵗʰ") or a one-letter symbol ("xⁿ") raised letters stay as printed."""
    letters = [c.ch for c in chars if c.ch.isalpha()]
    if not 1 <= len(letters) <= 2 or not all("a" <= ch <= "z" for ch in letters):
        return False
    if not all(c.ch.isalpha() or c.ch in _MARK_CHARS for c in chars):
        return False
    before = "".join(parts[-3:]).rstrip()
    return not before or _WORD_END.search(before) is not None


def _raised_run(run: list[Char], raised: list[bool], start: int) -> list[Char]:
    end = start
    while end < len(run) and raised[end]:
        end += 1
    return run[start:end]
