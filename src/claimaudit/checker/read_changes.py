"""Whether a question's claim or passages hold text the rankers (``checker.selection``) read
otherwise than they once did: each test feeds one mark of the results cache's key
(``checker.readings.reading_marks``), so such a question is asked afresh and every other keeps
its answer. Kept apart from the rankers, which hold ranking and the budgets alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from itertools import chain

from claimaudit.library.fts import MAX_TOKENS, query_terms
from claimaudit.text.arabic import has_arabic, joined_plurals, without_article
from claimaudit.text.cjkpairs import as_query, cjk_as_pairs, has_cjk, lone_cjk, touches_cjk
from claimaudit.text.folds import joined_marks, spelling_fold, umlaut_plain, umlauts_plain
from claimaudit.text.hebrew import (
    has_hebrew,
    holds_stacked_prefixes,
    holds_whole_words,
    with_unprefixed,
    without_acronym_marks,
)
from claimaudit.text.number_words import number_fold
from claimaudit.text.searchform import (
    altered_characters,
    as_tokenizer_folds,
    raised_apart,
    ranker_form,
)
from claimaudit.text.unspaced import has_unspaced
from claimaudit.text.wordchars import (
    class_ranges,
    has_astral,
    unspaced_marks_as_breaks,
    without_indic_joiners,
    without_points,
    words,
)


def _indexed(text: str) -> str:
    # As the rankers read text (``checker.selection``: the library index's search form).
    return ranker_form(text)


def _pairs(text: str) -> str:
    # A CJK claim as the rankers read it, in character pairs (``checker.selection``).
    return cjk_as_pairs(ranker_form(text))


def _cjk_query(query: str) -> str:
    # A CJK claim's words as the rankers look for them (``checker.selection``).
    return as_query(ranker_form(query))


def reads_hebrew_prefixes(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds a Hebrew word and it or one of ``texts`` a word that may have a
    one-letter word written onto it ("המחקר"), which the rankers once read only as written
    (so the results cache asks such a question afresh: ``text.hebrew``)."""
    if not has_hebrew(_indexed(query)):
        return False
    return any(_prefix_read(text) for text in chain((query,), texts))


