"""Other spellings of an Arabic search word: with and without the article written onto it.

Each spelling ("كتاب", "الكتاب", "بالكتاب") is a token of its own to the index, which cannot
be asked "any word ending in this", so the query names the spellings, as it does a Greek
word's tonos (``search_accents``): the word without the article, and with it after nothing,
"و", "ب", "ل", "ف" and "و" + "ب" (``text.arabic``).
"""

from __future__ import annotations

from claimaudit.text.arabic import SHORTEST_STEM, article_stem, is_arabic_word

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
