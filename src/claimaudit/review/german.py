"""A German pointer at a cited work opening the sentence before its verb: "Laut [1] gilt X.",
"[1] zufolge gilt X.", "Wie in [1] gezeigt, gilt X.", "Wie [1] zeigt, gilt X.", "Nach [1]
gilt X.", "In [1] wird X gezeigt.".

German puts the verb second: the pointer is the sentence's first part, and without it the
sentence opens with its verb, "Gilt X.", which reads as a question ("Does X hold?"), not as
the author's claim. So the pointer stays, the cited work named in it as German names it ("Laut
der zitierten Arbeit gilt X."), as an English sentence whose citation is its subject names "the
authors"; English "According to [1], X holds." and German "X gilt laut [1]." lose their pointer
whole, the rest being a sentence of its own ("X holds.", "X gilt."), as does one set off by a
comma, "Laut [1], X gilt.".

Used by ``leftovers.tidy`` on a sentence whose removed citations are marked (``REMOVED``).
"""

from __future__ import annotations

import re

from claimaudit.review.abroad import SHOWN_ABROAD, SHOWS_ABROAD
from claimaudit.review.verbs import HOLE, REMOVED, UNNAMED_AUTHORS

# Each is read from the sentence's start only, and a verb in lower case must follow (``_verb``):
# "Laut [1] X gilt." (the verb last) is a sentence once the pointer goes.
_VERB = r"(?=[^\W\d_])"
# A textual citation of a work no entry names authors for ("Laut @doi:10.1/a gilt X.") printed
# "the authors" (``claims.in_text_names``): the work is named in German all the same, not
# "Laut the authors gilt X.".
_CITED = rf"{HOLE}|{UNNAMED_AUTHORS}"
_ACCORDING = re.compile(
    rf"^(\s*)(laut|gemäß|gemäss|nach|bei)\s*({_CITED})\s+{_VERB}", re.IGNORECASE
)
# "In [1] wird X gezeigt.": "in" is English too ("In [1] the authors show X." loses it), so only
# before a verb that is German's alone.
_GERMAN_VERBS = "wird|werden|wurde|wurden|ist|sind|gilt|gelten|zeigt|zeigen|hat|haben|kann|können"
_IN = re.compile(rf"^(\s*)(in)\s*({_CITED})\s+(?=(?:{_GERMAN_VERBS})\b)", re.IGNORECASE)
_ZUFOLGE = re.compile(rf"^(\s*)({_CITED})\s*(zufolge)\s+{_VERB}", re.IGNORECASE)
_AS_SHOWN_IN = re.compile(
    rf"^(\s*)(wie\s+(?:in|bei|von))\s*({_CITED})(?:\s*({'|'.join(sorted(SHOWN_ABROAD))}))?"
    rf"(?<!\s)(?:\s*(,))?\s*{_VERB}",
    re.IGNORECASE,
)
# "Wie [1] gezeigt hat, gilt X." too, its verb in the perfect (was "Wie gezeigt hat, gilt X.").
_SHOWS = rf"{'|'.join(sorted(SHOWS_ABROAD))}|(?:{'|'.join(sorted(SHOWN_ABROAD))})\s+(?:hat|haben)"
_AS_SHOWS = re.compile(
    rf"^(\s*)(wie)\s*({_CITED})\s*({_SHOWS})(?<!\s)\s*,\s*{_VERB}",
    re.IGNORECASE,
)


# "Im Anschluss an [1] verwenden wir X.": a pointer taking its object in the accusative (was
# "Im Anschluss an verwenden wir X.").
_FOLLOWING = re.compile(
    rf"^(\s*)(im\s+anschluss\s+an|in\s+anlehnung\s+an)\s*({_CITED})(?<!\s)(?:\s*(,))?\s*{_VERB}",
    re.IGNORECASE,
)


def _dative(hole: str) -> str:
    return "den zitierten Arbeiten" if hole.count(REMOVED) > 1 else "der zitierten Arbeit"


def _nominative(hole: str) -> str:
    return "die zitierten Arbeiten" if hole.count(REMOVED) > 1 else "die zitierte Arbeit"


def named_in_fronted_pointer(text: str) -> str:
    """``text`` (its removed citations marked) with the cited work named in a German pointer
    opening it before its verb ("Laut \ue000 gilt X." reads "Laut der zitierten Arbeit gilt
    X."); any other ``text`` as it is."""
    if found := _ACCORDING.match(text) or _IN.match(text):
        head = f"{found.group(1)}{found.group(2)} {_dative(found.group(3))} "
    elif found := _ZUFOLGE.match(text):
        named = _dative(found.group(2))
        head = f"{found.group(1)}{named[:1].upper()}{named[1:]} {found.group(3)} "
    elif found := _AS_SHOWN_IN.match(text):
        # "Wie bei [1], gilt X.": the participle may be left out.
        shown = f" {found.group(4)}" if found.group(4) else ""
        comma = found.group(5) or ""
        head = f"{found.group(1)}{found.group(2)} {_dative(found.group(3))}{shown}{comma} "
    elif found := _FOLLOWING.match(text):
        comma = found.group(4) or ""
        head = f"{found.group(1)}{found.group(2)} {_nominative(found.group(3))}{comma} "
    elif found := _AS_SHOWS.match(text):
        named = _nominative(found.group(3))
        head = f"{found.group(1)}{found.group(2)} {named} {found.group(4)}, "
    else:
        return text
    if not text[found.end()].islower():
        return text
    return head + text[found.end() :]