def reads_hebrew_stacked_prefixes(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds a Hebrew word and it or one of ``texts`` a word with two
    one-letter words written onto it ("ובבית", and in the house), which the rankers once read
    without the first alone ("בבית", never "בית"): the results cache asks such a question
    afresh (``text.hebrew``)."""
    if not has_hebrew(_indexed(query)):
        return False
    return any(holds_stacked_prefixes(_indexed(text)) for text in chain((query,), texts))


def reads_hebrew_whole_words(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds a Hebrew word and it or one of ``texts`` a common word whose
    first letter is its own ("שלום", "ושלום"), which the rankers once read without it too
    ("לום", the stem of "כלום" as well): the results cache asks such a question afresh
    (``text.hebrew_words``)."""
    if not has_hebrew(_indexed(query)):
        return False
    return any(holds_whole_words(_indexed(text)) for text in chain((query,), texts))


def reads_spelling_folds(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds a word the rankers now match in another spelling ("x²" and
    "x^2", "Müller" and "Mueller", ``text.folds``) and it or one of ``texts`` a letter's
    exponent or index written with "^" or "_", or a word read as one of the claim's that is
    written otherwise: the results cache asks such a question afresh. A claim's "value" read
    as "valu" in it and its passages alike ranks them as before, and keeps its answer."""
    texts = list(texts)
    fold = spelling_fold(query, texts)
    if fold is None:
        return False
    every = [_indexed(text) for text in chain((query,), texts)]
    if fold is not umlauts_plain and any(
        ("^" in text or "_" in text) and joined_marks(text) != text for text in every
    ):
        return True
    if fold is joined_marks:
        return False
    claim: dict[str, set[str]] = {}
    for word in _folded_words(every[0]):
        claim.setdefault(umlaut_plain(word) or word, set()).add(word)
    return any(
        word not in claim.get(umlaut_plain(word) or word, {word})
        for text in every
        for word in _folded_words(text)
    )


def reads_number_words(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` and one of ``texts`` write a word and its number one joined and the
    other apart ("covid19" and "COVID-19"), which the rankers once read as other words: the
    results cache asks such a question afresh (``text.number_words``)."""
    return number_fold(query, texts) is not None


def _folded_words(text: str) -> list[str]:
    # The words as the rankers' tokenizer reads them: "Müller" is "muller".
    return words(as_tokenizer_folds(text).lower())


def _prefix_read(text: str) -> bool:
    if not has_hebrew(text):
        return False
    form = _indexed(text)
    return with_unprefixed(form) != form


def reads_arabic_article(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds an Arabic word and it or one of ``texts`` a word with the
    article written onto it ("الكتاب"), which the rankers once read as a word of its own (so
    the results cache asks such a question afresh: ``text.arabic``)."""
    if not has_arabic(_indexed(query)):
        return False
    return any(_article_read(text) for text in chain((query,), texts))


def reads_persian_plurals(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds an Arabic-script word and it or one of ``texts`` a Persian plural
    ending written apart from its word, which the rankers once read as a word of its own (so
    the results cache asks such a question afresh: ``text.arabic.joined_plurals``)."""
    if not has_arabic(_indexed(query)):
        return False
    return any(_plural_read(text) for text in chain((query,), texts))


def _plural_read(text: str) -> bool:
    if not has_arabic(text):
        return False
    form = _indexed(text)
    return joined_plurals(form) != form


def _article_read(text: str) -> bool:
    if not has_arabic(text):
        return False
    form = _indexed(text)
    return without_article(form) != form


def reads_cjk_apart(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds no CJK and it or one of ``texts`` a word touching CJK text
    ("DNA는"), which the rankers once read as one word with it (``text.cjkpairs.cjk_apart``):
    the results cache asks such a question afresh."""
    return not has_cjk(query) and any(touches_cjk(text) for text in chain((query,), texts))


def reads_unspaced_pairs(query: str) -> bool:
    """Whether ``query`` holds Thai, Lao, Burmese or Khmer, which the rankers once read broken
    at its marks, and now in letter pairs (``text.unspaced``): the results cache asks such a
    question afresh."""
    return has_unspaced(query)


def reads_cjk_words_apart(query: str) -> bool:
    """Whether ``query`` holds a Korean word with a particle written onto it ("암은") or a
    Japanese one-kanji word with kana after it ("癌は"), which the rankers once looked for as
    written, never finding the word alone ("암", "癌"): the results cache asks such a
    question afresh (``text.cjkpairs.as_query``)."""
    return has_cjk(query) and _cjk_query(query) != _indexed(query)


def finds_lone_cjk(query: str) -> bool:
    """Whether ``query`` holds a CJK character standing alone, which the rankers once matched
    only where a passage held it alone too (so the results cache asks such a question afresh)."""
    return has_cjk(query) and bool(lone_cjk(_indexed(query)))


def read_otherwise(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` reads otherwise to the rankers now (``text.searchform``) than
    before they read the search form (NFKC, without vowel points and Indic joiners): a Persian
    word's non-joiner, a Persian kaf, a "ß", a soft hyphen, a Greek tonos, a Vietnamese "ệ".
    The results cache asks a question whose claim or passages hold one afresh: its answer was
    judged on passages ranked otherwise."""
    return any(_reads_otherwise(text) for text in texts)


def _reads_otherwise(text: str) -> bool:
    if text.isascii():
        return False
    # Quick for most text (a key is made for each question, of each passage): NFKC-normal and
    # without a character the forms tell apart, it reads as before.
    if unicodedata.is_normalized("NFKC", text) and not _altered(has_astral(text)).search(text):
        return False
    before = _before(text)
    return ranker_form(text) != before or _altered(True).search(before) is not None


@cache
def _altered(astral: bool) -> re.Pattern[str]:
    # What ``ranker_form`` changes (``text.searchform.altered_characters``), and the Latin
    # letters with two diacritics ("ệ"), which the ranker's tokenizer kept as they were before
    # it folded them as the index's does (remove_diacritics 2).
    def two(code: int) -> bool:
        parts = unicodedata.normalize("NFD", chr(code))
        return len(parts) > 2 and parts[0].isascii()

    two_diacritics = class_ranges(c for c in range(0xC0, 0x1F00) if two(c))
    return re.compile(f"[{altered_characters(astral)}{two_diacritics}]")


def _before(text: str) -> str:
    normal = without_indic_joiners(without_points(unicodedata.normalize("NFKC", text)))
    return unspaced_marks_as_breaks(normal)


def _composed(text: str) -> str:
    # As the rankers read it, NFKC first (``text.searchform``): a PDF's Arabic presentation
    # form of an alef maksura (U+FEF0) is the letter the ranker folds, and its question is
    # asked afresh as the letter's is. Read as stored, it kept an answer judged otherwise.
    return text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)


def _holds_acronym_mark(text: str) -> bool:
    # Without the vowel points, as the search form reads it: "צָה״ל" holds one too. Quick for
    # text without a Hebrew letter (or its presentation form), most text.
    if not _HEBREW_LETTER.search(text):
        return False
    plain = without_points(_composed(text))
    return without_acronym_marks(plain) != plain


def holds_zero_width_space(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a zero-width space, which the rankers once left out,
    joining the words around it, and now read as a word break (``text.searchform``): the
    results cache asks such a question afresh."""
    return any("\u200b" in text for text in texts)


def holds_raised_digits(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds superscript digits after a digit ("10⁵"), which the
    rankers once read as plain digits ("105") and now as an exponent apart ("10^5",
    ``text.searchform.raised_apart``): the results cache asks such a question afresh."""
    return any(not text.isascii() and raised_apart(text) != text for text in texts)


def holds_hamza_alef(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an Arabic alef with a hamza or madda, which the rankers
    once kept and now read as the bare alef (``text.searchform``): the results cache asks such
    a question afresh."""
    return any(not text.isascii() and _HAMZA_ALEF.search(_composed(text)) for text in texts)


_HAMZA_ALEF = re.compile("[\u0622\u0623\u0625\u0671]")


def holds_folded_letters(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an Arabic alef maksura or teh marbuta, a dotless i, a
    Bengali khanda ta or a Malayalam chillu, which the rankers once kept and now read as yeh,
    heh, "i" and the consonant with its virama (``text.searchform``): the results cache asks
    such a question afresh."""
    return any(not text.isascii() and _FOLDED_LETTER.search(_composed(text)) for text in texts)


_FOLDED_LETTER = re.compile("[\u0629\u0649\u0131\u09ce\u0d54-\u0d56\u0d7a-\u0d7f]")


def holds_urdu_letters(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an Urdu heh goal or yeh barree (or the letters like them:
    ``text.searchform._PLAIN``), which the rankers once kept and now read as the Arabic heh and
    yeh: the results cache asks such a question afresh."""
    return any(not text.isascii() and _URDU_LETTER.search(_composed(text)) for text in texts)


_HEBREW_LETTER = re.compile("[\u05d0-\u05f2\ufb1d-\ufb4f]")
_URDU_LETTER = re.compile("[\u06c0-\u06c3\u06d2\u06d3]")


def holds_modifier_apostrophes(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a modifier letter apostrophe or turned comma ("мʼясо"),
    which the rankers once read as a letter and now as the ASCII apostrophe
    (``text.searchform``): the results cache asks such a question afresh."""
    return any(not text.isascii() and ("\u02bb" in text or "\u02bc" in text) for text in texts)


def holds_plain_latin_letters(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an "æ", "œ", "ł", "đ" or "ħ" (or its capital), which the
    rankers once kept and now read as "ae", "oe", "l", "d" and "h" (``text.searchform``): the
    results cache asks such a question afresh."""
    return any(not text.isascii() and _PLAIN_LATIN.search(_composed(text)) for text in texts)


_PLAIN_LATIN = re.compile("[\u00e6\u00c6\u0153\u0152\u0142\u0141\u0111\u0110\u0127\u0126]")


def holds_o_stroke(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an "ø" or "Ø", which the rankers once kept and now read
    as "o" (``text.searchform``): the results cache asks such a question afresh."""
    return any(not text.isascii() and ("\u00f8" in text or "\u00d8" in text) for text in texts)


def holds_hebrew_acronym_marks(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a gershayim, geresh or quotation mark between two Hebrew
    letters ("צה״ל"), which the rankers once read as a word break and now read past
    (``text.hebrew.without_acronym_marks``): the results cache asks such a question afresh."""
    return any(not text.isascii() and _holds_acronym_mark(text) for text in texts)


def holds_other_digits(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a decimal digit of another script than ASCII ("٢٠٢٤"),
    which the rankers once kept and now read as the ASCII digit (``text.searchform``): the
    results cache asks such a question afresh."""
    return any(not text.isascii() and _OTHER_DIGIT.search(text) for text in texts)


_OTHER_DIGIT = re.compile(r"(?![0-9])\d")


def past_word_cap(query: str) -> bool:
    """Whether ``Bm25Ranker`` ranks by more of ``query``'s terms than MAX_TOKENS: a CJK query of
    more character pairs, once ranked by its first MAX_TOKENS alone (so the results cache asks
    such a question afresh)."""
    return has_cjk(query) and len(query_terms(_pairs(query), MAX_TOKENS + 1)) > MAX_TOKENS
