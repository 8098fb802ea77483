"""What follows a removed citation and belongs to it, outside its brackets: a locator set off
by a comma ("See [1], p. 3, for X." read "P. 3, for X."; "X holds [1], pp. 3-5." "X holds, pp.
3-5."), words saying it is a sample ("X holds [1] and references therein." read "X holds and
references therein.", "X holds [1], among others." "X holds, among others.") and the
"respectively" that pairs several with the sentence's items ("X and Y were shown in [1] and
[2], respectively." read "X and Y were shown, respectively."). All go with it.
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
# One blank run, then one after the comma: "\s*,?\s*" split a long run of blanks between its
# two runs in every way, quadratic in the run's length.
_RESPECTIVELY = re.compile(rf"({HOLE})\s*(?:,\s*)?respectively\b(?=\s*(?:[,.;:!?)\]]|$))")


# Words saying the citations are a sample of more: "[1] and references therein", "[1], among
# others", "(among others, [1])".
_OTHERS_AFTER = re.compile(
    rf"({HOLE})(?:\s*\(\s*and\s+references\s+therein\s*\)"
    r"|\s*(?:,\s*)?and\s+references\s+therein|\s*(?:,\s*)?among\s+others)"
    r"(?=\s*(?:[,.;:!?)\]]|$))",
    re.IGNORECASE,
)
_OTHERS_BEFORE = re.compile(rf"\(\s*among\s+others\s*,?\s*({HOLE})\s*\)", re.IGNORECASE)


def _sample(match: re.Match[str]) -> str:
    """Removed citations without the words saying they are a sample, unless they open the
    sentence as its subject: "[1], among others, showed X." reads "The authors, among others,
    showed X." (``subjects``)."""
    return match.group() if not match.string[: match.start()].strip() else match.group(1)


def without_locators(text: str) -> str:
    """``text`` without the locators set off after its removed citations ("\\ue000, p. 3"),
    nor the words saying they are a sample ("\\ue000 and references therein", "\\ue000, among
    others")."""
    text = _OTHERS_BEFORE.sub(r"\1", _OTHERS_AFTER.sub(_sample, text))
    return _LOCATOR.sub(r"\1", text)


def without_respectively(text: str) -> str:
    """``text`` without a "respectively" right after removed citations that are still marked
    (no cited work named in their place: "proposed by the cited works, respectively" keeps
    it)."""
    return _RESPECTIVELY.sub(r"\1", text)
