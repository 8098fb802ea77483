"""Whether a sentence's opening is an adverbial ("However", "In short", "In our tests") or its
subject ("The method", "Padding"): a pointer set off by commas after it goes with one comma or
with both ("However, as shown in [1], X holds." reads "However, X holds."; "The method, as
described in [1], works." "The method works."). Used by ``leftovers``.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W_]+")
# Words that make a sentence's opening an adverbial, not its subject: a connective alone
# ("However", "Moreover", or any "-ly" word: "Recently"), or a preposition opening a phrase ("In
# our tests", "By contrast").
_CONNECTIVES = frozenset(
    """
    however moreover furthermore thus hence therefore indeed also still yet here now then next
    first second third finally again instead likewise overall nevertheless nonetheless
    consequently accordingly besides meanwhile otherwise short summary practice particular
    """.split()
)
_ADVERBIAL_OPENERS = frozenset(
    """
    in on for at across under with within without during after before by from over among
    through throughout beyond despite unlike
    """.split()
)
_SEPARATORS = re.compile(r"[,;:()\[\]]")


def adverbial(opening: str) -> bool:
    """Whether ``opening``, all of the sentence before a comma, is an adverbial ("However",
    "In short", "In our tests"), whose comma is the author's whatever follows it."""
    words = _WORD.findall(opening.lower())
    if not words or _SEPARATORS.search(opening):
        return False
    if len(words) == 1:
        return words[0] in _CONNECTIVES or words[0].endswith("ly")
    return words[0] in _ADVERBIAL_OPENERS
