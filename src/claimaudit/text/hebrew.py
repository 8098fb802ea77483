"""The one-letter words Hebrew writes onto the next, which search and the rankers read past:
"ה" (the), "ב" (in), "ל" (to), vav (and), "מ" (from), "ש" (that), "כ" (as) and vav + "ה" (and
the). "המחקר", "במחקר" and the like are "מחקר" (research) to a reader, but each is a word of
its own to a tokenizer, so a claim or query writing one spelling matched no passage writing
another.

A word beginning with one of these letters is as often a word of its own ("משפט", sentence, is
no "מ" + "שפט"), so a word is never read without its prefix alone: it is read as written and
also without it (``unprefixed_forms``), and a passage holding either matches. A word of fewer
than three letters has no such forms: "הלך" (walked) is no "ה" + "לך" (go). Nor has a
common word whose first letter is its own (``text.hebrew_words``): "שלום" is no "ש" + "לום".

Two of them stack onto a word ("ובבית", and in the house; "שבבית", that in the house;
"מהבית", from the house): vav or "ש" before another, "ה" after "מ", "ש" after "כ". Such a
word is read without both too ("בית"), where three letters or more are left, as with one.
"""

from __future__ import annotations

import re

from claimaudit.text.hebrew_words import WHOLE_WORDS

_VAV = "\u05d5"
PREFIXES = ("ה", "ב", "ל", _VAV, "מ", "ש", "כ", _VAV + "ה")
# The letters of a Hebrew word without its points (``text.wordchars.without_points``).
_HEBREW_WORD = re.compile("[\u05d0-\u05ea\u05f0-\u05f2]+")
SHORTEST = 3
# Two prefixes stacked onto a word, the commoner first (Hebrew writes vav first, then "ש", then
# "ב", "ל", "כ" or "מ", then "ה"; "ה" goes after "מ" and "ש" alone, the others swallow it):
# "ובבית" is vav + "ב" + "בית"; no stack of three is read.
STACKED_PREFIXES = (
    _VAV + "ב",
    _VAV + "ל",
    _VAV + "מ",
    "מה",
    _VAV + "ש",
    "שה",
    _VAV + "כ",
    "שב",
    "של",
    "שמ",
    "שכ",
    "כש",
)


def is_hebrew_word(word: str) -> bool:
    return len(word) >= SHORTEST and _HEBREW_WORD.fullmatch(word) is not None


def has_hebrew(text: str) -> bool:
    """Whether ``text`` holds a Hebrew letter."""
    return not text.isascii() and _HEBREW_WORD.search(text) is not None


def unprefixed_forms(word: str) -> tuple[str, ...]:
    """``word`` without each of ``PREFIXES`` it begins with, then without two stacked ones
    (``STACKED_PREFIXES``), where three letters or more are left ("והמחקר": "המחקר", "מחקר";
    "ובבית": "בבית", "בית"); none for other words. A common word whose first letter is its
    own (``text.hebrew_words``) is never read without it, alone or after a prefix: "שלום"
    has none, "ושלום" "שלום" alone, never "לום" (the stem of "כלום", nothing)."""
    return _stems(word, WHOLE_WORDS)


def _stems(word: str, whole: frozenset[str]) -> tuple[str, ...]:
    if not _HEBREW_WORD.fullmatch(word) or word in whole:
        return ()
    prefixes = (p for p in (*PREFIXES, *STACKED_PREFIXES) if word.startswith(p))
    # Two letters off ("וש", "וה") only where the word without the first is no whole word.
    forms = (word[len(p) :] for p in prefixes if len(p) == 1 or word[1:] not in whole)
    return tuple(dict.fromkeys(form for form in forms if len(form) >= SHORTEST))


def holds_whole_words(text: str) -> bool:
    """Whether ``text`` holds a Hebrew word the rankers once read without the first letter of
    a common word (``text.hebrew_words``): "שלום" as "לום", "ושלום" as "לום" too."""
    if text.isascii():
        return False
    for match in _HEBREW_WORD.finditer(text):
        word = match.group()
        if (word in WHOLE_WORDS or word[1:] in WHOLE_WORDS) and _stems(word, frozenset()) != _stems(
            word, WHOLE_WORDS
        ):
            return True
    return False


def holds_stacked_prefixes(text: str) -> bool:
    """Whether ``text`` holds a Hebrew word read without two stacked prefixes ("ובבית" as
    "בית"), which the rankers once read without one alone."""
    if text.isascii():
        return False
    for match in _HEBREW_WORD.finditer(text):
        word = match.group()
        if len(word) - 2 >= SHORTEST and word.startswith(STACKED_PREFIXES):
            return True
    return False


def with_unprefixed(text: str) -> str:
    """``text`` with each Hebrew word followed by its ``unprefixed_forms``, for a ranker: a
    claim's "המחקר" matches a passage's "מחקר", and the other way round."""
    if text.isascii():
        return text
    return _HEBREW_WORD.sub(
        lambda word: " ".join((word.group(), *unprefixed_forms(word.group()))), text
    )


# A gershayim or geresh (U+05F4, U+05F3) inside a Hebrew word: an acronym ("צה״ל", "ת״א") or
# a letter read otherwise (a geresh after gimel for "j"), typed as often with the ASCII double
# quote or apostrophe (or a curly one) as with the Hebrew marks, and as often left out ("צהל").
# Each is punctuation, a word break to the tokenizer, so "צה״ל" was the words "צה" and "ל",
# found by no "צהל". Read without it between two Hebrew letters: one word however written.
# Only there: a quotation mark around a word ("״מחקר״") and a geresh after one stay.
# The letter before it is matched, not looked behind for: twice as quick on text without one.
_ACRONYM_MARK = re.compile(
    "([\u05d0-\u05ea\u05f0-\u05f2])[\u05f3\u05f4\"'\u2018\u2019\u201c\u201d]"
    "(?=[\u05d0-\u05ea\u05f0-\u05f2])"
)


def without_acronym_marks(text: str) -> str:
    """``text`` without a gershayim, geresh or quotation mark between two Hebrew letters
    (``_ACRONYM_MARK``): "צה״ל" and 'צה"ל' as "צהל"."""
    if text.isascii() or not _ACRONYM_MARK.search(text):
        return text
    return _ACRONYM_MARK.sub(r"\1", text)
