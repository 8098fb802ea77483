"""A conjunction whose clause was a removed citation alone: "While [1], Y holds." left
"While, Y holds.", a clause opened and never said. Such a conjunction cannot take a work for
its object ("while", "whereas", "although": no "While the cited work, Y holds."), so the
citation backs what follows it: "While [1], Y holds." reads "Y holds.", and "X holds, while
[1], Y holds." reads "X holds, while Y holds." (the clause's comma was the citation's).
Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``).
"""

from __future__ import annotations

import re

from claimaudit.review.verbs import HOLE

# The conjunction opens the sentence or a clause after a separator; its blanks are read from
# the separator on (a run is tried from its start only, never split between two runs).
_BARE_CONJUNCTION = re.compile(
    r"(?:^|(?<=[,;:]))(\s*)(while|whilst|whereas|although|though|even\s+though)"
    rf"(?<!\s)\s*{HOLE}(?<!\s)\s*,\s*(?=\S)",
    re.IGNORECASE,
)


def without_bare_conjunction(text: str) -> str:
    """``text`` (its removed citations marked) without a conjunction's clause that was a
    removed citation alone: opening the sentence, the conjunction goes with it ("Y holds.");
    inside it, the conjunction stays, before what follows ("X holds, while Y holds.")."""

    def replaced(match: re.Match[str]) -> str:
        if match.start() == 0:
            return ""
        return f"{match.group(1) or ' '}{match.group(2)} "

    opening = _BARE_CONJUNCTION.match(text) is not None
    found = _BARE_CONJUNCTION.sub(replaced, text)
    # The sentence's capital goes to its new first word ("although [1], y" as typed stays).
    return found[:1].upper() + found[1:] if opening and text.lstrip()[:1].isupper() else found
