"""The FTS5 MATCH expression ``library search`` (CLI, API, MCP) runs for a user's words.

Evidence selection for ``check`` keeps ``fts.fts_query`` as it is (the verifier's measured
figures depend on it); a person searching the library gets more care here:

- the query is NFKC-normalised (ligatures, full-width letters and digits, superscripts) and
  read without invisible characters inside words (soft hyphens, zero-width spaces, the
  non-joiner between a Persian word's pieces), with "ß" as "ss" ("MASSE" finds "Maße") and
  Greek vowels without their dialytika, and without the vowel points of Arabic and Hebrew
  and the gershayim or geresh inside a Hebrew word ('צה"ל' finds "צה״ל" and "צהל"),
  as the index reads the stored text (``text.searchform``); the words as typed are
  searched for too when they differ;
- a word holds the combining marks inside it (Devanagari vowel signs and viramas), as the
  index reads it (``text.wordchars``): "हिन्दी" is one word, not the letters "ह", "न", "द";
- a Korean word is looked for without the particle written onto it ("암은" finds "암",
  "연구에서" finds "연구" and not every "에서": ``text.hangul``), a word touching CJK text
  apart from it ("DNA는" finds "DNA", "使用了5000个" "5000"), a Japanese one-kanji word
  apart from the kana after it ("癌は" finds "肺癌": ``text.kanji``);
- a stop word written in capitals after another word is kept ("vitamin A", "WHO guidelines");
- a decimal number is one phrase of its digit groups ("2.5" -> "2 5"), so "2" or "5" alone
  does not match; the phrase also matches "i_2 = 5", so the numbers are given apart
  (``numbers``, with the expression of the other words) for the search to keep only the
  passages that hold one as written (``library.search_numbers``);
- adjacent query words are also searched for as a phrase, so passages holding them together
  rank above passages holding them apart;
- past ``MAX_SEARCH_TERMS`` distinct words, the words left out are named, never dropped
  silently;
- Greek and Russian words are also searched for with and without their tonos or ё, which the
  index keeps ("ασκηση" finds "άσκηση"), and Arabic words with and without the article written
  onto them ("كتاب" finds "الكتاب", ``search_article``), and Hebrew words with and without a
  one-letter word written onto them ("מחקר" finds "המחקר", "המחקר" finds "מחקר", "והבית"
  finds "בבית", ``search_hebrew``), the Hebrew words' spellings taken in turn, every word's
  stems first, and a word with a German umlaut with it written out, and the other way round
  ("Mueller" finds "Müller", ``search_umlauts``), and a letter's exponent or index raised or
  lowered as written with "^" or "_", and the other way round ("x²" finds "x^2",
  ``search_raised``), and a word of letters then digits with them apart ("co2" finds
  "CO_2", "H2O" finds "H_2O" and "H$_2$O") and a word and a number typed apart as one ("CO 2"
  finds "CO2"), and a Persian plural ending written onto its word or apart, and the
  other way round ("کتابها" finds the two words "کتاب" and the ending); a word some of whose
  spellings the caps leave out is named too;
- a query with no word to search for is refused (``NoSearchWordsError``).

Every term is double-quoted, so FTS5 syntax the user types is searched for as plain words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from claimaudit.errors import UsageError
from claimaudit.library.fts import STOPWORDS
from claimaudit.library.search_article import plural_forms
from claimaudit.library.search_raised import digit_ended_forms, joined_forms, raised_forms
from claimaudit.library.search_spellings import other_spellings
from claimaudit.library.search_umlauts import o_stroke_forms
from claimaudit.text.cjkpairs import CJK_CLASS, as_query, cjk_apart, touches_cjk
from claimaudit.text.hebrew import without_acronym_marks
from claimaudit.text.searchform import (
    ascii_separators,
    plain_letters,
    raised_apart,
    without_invisible,
)
from claimaudit.text.unspaced import UNSPACED_CLASS, letter_pairs
from claimaudit.text.wordchars import without_points, word_regex

# 256 OR'd words take under a second on a library of 46,000 passages (2 CPU cores); 1,024 took
# four. A query past it is a pasted paragraph, whose first 256 distinct words rank it well.
MAX_SEARCH_TERMS = 256
# The longest query the service's surfaces (the API's q, MCP's query) take: a pasted paragraph
# fits; the command line reads a query of any length.
MAX_SEARCH_QUERY_CHARS = 2000
# The most hits one search returns, on every surface (the command line, the API, MCP).
MAX_SEARCH_LIMIT = 1000
# Phrases only sharpen the ranking; each costs a position lookup, so a long query gets a few.
MAX_PHRASES = 64


@cache
def _piece() -> re.Pattern[str]:
    """A decimal or grouped number ("2.5", "1,000") or a word (letters and digits, with the
    combining marks inside it)."""
    return re.compile(r"\d+(?:[.,]\d+)+|" + word_regex())


_NUMBER_PART = re.compile(r"\d+")
# Han, kana and Hangul: scripts written without spaces between words.
_CJK_RUN = re.compile(f"[{CJK_CLASS}]+")
# Thai, Lao, Burmese and Khmer: written without spaces between words too. A run of theirs is
# looked for whole in the text ("ภาษาไทย" inside "นักเรียนเรียนภาษาไทยทุกวัน") and in the
# pairs of its letters, each with the marks written on it (``text.unspaced``).
_UNSPACED_RUN = re.compile(f"[{UNSPACED_CLASS}]+")
# Each pair or word is a scan of the passages' text (such queries only): a sentence's worth.
MAX_CJK_GRAMS = 32
# Typed in capitals these are FTS5 operators, which a user may think work: never kept.
_OPERATORS = frozenset({"and", "or", "not"})


class NoSearchWordsError(UsageError):
    """A search query with no word to search for (empty, punctuation, common words only)."""

    http_status = 422


@dataclass(frozen=True)
class SearchWords:
    match: str  # the FTS5 expression
    # Words past MAX_SEARCH_TERMS, as written, in query order, then the CJK pairs and Thai, Lao,
    # Burmese and Khmer runs and letter pairs past MAX_CJK_GRAMS, then the Greek, Russian,
    # Arabic and Hebrew words searched for in some of their spellings only
    # (``spellings_left_out``).
    left_out: tuple[str, ...]
    # Overlapping character pairs of the query's CJK runs (a lone character stays one), and its
    # Thai, Lao, Burmese and Khmer runs whole, then in letter pairs: FTS5's unicode61 tokenizer
    # does not segment these scripts, so a word inside a sentence is found by these.
    cjk_grams: tuple[str, ...] = ()
    # The words searched for, NFKC-normalised and lower-case: numbers and Latin words written
    # inside CJK text ("使用了5000个") or in full-width letters ("１２０００张ＣＴ") are no tokens
    # of the index either, and are looked for in the text itself (``search_cjk.inner_rows``).
    inner_words: tuple[str, ...] = ()
    # The decimal numbers searched for (NFKC), and the expression without the terms and
    # phrases holding one (None when every term holds one): see ``library.search_numbers``.
    numbers: tuple[str, ...] = ()
    plain_match: str | None = None
    # How many of ``left_out`` are such pieces: the two limits differ, and a warning naming the
    # 256 words of a query of 40 Chinese characters would be false.
    pieces_left_out: int = 0
    # The Greek, Russian, Arabic, Hebrew and German words (as written, in query order, also at
    # the end of ``left_out``) searched for as typed but not in all their other spellings: past
    # MAX_FORMS for the word or MAX_ACCENT_FORMS in all. Named apart: they are searched for,
    # only less widely.
    spellings_left_out: tuple[str, ...] = ()

    def left_out_reason(self) -> str:
        """Which limit left the words and pieces of ``left_out`` out (not those of
        ``spellings_left_out``, searched for as typed), as a warning says it."""
        reasons = []
        if len(self.left_out) > self.pieces_left_out + len(self.spellings_left_out):
            reasons.append(f"more than {MAX_SEARCH_TERMS} distinct words")
        if self.pieces_left_out:
            reasons.append(
                f"more than {MAX_CJK_GRAMS} pieces of Chinese, Japanese, Korean, Thai, Lao, "
                "Burmese or Khmer text (character pairs, words or letter pairs)"
            )
        return "the query has " + " and ".join(reasons)


@dataclass(frozen=True)
class _Term:
    written: str
    tokens: tuple[str, ...]  # what FTS5's unicode61 tokenizer makes of it, lower-cased
    alone: bool  # searched for on its own, not only inside a phrase
    number: bool = False  # a decimal or grouped number, several tokens ("2.5")


def search_words(text: str, held: Callable[[str], bool] | None = None) -> SearchWords:
    """The MATCH expression for ``text``; NoSearchWordsError when it has no word to look for.
    ``held``: whether a library's index holds a word (``library.search_held``), so the other
    spellings of a word it holds nowhere take no room (``search_spellings``)."""
    normal = unicodedata.normalize("NFKC", raised_apart(without_invisible(text)))
    normal = plain_letters(without_acronym_marks(without_points(normal)))
    # 2.5 with the Arabic decimal separator is the number 2.5, as ``search_numbers`` reads it.
    normal = ascii_separators(normal)
    terms = _terms(normal) + _touching_cjk(normal)
    kept: dict[tuple[str, ...], _Term] = {}
    left_out: dict[str, None] = {}
    for term in (t for t in terms if t is not None and t.alone):
        if term.tokens in kept:
            continue
        if len(kept) < MAX_SEARCH_TERMS:
            kept[term.tokens] = term
        else:
            left_out[term.written] = None
    if normal != text:
        # The words as typed, beside the normal forms kept (a word left out is named once).
        typed = _terms(text)
        for term in (t for t in typed if t is not None and t.alone):
            if _normal(term.tokens) in kept:
                kept.setdefault(term.tokens, term)
        terms += [None, *typed]  # None: no phrase spans the two forms
    if not text.strip():
        # Every surface's words for an empty query (the API's q, MCP's query, the CLI's QUERY).
        raise NoSearchWordsError("no word to search for: the query is empty")
    if not kept:
        raise NoSearchWordsError(
            f"no word to search for in {text.strip()[:40]!r}: give a word that is not "
            "punctuation or a common word (the, of, and)"
        )
    # Phrases of adjacent words, among the words kept: a dropped word between two breaks it.
    # Each phrase with whether it holds a number.
    phrases: dict[tuple[str, ...], bool] = {}
    for left, right in pairwise(terms):
        if left is None or right is None or len(phrases) >= MAX_PHRASES:
            continue
        if _within(left, kept) and _within(right, kept):
            phrases.setdefault(left.tokens + right.tokens, left.number or right.number)
    quoted = [_quoted(p) for p in phrases] + [_quoted(t) for t in kept]
    numbered = {_quoted(p) for p, number in phrases.items() if number}
    numbered.update(_quoted(t) for t, term in kept.items() if term.number)
    # Greek and Russian words also in the spellings with and without their accents, Arabic ones
    # with and without their article.
    visible = without_invisible(text)
    others = o_stroke_forms(visible) + raised_forms(visible) + plural_forms(normal)
    # "co2" also as "co 2" ("CO_2"), "H2O" (and "H₂O") as "h 2o" and "h 2 o", "CO 2" as "co2":
    # only words searched for, not ones past MAX_SEARCH_TERMS.
    guesses = [
        f
        for f in digit_ended_forms(normal) + joined_forms(normal)
        if all((word,) in kept for word in _normal(tuple(re.findall(r"\w+", f[0]))))
    ]
    written = {tokens: term.written for tokens, term in kept.items()}
    spellings, spellings_left_out = other_spellings(written, others, guesses, held)
    quoted += [_quoted((s,)) for s in spellings]
    # A Korean word without the particle written onto it ("암은" finds "암"), a Japanese
    # one-kanji word apart from the kana after it ("癌は" finds "肺癌"): ``cjkpairs.as_query``.
    grams = _cjk_grams(as_query(normal))
    words_left_out = len(left_out)
    if len(grams) > MAX_CJK_GRAMS:
        left_out.update(dict.fromkeys(grams[MAX_CJK_GRAMS:]))
        grams = grams[:MAX_CJK_GRAMS]
    inner = dict.fromkeys(unicodedata.normalize("NFKC", t.written).lower() for t in kept.values())
    numbers = dict.fromkeys(
        unicodedata.normalize("NFKC", t.written) for t in kept.values() if t.number
    )
    plain = [q for q in dict.fromkeys(quoted) if q not in numbered]
    return SearchWords(
        match=" OR ".join(dict.fromkeys(quoted)),
        left_out=(*left_out, *spellings_left_out),
        cjk_grams=grams,
        inner_words=tuple(inner),
        numbers=tuple(numbers),
        plain_match=" OR ".join(plain) if plain else None,
        pieces_left_out=len(left_out) - words_left_out,
        spellings_left_out=spellings_left_out,
    )


def _touching_cjk(normal: str) -> list[_Term | None]:
    """The words of ``normal`` that touch CJK text ("DNA는", "使用了5000个"), apart from it and
    without a Korean particle written onto them ("DNA"), after a None (no phrase spans them and
    the words as written). The index holds "DNA는" as one token, so the word was only ever
    looked for so, and a passage writing "DNA" alone was not found."""
    if not touches_cjk(normal):
        return []
    apart = [t for t in _terms(cjk_apart(as_query(normal))) if t is not None]
    unspaced = (_CJK_RUN, _UNSPACED_RUN)
    return [None, *(t for t in apart if not any(r.search(t.written) for r in unspaced))]


def _cjk_grams(text: str) -> tuple[str, ...]:
    grams: dict[str, None] = {}
    for run in _CJK_RUN.findall(text):
        pairs = [run[i : i + 2] for i in range(len(run) - 1)] or [run]
        grams.update(dict.fromkeys(pairs))
    runs = _UNSPACED_RUN.findall(text)
    # Whole first (a passage holding one ranks above those holding some of its pairs alone),
    # then in letter pairs: a query of several words, written without spaces as Thai is, is
    # found where a passage writes them apart or inside another phrase (``text.unspaced``).
    grams.update(dict.fromkeys(runs))
    grams.update(dict.fromkeys(pair for run in runs for pair in letter_pairs(run)))
    return tuple(grams)


def _normal(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(unicodedata.normalize("NFKC", t).lower() for t in tokens)


def _within(term: _Term, kept: dict[tuple[str, ...], _Term]) -> bool:
    # A kept stop word in capitals ("A" after "vitamin") counts only inside the phrase.
    return term.tokens in kept or not term.alone


def _terms(text: str) -> list[_Term | None]:
    """Each piece of ``text`` as a term, None for a stop word that is left out (it breaks a
    phrase of the words around it)."""
    found: list[_Term | None] = []
    for index, match in enumerate(_piece().finditer(text)):
        written = match.group()
        if _NUMBER_PART.fullmatch(written.replace(".", "").replace(",", "")):
            parts = tuple(_NUMBER_PART.findall(written))
            found.append(_Term(written, parts, alone=True, number=len(parts) > 1))
            continue
        word = written.lower()
        if word not in STOPWORDS:
            found.append(_Term(written, (word,), alone=True))
        elif written.isupper() and word not in _OPERATORS and (len(word) > 1 or index > 0):
            # "WHO", "IT": a name in capitals; a lone capital ("vitamin A") only in a phrase,
            # since as a word it matches nearly every passage.
            found.append(_Term(written, (word,), alone=len(word) > 1))
        else:
            found.append(None)
    return found


def _quoted(tokens: tuple[str, ...] | _Term) -> str:
    words = tokens.tokens if isinstance(tokens, _Term) else tokens
    return '"' + " ".join(w.replace('"', '""') for w in words) + '"'
