"""The Arabic article written onto its word, which search and the rankers read past.

Arabic writes the article "ال" (the) onto its word, and "و" (and), "ب" (with), "ف" (so) and
"ل" (for, which with the article is "لل") before it: "الكتاب", "والكتاب", "بالكتاب",
"للكتاب" are "كتاب" (book) to a reader, but each is a word of its own to a tokenizer, so a
claim or query writing "كتاب" matched no passage writing "الكتاب".

A word is read as holding the article only where three letters or more are left after it:
"الله", "التي" and "الذي" keep theirs, and "والد" (father) is no "و" + "ال" + "د". Not "كال"
("as the"): more words begin so than are written with it ("كالسيوم", calcium).
"""

from __future__ import annotations

import re

# Written before a word with its article, longest first: the article alone and after "و",
# "ف", "ب", "و" + "ب"; "لل" is "ل" + "ال", its alif dropped.
ARTICLE_PREFIXES = ("وبال", "وال", "فال", "بال", "لل", "ال")
# The letters of an Arabic word after NFKC and without its points (``text.searchform``).
_ARABIC_WORD = re.compile("[\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff]+")
SHORTEST_STEM = 3


def is_arabic_word(word: str) -> bool:
    return _ARABIC_WORD.fullmatch(word) is not None


def article_stem(word: str) -> str:
    """``word`` without the article (and what is written before it), or as it is."""
    for prefix in ARTICLE_PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= SHORTEST_STEM:
            return word[len(prefix) :]
    return word


def has_arabic(text: str) -> bool:
    """Whether ``text`` holds an Arabic-script word."""
    return not text.isascii() and _ARABIC_WORD.search(text) is not None


def without_article(text: str) -> str:
    """``text`` with each Arabic word read without its article (``article_stem``)."""
    if text.isascii():
        return text
    return _ARABIC_WORD.sub(lambda word: article_stem(word.group()), text)
