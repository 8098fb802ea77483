"""Spellings of one word that ``library search`` finds each by the other, read as one by the
rankers (``checker.selection``, ``judges.local.preselect``):

- a letter's exponent or index written with "^" or "_" ("x^2", "x_{2}", "CO_2", "H_2O", and
  Markdown's "H$_2$O") and raised or lowered ("x²", "CO₂", "H₂O", which NFKC makes "x2",
  "CO2", "H2O"): read joined, "x2" (``joined_marks``);
- a German umlaut written out ("Mueller", "Schroeder", and "Soeren" for "Søren") and as the
  index reads the letter ("Müller" as "Muller"): read without the "e", "muller"
  (``umlaut_plain``). Not "ue" after "q" or "g" ("quelle", "Rodrigues"), and not where fewer
  than four letters or a common word are left ("poet" is no "pot", "does" no "dos").

The index holds each spelling as written, so ``library search`` looks a word up in the other
too (``library.search_raised``, ``library.search_umlauts``), by these same rules. The rankers
matched words as written: a claim's "x²" ranked no passage writing "x^2" above one without it,
nor "Müller" one writing "Mueller". They now read a claim and its passages in the one form when
the claim holds such a word (``spelling_fold``), or a plain word ("Muller") that a passage
writes out ("Mueller"), which ``library search`` finds by a guess the index holds; any other
claim ranks its passages as before.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache

# Letters, "^" or "_" (inside "$...$" as Markdown writes it: "H$_2$O"), then digits, in braces
# as LaTeX writes them ("x_{2}"); not after a digit ("10^5" is a number's exponent, read apart:
# ``text.searchform.raised_apart``), nor a sign ("x^-1").
MARKED = re.compile(r"(?<![^\W\d_])([^\W\d_]+)(\$)?[\^_]\{?(\d+)\}?(?(2)\$)")
_WRITTEN_OUT = re.compile("(?<![qg])ue|ae|oe")
# The fewest letters a word read without its umlaut's "e" keeps.
SHORTEST = 4
# An ASCII word holding "ue", "ae" or "oe", in any case.
_OUT_WORD = re.compile(r"\b[A-Za-z]*(?:[Uu][Ee]|[Aa][Ee]|[Oo][Ee])[A-Za-z]*\b")
# A letter with a digit after it ("x2", "co2", "h2o" as NFKC reads "x²"), or an umlaut or "ø".
_LETTER_DIGIT = re.compile(r"[^\W\d_]\d")
_UMLAUT = re.compile("[\u00e4\u00f6\u00fc\u00c4\u00d6\u00dc\u00f8\u00d8]")


def joined_marks(text: str) -> str:
    """``text`` with each letter's "^" or "_" before digits left out ("x^2", "x_{2}", "H$_2$O":
    "x2", "x2", "H2O")."""
    if "^" not in text and "_" not in text:
        return text
    return MARKED.sub(lambda m: m.group(1) + m.group(3), text)


def umlaut_plain(word: str) -> str | None:
    """The lower-case ASCII ``word`` with its "ue", "oe" and "ae" as the index reads an umlaut
    ("mueller": "muller"), or None where it is no such word."""
    if not _WRITTEN_OUT.search(word) or not word.isalpha() or not word.isascii():
        return None
    plain = _WRITTEN_OUT.sub(lambda pair: pair.group()[0], word)
    if plain == word or len(plain) < SHORTEST or plain in _stopwords():
        return None
    return plain


def umlaut_written(word: str) -> tuple[str, ...]:
    """The lower-case ASCII ``word`` with an "e" after one or two of its "u", "o" or "a", each
    a spelling ``umlaut_plain`` reads as ``word`` ("muller": "mueller"), so that a plain
    spelling finds the written-out one as the written-out one finds it; ``umlaut_plain``'s
    guards hold both ways ("pot" gives no "poet", "jol" no "joel"). Guesses: most are no word."""
    if not word.isascii() or not word.isalpha() or len(word) < SHORTEST:
        return ()
    slots = [i for i, c in enumerate(word) if c in "uoa" and word[i + 1 : i + 2] != "e"]
    picks = [(i,) for i in slots] + [(i, j) for n, i in enumerate(slots) for j in slots[n + 1 :]]
    found: dict[str, None] = {}
    for pick in picks:
        spelt = "".join(c + "e" if i in pick else c for i, c in enumerate(word))
        if umlaut_plain(spelt) == word:
            found[spelt] = None
    return tuple(found)


# An ASCII word ``umlaut_written`` may write out: four letters or more.
_PLAIN_WORD = re.compile(rf"\b[A-Za-z]{{{SHORTEST},}}\b")


def plain_written_out(query: str, texts: Iterable[str]) -> bool:
    """Whether a plain word of ``query`` ("Muller", "Gartner") is one that some of ``texts``
    writes with an umlaut written out ("Mueller", "Gaertner"), as ``library search`` finds
    the one by the other (``library.search_umlauts.umlaut_guesses``, by ``umlaut_written``),
    so the rankers read them as one too. Asked of the texts, as search asks the index: every
    plain word with a "u", "o" or "a" could be one read plain ("attention", "aettention")."""
    words = {m.group().lower() for m in _PLAIN_WORD.finditer(query)}
    spelt = {out for word in words if not umlaut_plain(word) for out in umlaut_written(word)}
    if not spelt:
        return False
    # All the texts at once, each spelling found by a scan in C first: read text by text, this
    # cost as much as ranking the passages did.
    every = "\n".join(
        text if text.isascii() else unicodedata.normalize("NFKC", text) for text in texts
    )
    every = every.lower()
    if len(spelt) > MANY_WORDS:
        # One reading of the text's words, whatever the number of spellings (a long claim's).
        return not spelt.isdisjoint(_LOWER_OUT_WORD.findall(every))
    return any(out in every and holds_word(every, rf"{out}\b") for out in spelt)


# Past so many words, a text is read once for all of them rather than scanned for each: a scan
# costs about a hundredth of a reading.
MANY_WORDS = 64
# A lower-case ASCII word with an umlaut written out in it.
_LOWER_OUT_WORD = re.compile(r"\b[a-z]*(?:ue|ae|oe)[a-z]*\b")


def holds_word(text: str, pattern: str) -> bool:
    """Whether ``text`` holds a match of ``pattern``, a regular expression beginning with a
    word's letters, that begins a word (after no letter, digit, "_" or "^"). Searched for
    without a look-behind, which keeps the search from looking for the letters first (some 15
    times slower)."""
    return any(
        m.start() == 0 or not (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_^")
        for m in re.finditer(pattern, text)
    )


@cache
def _stopwords() -> frozenset[str]:
    # The index's common words. Imported here: ``claimaudit.library``, which ``library.fts``
    # loads first, imports this module.
    from claimaudit.library.fts import STOPWORDS

    return STOPWORDS


def _plain_word(match: re.Match[str]) -> str:
    return umlaut_plain(match.group().lower()) or match.group()


def folded(text: str) -> str:
    """``text`` (as the rankers read it: NFKC, ``text.searchform.ranker_form``) with its marked
    exponents and indexes joined and its umlauts written out read plain."""
    return umlauts_plain(joined_marks(text))


def umlauts_plain(text: str) -> str:
    """``text`` with each word's umlauts written out read plain (``umlaut_plain``)."""
    return _OUT_WORD.sub(_plain_word, text) if _OUT_WORD.search(text) else text


