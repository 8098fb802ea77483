"""The one-letter words Hebrew writes onto the next (``text.hebrew``): "ה" (the), "ב" (in),
"ל" (to), vav (and), "מ" (from), "ש" (that), "כ" (as), and vav + "ה" (and the). "המחקר",
"במחקר" and the like are "מחקר" (research) to a reader, but each is a word of its own to the
index, so a search for "מחקר" found none of them, and a search for "המחקר" no "מחקר".

The rule, the rankers' too (``text.hebrew.with_unprefixed``): a word's stems are the word as
written and the word without each prefix it begins with, where three letters or more are left
(``text.hebrew.unprefixed_forms``); two words are one where they share a stem. So a query's
word is looked for as each of its stems, and each stem with each prefix written onto it:
"והבית" (and the house) finds "בית", "הבית" and "בבית" (in the house), as the rankers match
them. The word as written is a stem too, since a word beginning with one of these letters is
as often a word of its own ("משפט", sentence, is no "מ" + "שפט"). A stem is never shorter than
three letters: "לך" + "ה" is "הלך", another word, so "הלך" is looked for with prefixes but
never as "לך", nor "בלך".
"""

from __future__ import annotations

from claimaudit.text.hebrew import PREFIXES, is_hebrew_word, unprefixed_forms

# The most spellings a Hebrew word is looked for in: its stems without the prefixes it begins
# with (at most two: vav, and vav + "ה"), and each of its three stems with each prefix.
MAX_HEBREW_FORMS = 2 + 3 * len(PREFIXES)


def prefixed_forms(word: str) -> tuple[str, ...]:
    """The Hebrew ``word``'s other spellings: without each prefix it begins with, then each
    prefix in turn written onto the word and onto each of those; none for other words or a
    word of fewer than three letters. In that order, so a cap keeps the likeliest."""
    if not is_hebrew_word(word):
        return ()
    stems = unprefixed_forms(word)
    prefixed = (prefix + stem for prefix in PREFIXES for stem in (word, *stems))
    return tuple(dict.fromkeys(f for f in (*stems, *prefixed) if f != word))
