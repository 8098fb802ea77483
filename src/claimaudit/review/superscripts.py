"""Superscript citation marks of a Markdown draft: "matters¹.", "matters.¹⁻³", Pandoc's
"matters^2^" and HTML's "matters<sup>1,2</sup>" (which the draft reader shows as "matters¹,²").

A raised number is an exponent as often as a citation ("10³", "m^2^", "cm²", "x²"), an
affiliation mark in a byline ("Jane Doe¹, John Roe²") or a note's number. One is read as a
citation only where it can be none of these:

- right after a word of two letters or more that is no unit ("matters¹"; never after a digit,
  a one-letter symbol, "cm", "kHz", "deg", "Mpc" and the like, nor a function, "sin²θ",
  "log² n", or an orbital, "sp²"), or after a full stop, comma, "!", "?" or a closing
  quotation mark ("matters.¹"), or a percentage ("by 20%¹"), never after a bracket
  ("(a + b)²"); Markdown emphasis or a link around the word is read through ("*size*¹",
  "[SciPy](https://scipy.org)¹");
- not an ion's charge's number ("Ca²⁺", "Mg²+");
- in a sentence that holds a word of four letters or more not opening with a capital (a verb, a
  noun): a byline or an affiliation line ("¹Department of Physics, MIT, ²Google") holds none;
- not after a personal name listed with another, each marked: a name of two capitalised words
  or more ("Jane Doe", "J. R. Doe"), the names joined by commas, "and" or "&" ("Jane Doe¹ and
  John Roe² contributed equally.", a contribution note, holds verbs). A list of capitalised
  terms, each cited ("Vision Transformers¹ and Graph Networks²"), reads so too: a byline's
  marks read as citations would check its authors' names against the works;
- and only when every number it names is in the draft's numbered reference list.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import pairwise

from claimaudit.review.numbered import group_numbers

_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_ASCII = str.maketrans(_DIGITS + "⁻˒", "0123456789-,")
# A run of raised digits, a range ("¹⁻³") or a list ("¹˒²", "¹,²": a comma between two raised
# digits; one followed by a blank is the sentence's).
_UNICODE = re.compile(f"[{_DIGITS}]+(?:[⁻,˒][{_DIGITS}]+)*")
# Pandoc's superscript holds no blank: "^1,2^", "^1-3^", "^1\u20133^".
_PANDOC = re.compile(r"\^(\d+(?:[-\u2013,]\d+)*)\^")
_WORD_BEFORE = re.compile(r"[^\W\d_]+$")
_AFTER_STOP = frozenset(".,!?\u2019\u201d\"'")
_PERCENT = frozenset("%\u2030")
# Units written before an exponent ("cm²", "km^2^", "s⁻¹" is no mark anyway): never a word
# that a citation follows. "in" (inches) too: "as shown in¹" is no English.
_UNITS = frozenset(
    """
    cm mm km nm pm dm µm μm ms µs μs ns kg mg µg μg ml mL dl dL Hz kHz MHz GHz mol ft in yd mi
    kW MW GW eV keV MeV GeV Pa kPa MPa hPa sec min yr px pt ha au AU
    deg arcmin arcsec pc kpc Mpc Gpc ly
    """.split()
    # Functions a power is written on ("sin²θ", "log² n") and orbitals ("sp²"): no word either.
    + "sin cos tan cot csc sinh cosh tanh arcsin arccos arctan log ln lg exp sp".split()
)
# What an ion's charge writes after its number ("Ca²⁺", "SO₄²⁻", "Mg²+"): no mark before it.
_CHARGE = frozenset("\u207a\u207b+\u2212")
_LETTERS = re.compile(r"[^\W\d_]{4,}")
_WINDOW = 64
# Markdown closing the word a mark follows: emphasis ("*Drosophila*¹", "__size__¹", "~~x~~¹")
# or a link's destination ("[SciPy](https://scipy.org)¹"), read as the word it wraps.
_CLOSING_MARKUP = re.compile(r"(?:(?<=[^\s*_~])[*_~]{1,3}|\]\([^()\s]{0,500}\))$")
_LINK_WINDOW = 520


def _numbers(body: str) -> list[int] | None:
    """The numbers a raised mark cites ("¹⁻³": 1, 2, 3), by a bracket group's rules."""
    return group_numbers(body.translate(_ASCII))


