"""An "as [1] showed" pointer in French or German, its verb in the perfect: "Comme [1] l'a
montré, X tient." and "X gilt, wie [1] gezeigt hat." point at the cited work, as "Como [1]
mostró, X es cierto." does; without their citation they read "Comme l'a montré, X tient." and
"X gilt, wie gezeigt hat.", a verb with no subject. They go whole, as "Como [1] mostró," goes
(``pointers``): "X tient.", "X gilt.". German's "Wie [1] gezeigt hat, gilt X.", before its
verb, keeps its pointer, the work named (``german``).

Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``).
"""

from __future__ import annotations

import re

from claimaudit.review.abroad import SHOWN_ABROAD
from claimaudit.review.pointers import capitalised
from claimaudit.review.verbs import HOLE

_SHOWN = "|".join(sorted(SHOWN_ABROAD))
_POINTER = (
    rf"(?:comme\s*{HOLE}\s*l['\u2019](?:a|ont)\s+(?:{_SHOWN})"
    rf"|wie\s*{HOLE}\s*(?:{_SHOWN})\s+(?:hat|haben))(?![^\W\d_])"
)
# Opening the sentence before its comma; or after a comma, ending the sentence or its clause.
# Tried only where a blank run starts, so a long run of them is read once.
_OPENING = re.compile(rf"^\s*{_POINTER}(?<!\s)\s*,\s*(?=[^\W\d_])", re.IGNORECASE)
_AFTER_COMMA = re.compile(rf"(?<!\s)\s*,\s*{_POINTER}(?<!\s)\s*(?=[,;.!?]|$)", re.IGNORECASE)


def without_as_shown(text: str) -> str:
    """``text`` (its removed citations marked) without a French or German "as [1] showed"
    pointer in the perfect ("Comme \ue000 l'a montré, X tient." reads "X tient.")."""
    opening = _OPENING.match(text)
    if opening is not None:
        text = capitalised(text[opening.end() :])
    return _AFTER_COMMA.sub("", text)
