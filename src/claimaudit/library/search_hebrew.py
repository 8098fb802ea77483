"""The one-letter words Hebrew writes onto the next (``text.hebrew``): "ה" (the), "ב" (in),
"ל" (to), vav (and), "מ" (from), "ש" (that), "כ" (as), and vav + "ה" (and the). "המחקר",
"במחקר" and the like are "מחקר" (research) to a reader, but each is a word of its own to the
index, so a search for "מחקר" found none of them, and a search for "המחקר" no "מחקר".

The rule, the rankers' too (``text.hebrew.with_unprefixed``): a word's stems are the word as
written and the word without each prefix it begins with, where three letters or more are left
(``text.hebrew.unprefixed_forms``); two words are one where they share a stem. So a query's
word is looked for as each of its stems, and each stem with each prefix written onto it:
"והבית" (and the house) finds "בית", "הבית" and "בבית" (in the house), as the rankers match
them, and "ובבית" (and in the house), two prefixes stacked, finds "בית" and "הבית". The
word as written is a stem too, since a word beginning with one of these letters is as often a
word of its own ("משפט", sentence, is no "מ" + "שפט"). A stem is never shorter than
three letters: "לך" + "ה" is "הלך", another word, so "הלך" is looked for with prefixes but
never as "לך", nor "בלך". And a common word whose first letter is its own
(``text.hebrew_words``) is never a stem's prefixed spelling, nor read without that letter:
"ושלום" (and peace) is looked for as "שלום", never as "לום" nor "וכלום" (and nothing).

Last, as room is left, a word's plain stem (the shortest, or the word itself) with two
prefixes stacked onto it (``stacked_forms``): "בית" finds "ובבית" (and in the house) and
"מהבית" (from the house), as the rankers read those without both.
"""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.text.hebrew import PREFIXES, STACKED_PREFIXES, is_hebrew_word, unprefixed_forms
from claimaudit.text.hebrew_words import WHOLE_WORDS

# The most spellings a Hebrew word is looked for in first: without the prefixes it begins with
# (at most two: vav, and vav + "ה"; or one, and two stacked: "ובבית" as "בבית" and "בית"), and
# with each prefix written onto it.
MAX_HEBREW_FORMS = len(PREFIXES) + 2
# Then, as room is left, each of the stems it was read in with each prefix (``restemmed_forms``):
# after every word's first spellings, so a query's later words are not left with none.
MAX_RESTEMMED_FORMS = 2 * len(PREFIXES)
# Then its plain stem with each stack of two prefixes (``stacked_forms``).
MAX_STACKED_FORMS = len(STACKED_PREFIXES)
ALL_HEBREW_FORMS = MAX_HEBREW_FORMS + MAX_RESTEMMED_FORMS + MAX_STACKED_FORMS


def prefixed_forms(word: str) -> tuple[str, ...]:
    """The Hebrew ``word`` without each prefix it begins with, then with each of ``PREFIXES``
    written onto it; none for other words or a word of fewer than three letters."""
    if not is_hebrew_word(word):
        return ()
    return (*unprefixed_forms(word), *_onto(word, PREFIXES))


def _onto(stem: str, prefixes: Iterable[str]) -> tuple[str, ...]:
    """``stem`` with each of ``prefixes`` written onto it, but where that spells another common
    word (``text.hebrew_words``), alone or after a prefix: "כ" + "לום" is "כלום" (nothing),
    "וכ" + "לום" "וכלום" (and nothing). A word is never searched for as a different one."""
    forms = ((prefix, prefix + stem) for prefix in prefixes)
    return tuple(
        form
        for prefix, form in forms
        if form not in WHOLE_WORDS and (len(prefix) == 1 or form[1:] not in WHOLE_WORDS)
    )


def restemmed_forms(word: str) -> tuple[str, ...]:
    """Each stem of the Hebrew ``word`` without a prefix it begins with, with each prefix in
    turn written onto it ("והבית": "בבית", "לבית", ..., "מהבית", ...), but those
    ``prefixed_forms`` gives; none for a word without such a stem. The shortest stem first:
    the plain word's ("בית") are what a passage writes, "ההבית" is no Hebrew."""
    if not is_hebrew_word(word):
        return ()
    stems = sorted(unprefixed_forms(word), key=len)
    first = {word, *prefixed_forms(word)}
    forms = (form for stem in stems for form in _onto(stem, PREFIXES))
    return tuple(dict.fromkeys(f for f in forms if f not in first))


def stacked_forms(word: str) -> tuple[str, ...]:
    """The plain stem of the Hebrew ``word`` (its shortest, or the word itself) with each of
    ``STACKED_PREFIXES`` written onto it ("בית", "הבית": "ובבית", "ולבית", ..., "מהבית"), but
    those ``prefixed_forms`` or ``restemmed_forms`` gives; none for other words."""
    if not is_hebrew_word(word):
        return ()
    plain = min(unprefixed_forms(word), key=len, default=word)
    before = {word, *prefixed_forms(word), *restemmed_forms(word)}
    # "ב", "ל" and "כ" swallow the "ה" of a stem beginning with it, and "ה" goes onto no "ה":
    # "ובהבית" and "מההבית" are no Hebrew.
    swallowed = tuple("בלכה") if plain.startswith("ה") else ()
    stacks = (stack for stack in STACKED_PREFIXES if not stack.endswith(swallowed))
    forms = _onto(plain, stacks)
    return tuple(dict.fromkeys(f for f in forms if f not in before))