def _after_word_or_stop(text: str, start: int) -> bool:
    """Whether a mark at ``start`` stands where a citation does, never an exponent."""
    if start == 0:
        return False
    # What the Markdown closing the word before it wraps is what the mark follows.
    closing = _CLOSING_MARKUP.search(text, max(start - _LINK_WINDOW, 0), start)
    opener = ""
    if closing is not None and closing.start() > 0:
        opener = closing.group()[0] if closing.group()[0] in "*_~" else ""
        start = closing.start()
    if text[start - 1] in _AFTER_STOP:
        return start >= 2 and not text[start - 2].isspace()
    if text[start - 1] in _PERCENT:  # "fell by 20%¹": no percentage is raised to a power
        return True
    # A bounded window: searched from the sentence's start, a run of marks read it again each.
    window = text[max(start - _WINDOW, 0) : start]
    word = _WORD_BEFORE.search(window)
    if word is None or len(word.group()) < 2 or word.group() in _UNITS:
        return False
    glued = start - len(window) + word.start() - 1
    # "H2O²", "10cm²", "x_a²" are powers; "_size_¹" is emphasis opened by the "_" it closes.
    return glued < 0 or not (text[glued].isdigit() or text[glued] in {"_", "^"} - {opener})


def stands_as_mark(before: str) -> bool:
    """Whether a raised number set just after the text ``before`` stands where a citation
    does (a LaTeX draft's ``\\textsuperscript{1}`` too), never an exponent's place."""
    return _after_word_or_stop(before, len(before))


# A word of a personal name: "Jane", "O'Neil", "Jean-Luc", an initial "J.".
_NAME_WORD = re.compile(r"[^\W\d_]+(?:[-'\u2019][^\W\d_]+)*\.?")
_NAME_BLANKS = " \u00a0"
# What parts two marked names of a list: a comma (then "and" perhaps), "and", "&"; an equal
# contribution's "*" or dagger may follow a mark.
_LIST_SEPARATOR = re.compile(r"[*\u2020\u2021\u00a7]*(?:\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+)")


def _name_start(text: str, end: int) -> int | None:
    """Where a personal name ending at ``end`` starts: two capitalised words or more ("Jane
    Doe"), none (None) otherwise. A bounded window, as for ``_after_word_or_stop``."""
    floor = max(end - _WINDOW, 0)
    words = {w.end(): w for w in _NAME_WORD.finditer(text, floor, end)}
    start, count = None, 0
    while (word := words.get(end)) is not None and word.group()[0].isupper():
        start, count = word.start(), count + 1
        end = word.start()
        while end > floor and text[end - 1] in _NAME_BLANKS:
            end -= 1
        if end == word.start():
            break  # no blank before it: no word of the same name
    return start if count >= 2 else None


def _listed_names(text: str, marks: list[tuple[int, int]]) -> set[int]:
    """The starts of the ``marks`` that follow a personal name listed with another marked
    one: "Jane Doe¹ and John Roe²", "Jane Doe¹, John Roe²": a byline's or a contribution
    note's, not citations."""
    names = {start: _name_start(text, start) for start, _ in marks}
    listed: set[int] = set()
    for (first, end), (second, _) in pairwise(sorted(marks)):
        name = names[second]
        if (
            names[first] is not None
            and name is not None
            and _LIST_SEPARATOR.fullmatch(text, end, name)
        ):
            listed |= {first, second}
    return listed


def holds_prose(text: str) -> bool:
    """Whether ``text`` holds a word of four letters or more not opening with a capital (a
    caseless script's too): a byline or an affiliation line holds none."""
    return any(not w[0].isupper() for w in _LETTERS.findall(text))


def listed_names(text: str, marks: list[tuple[int, int]]) -> set[int]:
    """The starts of the ``marks`` (``(start, end)`` in ``text``) that follow a personal name
    listed with another marked one (``_listed_names``): a LaTeX draft's too."""
    return _listed_names(text, marks)


def unicode_runs(text: str) -> list[tuple[int, int, str]]:
    """The runs of Unicode superscript digits in ``text`` ("¹⁻³", "¹,²"), each ``(start, end,
    body)``, its body in ASCII ("1-3"); not an ion's charge's ("Ca²⁺")."""
    return [
        (match.start(), match.end(), match.group().translate(_ASCII))
        for match in _UNICODE.finditer(text)
        if text[match.end() : match.end() + 1] not in _CHARGE
    ]


def superscript_marks(
    text: str, masked: list[bool], listed: Collection[int]
) -> list[tuple[int, int, list[int]]]:
    """The superscript citation marks of the sentence ``text`` (``masked``: characters taken
    already, code), each ``(start, end, numbers)``; ``listed`` are the numbers of the draft's
    reference list (none: no mark is read)."""
    if not listed or not holds_prose(text):
        return []
    marks = [
        match
        for pattern in (_UNICODE, _PANDOC)
        for match in pattern.finditer(text)
        if not any(masked[match.start() : match.end()])
    ]
    names = _listed_names(text, [m.span() for m in marks])
    found: list[tuple[int, int, list[int]]] = []
    for match in marks:
        start, end = match.span()
        if start in names or not _after_word_or_stop(text, start) or text[end : end + 1] in _CHARGE:
            continue
        numbers = _numbers(match.group(match.lastindex or 0))
        if numbers and all(n in listed for n in numbers):
            found.append((start, end, numbers))
    return found
