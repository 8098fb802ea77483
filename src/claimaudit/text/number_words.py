"""A word and the number after it, written as one word ("COVID19", "CO2") and apart ("COVID-19",
"CO 2"), which ``library search`` finds each by the other (``library.search_raised``:
``digit_ended_forms``, ``joined_forms``), read as one by the rankers (``checker.selection``,
``judges.local.preselect``) too.

The tokenizer reads "COVID-19" as "covid" and "19", "COVID19" as one word: a claim's
"covid19" ranked no passage writing "COVID-19" above one without it, nor "COVID-19" one writing
"COVID19". Where a claim and its passages write such a word both ways (``number_fold``), the
rankers read each pair written apart also as the word ("COVID-19" as "COVID-19 covid19"), for
the words the claim holds only; any other claim ranks its passages as before. Never one letter
("p53" and "p 53" of a page reference), as ``library search`` never joins one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import partial

from claimaudit.text.folds import MANY_WORDS, holds_word

# A word of two letters or more, then a whole number after a space or hyphen ("CO 2",
# "COVID-19"); not a decimal ("CO 2.5"), and not after "^" or "_" (a letter's exponent). The
# hyphen as a PDF or a word processor writes it too (U+2010, or the non-breaking U+2011, which
# NFKC makes U+2010; a figure or en dash, U+2012, U+2013), a word break to the tokenizer as "-".
_HYPHENS = "\u2010-\u2013"
APART = re.compile(rf"(?<![\w^])([^\W\d_]{{2,}})(?:\s+|[-{_HYPHENS}])(\d+)(?![\w^]|[.,]\d)")
# A word of two letters or more, then digits ("co2", "covid19").
_JOINED = re.compile(r"(?<![\w^])[^\W\d_]{2,}\d+(?![\w^])")
_LETTERS_DIGITS = re.compile(r"(\D+)(\d+)")


def number_fold(query: str, texts: Iterable[str]) -> Callable[[str], str] | None:
    """How the rankers read the claim ``query`` and its passages ``texts`` (as the rankers read
    them: NFKC) where one writes a word and its number joined ("covid19") and another apart
    ("COVID-19"): each pair written apart also as the word (``with_joined``), for the words of
    the claim; else None, and the passages are read as before."""
    query = _normal(query)
    joined = {m.group().lower() for m in _JOINED.finditer(query)}
    apart = {_joined(m) for m in APART.finditer(query)}
    if not joined and not apart:
        return None
    # All the texts at once, in lower case, each word found by a scan in C first: read text by
    # text, this cost half as much as ranking the passages did. A NUL between two texts breaks
    # a pair ("covid" ending one, "19" beginning the next), as no space or hyphen does.
    every = "\0".join(map(_normal, texts)).lower()
    if len(joined | apart) > MANY_WORDS:
        # One reading of the text, whatever the number of words (a long claim's).
        held_apart = {_joined(m) for m in APART.finditer(every)}
        held_joined = {m.group() for m in _JOINED.finditer(every)}
        found = not (joined - apart).isdisjoint(held_apart) or not apart.isdisjoint(held_joined)
    else:
        found = any(_held(word, every, apart=True) for word in joined - apart) or any(
            _held(word, every, apart=False) for word in apart
        )
    return partial(with_joined, words=frozenset(joined | apart)) if found else None


def _held(word: str, every: str, apart: bool) -> bool:
    """Whether ``every`` holds the lower-case ``word`` ("covid19") written apart ("covid-19",
    as ``APART`` reads it) or, not ``apart``, joined (as ``_JOINED`` reads it)."""
    pair = _LETTERS_DIGITS.fullmatch(word)
    if pair is None:
        return False
    letters, digits = re.escape(pair.group(1)), pair.group(2)
    if apart:
        if pair.group(1) not in every:
            return False
        return holds_word(every, rf"{letters}(?:\s+|[-{_HYPHENS}]){digits}(?![\w^]|[.,]\d)")
    return word in every and holds_word(every, rf"{letters}{digits}(?![\w^])")


def with_joined(text: str, words: frozenset[str]) -> str:
    """``text`` with each of ``words`` (lower case) written apart ("COVID-19") followed by it
    written as one word ("COVID-19 covid19")."""

    def also_joined(pair: re.Match[str]) -> str:
        word = _joined(pair)
        return f"{pair.group()} {word}" if word in words else pair.group()

    return APART.sub(also_joined, text)


def _joined(pair: re.Match[str]) -> str:
    return (pair.group(1) + pair.group(2)).lower()


def composed(
    first: Callable[[str], str] | None, then: Callable[[str], str] | None
) -> Callable[[str], str] | None:
    """``first``, then ``then``; either alone where the other is None."""
    if first is None or then is None:
        return first or then
    return lambda text: then(first(text))


def _normal(text: str) -> str:
    # As the rankers read it: full-width letters and digits as the ASCII ones.
    return text if text.isascii() else unicodedata.normalize("NFKC", text)
