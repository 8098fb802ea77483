"""Whether a claim says anything a paper could support: the rule every surface (command line,
HTTP, MCP, batch, a draft's sentences) refuses a claim by before any paper is read.

A claim needs one *content word*: a word of two letters or more that is not an English stop
word, not part of a citation or a cross-reference ("Smith et al. (2019)", "Fig. 1", "ibid."),
not a number, exponent or unit ("1e-3", "10 mg") and not FTS5 syntax ("NEAR"). Words of any
script count, so a claim in French or Chinese is checked as one in English is. Chinese and
Japanese are written without spaces, so a run of their characters is one token, and one Han
ideograph or Hangul syllable is a word already ("癌", cancer): such a run is content however
short, unless it is a numeral alone ("一").
"""

from __future__ import annotations

import re
import unicodedata

from claimaudit.text.stopwords import ENGLISH_STOP_WORDS

# A letter or digit and what follows it of letters, digits and combining marks: the vowel signs
# and viramas of Devanagari, Bengali, Thai or Burmese (and an accent typed decomposed) are
# marks, not letters, and a word split at each of them ("चीनी" into "च", "न") left no word of
# two letters, so "चीनी मीठी है" was refused as having no words to check.
_WORD_START = re.compile(r"[^\W_]")

# A web address, DOI or arXiv id names a paper; it claims nothing.
_IDENTIFIER = re.compile(r"(?:\b(?:https?|ftp)://|\bwww\.|\bdoi:|\barxiv:|\b10\.\d{4,9}/)\S*", re.I)

# An author-year citation: "Smith 2019", "(Smith et al., 2019a)", "Smith and Jones (2019)",
# "van der Berg & Li 2020". The bounded repeats keep the search linear in the claim's length.
_NAME = (
    r"(?:(?:van|von|der|den|de|del|da|di|du|la|le)\s){0,3}"
    r"[A-Z][^\W\d_]{0,40}(?:[-'\u2019][^\W\d_]{1,40}){0,3}"
)
_CITATION = re.compile(
    rf"\b{_NAME}(?:\s?(?:,|and|&)\s?{_NAME}){{0,8}}(?:\s?,)?(?:\set\sal\b\.?)?(?:\s?,)?"
    r"\s?\(?(?:1[6-9]|20)\d\d[a-z]?\b\)?"
)

# Words of citations, cross-references and abbreviations: "et al.", "Fig. 2", "Eq. (3)",
# "Section IV", "ibid.", "e.g." (single letters are never content words anyway).
_REFERENCE_WORDS = frozenset(
    (
        "al et etc eg ie cf vs viz ibid idem op cit loc pp vol vols nos fig figs figure figures "
        "tab table tables eq eqs eqn eqns equation equations sec sect section sections ch chap "
        "chapter chapters app appendix ref refs supp suppl "
        "ii iii iv vi vii viii ix xi xii xiii xiv xv"
    ).split()
)

# Units that follow a number ("10 mg", "5 ms"): a number with its unit claims nothing alone.
_UNITS = frozenset(
    (
        "mg kg ug mcg ng pg ml dl ul mm cm km nm um pm ms ns us hz khz mhz ghz kb mb gb tb "
        "kbps mbps gbps mol mmol umol nmol kda kj kcal cal kw mw kv mv db ppm ppb iu ev kev mev "
        "gev bp kbp mbp rpm psi pa kpa mpa hpa atm sec min hr hrs yr yrs wk wks mo pct percent"
    ).split()
)

# FTS5's operators that are no stop words: a claim of search syntax alone has nothing to rank.
_OPERATORS = frozenset({"near"})

_NOT_CONTENT = ENGLISH_STOP_WORDS | _REFERENCE_WORDS | _UNITS | _OPERATORS

# Han ideographs (the unified blocks, their extensions and compatibility forms) and Hangul
# syllables: each character is a word or a word's root.
_WORD_CHARACTER = re.compile(
    "[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3\U00020000-\U0003134f]"
)
# Han numerals: a number written in them claims no more than one in digits.
_HAN_NUMERALS = frozenset("〇零一二两三四五六七八九十百千万萬亿億兆")


def _is_content_word(token: str) -> bool:
    if token[0].isdigit():  # a number, with its unit or exponent: "10mg", "1e", "3rd"
        return False
    if _WORD_CHARACTER.search(token):
        return not set(token) <= _HAN_NUMERALS
    if sum(c.isalpha() for c in token) < 2:  # "I", "s", "p" of "p < 0.05"
        return False
    return token.lower() not in _NOT_CONTENT


def content_words(text: str) -> list[str]:
    """The content words of ``text``, in order (see the module's docstring)."""
    text = _IDENTIFIER.sub(" ", text)
    text = _CITATION.sub(" ", text)
    return [token for token in _tokens(text) if _is_content_word(token)]


def _tokens(text: str) -> list[str]:
    """The words of ``text``: runs of letters and digits, with the combining marks inside them
    (a mark not after a letter or digit parts words, as punctuation does)."""
    found: list[str] = []
    start: int | None = None
    for index, char in enumerate(text):
        if _WORD_START.match(char) or (start is not None and _is_mark(char)):
            start = index if start is None else start
        elif start is not None:
            found.append(text[start:index])
            start = None
    if start is not None:
        found.append(text[start:])
    return found


def _is_mark(char: str) -> bool:
    return unicodedata.category(char).startswith("M")


def has_content_words(text: str) -> bool:
    """Whether ``text`` has a word worth checking; a claim without one is refused."""
    return bool(content_words(text))
