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


# The Persian plural ending, heh and alef (with yeh and a pronoun after it), written onto its
# word, after a zero-width non-joiner (U+200C), or as a word apart: "کتابها", the same with
# the non-joiner, and the two words "کتاب" and the ending (books) are one word to a reader.
# The non-joiner is read past (``text.searchform``), so the first two are one word to the
# index too; the third is two.
# Yeh in either form, as ``text.searchform.plain_letters`` reads the Persian one as the Arabic.
_YEH = "[\u06cc\u064a]"
_PRONOUN = f"{_YEH}|\u0645\u0627\u0646|\u062a\u0627\u0646|\u0634\u0627\u0646|[\u0645\u062a\u0634]"
_PLURAL = f"\u0647\u0627(?:{_YEH}(?:{_PRONOUN})?)?"
_LETTER = "[\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff]"
# A word of two letters or more, spaces, the plural as a word of its own.
_PLURAL_APART = re.compile(f"(?<={_LETTER}{_LETTER}) +(?={_PLURAL}(?!{_LETTER}))")
_PLURAL_END = re.compile(f"({_LETTER}{{2,}}?)({_PLURAL})")


def joined_plurals(text: str) -> str:
    """``text`` with each Persian plural ending written apart from its word written onto it
    ("کتابها"), as the index reads it written after a non-joiner."""
    if text.isascii():
        return text
    return _PLURAL_APART.sub("", text)


def plural_apart(word: str) -> str | None:
    """The Arabic-script ``word`` ending in the Persian plural ("کتابها") with the ending apart
    (the two words the index reads), or None."""
    found = _PLURAL_END.fullmatch(word)
    return f"{found.group(1)} {found.group(2)}" if found else None
