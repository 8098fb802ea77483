"""Words as the library's search index reads them: runs of letters and digits with the
combining marks inside them, and the vowel points of Arabic and Hebrew left out.

The vowel signs and viramas of Devanagari, Bengali, Tamil or Thai, and the harakat of Arabic,
are combining marks (Unicode categories Mn, Mc, Me), not letters: Python's ``\\w`` and SQLite's
default unicode61 tokenizer alike read them as word breaks, so "हिन्दी" was the letters "ह",
"न", "द" and a search for it found every passage holding one of them. The index reads marks as
part of a word (``categories 'L* N* Co M*'``), and so do the query and the rankers, by these.

Arabic and Hebrew are mostly written without their vowel points and sometimes with them (a
textbook, a dictionary, scripture): a reader takes "كَتَبَ" and "كتب" for one word, as "café"
and "cafe", so both the index and a query read words without them (``without_points``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

# Where combining marks are: none below U+0300; past the Supplementary Multilingual Plane only
# the variation selectors supplement. Read from Python's own Unicode tables (a superset of
# SQLite's, which are Unicode 6.1's: a mark SQLite does not know splits a quoted query word
# into a phrase of its parts, which still finds the word).
_BMP_MARKS = range(0x300, 0x10000)
_ASTRAL_MARKS = (range(0x10000, 0x20000), range(0xE0100, 0xE01F0))
# A character past the Basic Multilingual Plane. A regex class of marks holding one is read
# range by range, several times slower than one of the BMP's alone (a bitmap): a text without
# such characters is read by the BMP's marks alone, as fast as by ``[^\W_]+``.
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")

# The vowel points, cantillation and Quranic annotation marks of Arabic and Hebrew (every
# nonspacing mark in their blocks), and the Arabic tatweel, which only stretches a word.
_POINTED_BLOCKS = (
    range(0x0591, 0x05C8),  # Hebrew points and accents
    range(0x0610, 0x061B),  # Arabic honorific and Quranic signs
    range(0x064B, 0x0660),  # Arabic harakat, tanwin, shadda, sukun
    range(0x0670, 0x0671),  # Arabic superscript alef
    range(0x06D6, 0x06EE),  # Arabic Quranic annotation marks
    range(0x08D3, 0x0900),  # Arabic Extended-A marks
    range(0xFB1E, 0xFB1F),  # Hebrew judeo-spanish varika
)
_TATWEEL = "\u0640"


@cache
def marks_class(astral: bool = True) -> str:
    """The combining marks (those of the BMP alone unless ``astral``) as the inside of a regex
    character class, in ranges."""
    ranges = (_BMP_MARKS, *_ASTRAL_MARKS) if astral else (_BMP_MARKS,)
    return class_ranges(
        c for r in ranges for c in r if unicodedata.category(chr(c)).startswith("M")
    )


def class_ranges(codes: Iterable[int]) -> str:
    """The inside of a regex character class holding the code points ``codes`` (ascending),
    written as ranges. Past the BMP a class is read item by item: 220 capitals each written
    out took a millisecond a passage to look for, in a few ranges a twentieth of that."""
    spans: list[list[int]] = []
    for code in codes:
        if spans and spans[-1][1] == code - 1:
            spans[-1][1] = code
        else:
            spans.append([code, code])
    return "".join(
        re.escape(chr(a)) + ("" if a == b else "-" + re.escape(chr(b))) for a, b in spans
    )


def has_astral(text: str) -> bool:
    """Whether ``text`` needs the astral marks read (``marks_class``)."""
    return not text.isascii() and _ASTRAL.search(text) is not None


@cache
def word_regex(astral: bool = True) -> str:
    """A word: a letter or digit, then letters, digits and combining marks (a mark after a
    space or punctuation starts none). ASCII text is read exactly as ``[^\\W_]+`` reads it."""
    return rf"[^\W_]+(?:[{marks_class(astral)}]+[^\W_]*)*"


@cache
def _word_pattern(astral: bool) -> re.Pattern[str]:
    return re.compile(word_regex(astral))


def words(text: str) -> list[str]:
    """The words of ``text`` (``word_regex``), in order."""
    return _word_pattern(has_astral(text)).findall(text)


@cache
def _points() -> re.Pattern[str]:
    marks = [chr(c) for r in _POINTED_BLOCKS for c in r if unicodedata.category(chr(c)) == "Mn"]
    return re.compile("[" + "".join(map(re.escape, [*marks, _TATWEEL])) + "]")


# The combining diacritical marks (U+0300..U+036F): FTS5's unicode61 drops them from a word, with
# remove_diacritics, as it drops the accent of a composed "é" (a "k" under a combining
# circumflex, U+0302, is "k"), whatever categories it is given.
_DIACRITICS = re.compile("[\u0300-\u036f]")


def without_diacritics(text: str) -> str:
    """``text`` without the combining diacritical marks, as the index reads it: what NFKC left
    decomposed (a "k" under U+0302, a letter with no composed form) is its letter."""
    return _DIACRITICS.sub("", text)


# A zero-width joiner or non-joiner after a letter or sign of the Indic scripts (Devanagari to
# Sinhala): it only chooses how a conjunct is drawn ("ශ්‍රී", Sri, is written with one), yet it
# is no letter nor mark, so the index broke the word at it into pieces other words hold, and a
# word typed without it was not found. (In Persian the non-joiner parts a word's pieces, which
# the search form joins, ``text.searchform``, as a query typed without it has them.)
_INDIC_JOINER = re.compile("(?<=[\u0900-\u0dff])[\u200c\u200d]")


def without_indic_joiners(text: str) -> str:
    """``text`` without the zero-width (non-)joiners inside words of the Indic scripts."""
    if text.isascii():
        return text
    return _INDIC_JOINER.sub("", text)


# Thai, Lao, Burmese and Khmer are written without spaces between words: read with its marks, a
# whole phrase is one word, which no claim's word equals. A ranker (``check``'s, the embedded
# judge's pre-selection) reads such text broken at its marks, as it always did: the pieces
# between them match more than nothing. (``library search`` looks such words up whole.)
_UNSPACED_SCRIPTS = (range(0x0E00, 0x0F00), range(0x1000, 0x10A0), range(0x1780, 0x1800))


@cache
def _unspaced_marks() -> re.Pattern[str]:
    codes = (c for r in _UNSPACED_SCRIPTS for c in r)
    return re.compile(
        "[" + class_ranges(c for c in codes if unicodedata.category(chr(c)).startswith("M")) + "]"
    )


def unspaced_marks_as_breaks(text: str) -> str:
    """``text`` with a space for each mark of Thai, Lao, Burmese and Khmer, for a ranker."""
    if text.isascii():
        return text
    return _unspaced_marks().sub(" ", text)


def without_points(text: str) -> str:
    """``text`` without the vowel points of Arabic and Hebrew (and the tatweel); other text as
    it is (quick for text without them)."""
    if text.isascii():
        return text
    return _points().sub("", text)
