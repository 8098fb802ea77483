"""The one-letter words Hebrew writes onto the next (``text.hebrew``): "ה" (the), "ב" (in),
"ל" (to), vav (and), "מ" (from), "ש" (that), "כ" (as), and vav + "ה" (and the). "המחקר",
"במחקר" and the like are "מחקר" (research) to a reader, but each is a word of its own to the
index, so a search for "מחקר" found none of them, and a search for "המחקר" no "מחקר".

A query's word is looked for as typed, with each of these before it, and without each it
begins with (``text.hebrew.unprefixed_forms``): a word beginning with one of these letters is
as often a word of its own ("משפט", sentence, is no "מ" + "שפט"), so it is never looked for
without the letter alone. A word of fewer than three letters has no such spellings: "לך" +
"ה" is "הלך", another word.
"""

from __future__ import annotations

from claimaudit.text.hebrew import PREFIXES, is_hebrew_word, unprefixed_forms

# The most spellings a Hebrew word is looked for in: with each prefix, and without the two it
# may begin with (vav, and vav + "ה": "והמחקר" as "המחקר" and "מחקר").
MAX_HEBREW_FORMS = len(PREFIXES) + 2


def prefixed_forms(word: str) -> tuple[str, ...]:
    """The Hebrew ``word`` without each prefix it begins with, then with each of ``PREFIXES``
    written onto it; none for other words or a word of fewer than three letters."""
    if not is_hebrew_word(word):
        return ()
    return (*unprefixed_forms(word), *(prefix + word for prefix in PREFIXES))
