"""The one-letter words Hebrew writes onto the next: "ה" (the), "ב" (in), "ל" (to), vav (and),
"מ" (from), "ש" (that), and vav + "ה" (and the). "המחקר", "במחקר" and the like are "מחקר"
(research) to a reader, but each is a word of its own to the index, so a search for "מחקר"
found none of them.

Only the word as typed is read so, with these before it: a word beginning with one of these
letters is as often a word of its own ("משפט", sentence, is no "מ" + "שפט"), so a query typed
with the prefix is not read without it. A word of fewer than three letters has no such
spellings: "לך" + "ה" is "הלך", another word.
"""

from __future__ import annotations

import re

_VAV = "\u05d5"
PREFIXES = ("ה", "ב", "ל", _VAV, "מ", "ש", _VAV + "ה")
# The letters of a Hebrew word without its points (``text.wordchars.without_points``).
_HEBREW_WORD = re.compile("[\u05d0-\u05ea\u05f0-\u05f2]+")
_SHORTEST = 3


def prefixed_forms(word: str) -> tuple[str, ...]:
    """The Hebrew ``word`` with each of ``PREFIXES`` written onto it; none for other words or
    a word of fewer than three letters."""
    if len(word) < _SHORTEST or not _HEBREW_WORD.fullmatch(word):
        return ()
    return tuple(prefix + word for prefix in PREFIXES)
