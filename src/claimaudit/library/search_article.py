"""Other spellings of an Arabic search word: with and without the article written onto it.

Arabic writes the article "ال" (the) onto its word, and "و" (and), "ب" (with), "ف" (so) and
"ل" (for, which with the article is "لل") before it: "الكتاب", "والكتاب", "بالكتاب",
"للكتاب" are "كتاب" (book) to a reader, but each is a token of its own to the index, so
"كتاب" found no "الكتاب", and "التعلم" no "وبالتعلم". The index cannot be asked "any word
ending in this", so the query names the spellings, as it does a Greek word's tonos
(``search_accents``): the word without the article, and with each of these written onto it.

A word is read as holding the article only where three letters or more are left after it: "الم"
(pain, "ألم" misspelt) or "اله" are no article and a stem of one or two letters.
"""

from __future__ import annotations

import re

# What is written before a word with its article, longest first: the article, then "and",
# "with", "so" and "and with" before it; "لل" is "ل" + "ال", its alif dropped. Not "كال"
# ("as the"): more words begin so than are written with it ("كالسيوم", calcium).
_WITH_ARTICLE = ("وبال", "وال", "فال", "بال", "لل", "ال")
# The spellings looked for: the word bare, then with these (at most 7, ``MAX_FORMS`` each).
_SPELLINGS = ("", "ال", "وال", "بال", "لل", "فال", "وبال")
# The letters of an Arabic word after NFKC and without its points (``text.searchform``).
_ARABIC_WORD = re.compile("[\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff]+")
_SHORTEST_STEM = 3


def article_forms(word: str) -> tuple[str, ...]:
    """The other spellings of the Arabic ``word`` with and without the article (see the
    module), the word bare first; none for other words or a word of fewer than 3 letters."""
    if not _ARABIC_WORD.fullmatch(word):
        return ()
    stem = word
    for prefix in _WITH_ARTICLE:
        if word.startswith(prefix) and len(word) - len(prefix) >= _SHORTEST_STEM:
            stem = word[len(prefix) :]
            break
    if len(stem) < _SHORTEST_STEM:
        return ()
    return tuple(form for form in (p + stem for p in _SPELLINGS) if form != word)