def spelling_fold(query: str, texts: Iterable[str] = ()) -> Callable[[str], str] | None:
    """How the rankers read the claim ``query`` and its passages ``texts`` where it holds a
    word they match in another spelling: ``joined_marks`` where it holds a letter with digits
    after it, raised or marked ("x²", "x^2", "CO2"), ``umlauts_plain`` where it holds an umlaut
    or "ø", or a word with one written out ("Mueller"), or a plain word one of ``texts``
    writes out ("Muller" and a passage's "Mueller", ``plain_written_out``), ``folded`` where
    both; else None, and its passages are read as before. Each alone where only it is called
    for: joined, "x^2" is one word where it was two, which changes every passage's length that
    holds one, and so the ranking of a claim ("eigenvalue", read "eigenvalu") that holds
    none."""
    normal = query if query.isascii() else unicodedata.normalize("NFKC", query)
    marks = _LETTER_DIGIT.search(normal) is not None or joined_marks(normal) != normal
    umlauts = (
        _UMLAUT.search(normal) is not None
        or any(umlaut_plain(m.group().lower()) for m in _OUT_WORD.finditer(normal))
        or plain_written_out(normal, texts)
    )
    if marks and umlauts:
        return folded
    if marks:
        return joined_marks
    return umlauts_plain if umlauts else None
