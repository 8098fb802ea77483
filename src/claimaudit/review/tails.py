"""What follows a removed citation and belongs to it, outside its brackets: a locator set off
by a comma ("See [1], p. 3, for X." read "P. 3, for X."; "X holds [1], pp. 3-5." "X holds, pp.
3-5.") and the "respectively" that pairs several with the sentence's items ("X and Y were shown
in [1] and [2], respectively." read "X and Y were shown, respectively."). Both go with it.
Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``).
"""

from __future__ import annotations

import re

from claimaudit.review.verbs import HOLE

# A locator: a page, chapter, section, figure, table or equation of the work, and its value
# ("p. 3", "pp. 3-5", "ch. 2", "Table S4", "p. xiv"), ending its comma-set phrase: "tables
# included" is no value.
_LOCATOR = re.compile(
    rf"({HOLE})\s*,\s*(?:pp?\.|pages?|ch(?:ap)?\.|chapters?|sects?\.|secs?\.|sections?|\u00a7|"
    r"figs?\.|figures?|tables?|tab\.|eqs?\.)\s*(?:[A-Z]?\d+[a-z]?|[ivxlc]+)(?:\s*[-\u2013]\s*\d+)?"
    r"(?=\s*(?:[,.;:!?)\]]|$))",
    re.IGNORECASE,
)
# "respectively" right after removed citations: it paired them with the sentence's items.
_RESPECTIVELY = re.compile(rf"({HOLE})\s*,?\s*respectively\b(?=\s*(?:[,.;:!?)\]]|$))")


def without_locators(text: str) -> str:
    """``text`` without the locators set off after its removed citations ("\\ue000, p. 3")."""
    return _LOCATOR.sub(r"\1", text)


def without_respectively(text: str) -> str:
    """``text`` without a "respectively" right after removed citations that are still marked
    (no cited work named in their place: "proposed by the cited works, respectively" keeps
    it)."""
    return _RESPECTIVELY.sub(r"\1", text)
