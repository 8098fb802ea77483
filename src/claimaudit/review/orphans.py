"""A preposition whose object was a removed citation, orphaned where nothing else names the
work: "Only in [1] is X shown." read "Only in is X shown.", and a French or Spanish "de", "Le
modèle de [1] est bon." and "El modelo de [1] es bueno.", "Le modèle de est bon." and "El
modelo de es bueno.". The work is named, as English "The model of [1]" names it
(``subjects``): "Only in the cited work is X shown.", and in the sentence's language "Le modèle
de l'ouvrage cité est bon." and "El modelo de la obra citada es bueno.".

Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``).
"""

from __future__ import annotations

import re

from claimaudit.review.verbs import HOLE, REMOVED

# "Only in [1] is X shown.": the inverted verb after it says the phrase is the sentence's
# own, no pointer ("In [1] the authors show X." loses its "In").
_ONLY_IN = re.compile(
    rf"^(\s*(?:Only|Even|Just)\s+(?:in|by|from|with|through|at)\s*)({HOLE})\s*"
    r"(?=(?:is|are|was|were|has|have|had|do|does|did|can|could|will|would|may|might|must)\b)",
    re.IGNORECASE,
)
# A French or Spanish "de" (tried only where a word starts).
_OF = re.compile(rf"(?<![^\W\d_])de\s*({HOLE})")
_OF_WORKS = {
    "fr": ("de l'ouvrage cité", "des ouvrages cités"),
    "es": ("de la obra citada", "de las obras citadas"),
}
# Words of one language and not the other: which of the two a sentence is written in.
_MARKERS = {
    "fr": frozenset(
        "le les est sont du des nous une et dans avec cette ce qui sur au aux par".split()
    ),
    "es": frozenset("el los las es son del una y con esta este para por lo".split()),
}
_WORD = re.compile(r"[^\W\d_]+")


def _language(text: str) -> str | None:
    """ "fr" or "es", as more of ``text``'s words are French's or Spanish's alone; None if
    neither is."""
    words = [word.lower() for word in _WORD.findall(text)]
    counts = {language: sum(w in markers for w in words) for language, markers in _MARKERS.items()}
    if counts["fr"] == counts["es"]:
        return None
    return "fr" if counts["fr"] > counts["es"] else "es"


def named_orphans(text: str) -> str:
    """``text`` (its removed citations marked) with the cited work(s) named after "Only in"
    and an inverted verb ("Only in the cited work is X shown."), and after a French or Spanish
    "de" that had them for its object ("Le modèle de l'ouvrage cité est bon.")."""
    if only := _ONLY_IN.match(text):
        works = "the cited works" if only.group(2).count(REMOVED) > 1 else "the cited work"
        text = f"{only.group(1)}{works} {text[only.end() :]}"
    if _OF.search(text) is None or (language := _language(text)) is None:
        return text
    one, several = _OF_WORKS[language]
    return _OF.sub(lambda m: several if m.group(1).count(REMOVED) > 1 else one, text)
