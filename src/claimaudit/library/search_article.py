"""Other spellings of an Arabic search word: with and without the article written onto it.

Each spelling ("كتاب", "الكتاب", "بالكتاب") is a token of its own to the index, which cannot
be asked "any word ending in this", so the query names the spellings, as it does a Greek
word's tonos (``search_accents``): the word without the article, and with it after nothing,
"و", "ب", "ل", "ف" and "و" + "ب" (``text.arabic``).

And a Persian plural ("کتابها", books) with its ending written apart from its word, which the
index reads as two words, and the other way round (``plural_forms``); written after a
zero-width non-joiner (U+200C) it is the word written onto it, to the index as to a query.
"""

from __future__ import annotations

import re

from claimaudit.text.arabic import (
    SHORTEST_STEM,
    article_stem,
    is_arabic_word,
    joined_plurals,
    plural_apart,
)

# The spellings looked for: the word bare, then with these (at most 7, ``MAX_FORMS`` each).
_SPELLINGS = ("", "ال", "وال", "بال", "لل", "فال", "وبال")


def article_forms(word: str) -> tuple[str, ...]:
    """The other spellings of the Arabic ``word`` with and without the article, the word bare
    first; none for other words or a word of fewer than 3 letters."""
    if not is_arabic_word(word):
        return ()
    stem = article_stem(word)
    if len(stem) < SHORTEST_STEM:
        return ()
    return tuple(form for form in (p + stem for p in _SPELLINGS) if form != word)


_ARABIC_WORD = re.compile("[\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff]+")


def plural_forms(normal: str) -> list[tuple[str, list[str]]]:
    """Each Persian plural of the query ``normal`` (as the index reads it), with its other
    spelling: "کتابها" as the phrase of "کتاب" and its ending, that phrase as "کتابها"."""
    if normal.isascii():
        return []
    words = _ARABIC_WORD.findall(normal)
    forms = [(word, [apart]) for word in words if (apart := plural_apart(word))]
    joined = set(_ARABIC_WORD.findall(joined_plurals(normal))) - set(words)
    forms += [(word, [word]) for word in sorted(joined)]
    return forms
