"""A preposition a verb leaves at its clause's end, its object having come first: "stratification
is explicitly controlled for [1]", "patterns that the network searches for [1]", "confounding is
dealt with [1]". The citation after it marks the clause; it is no object of the preposition
("controlled for the cited work"). Used by ``subjects``, which otherwise names a preposition's
removed object.
"""

from __future__ import annotations

import re

# Verbs whose preposition is left at the clause's end when its object came first, by
# preposition: "stratification is explicitly controlled for [1]", "patterns that the network
# searches for [1]", "missing values were dealt with [1]". "agree with", "compare with" take
# the work for their object ("X agrees with the cited work"), so they are none of these.
_STRANDING_VERBS = {
    "for": frozenset(
        """
        control account correct adjust search look call ask allow test screen select opt pay
        care wait hope compensate
        """.split()
    ),
    "with": frozenset("deal dealt cope dispense reckon tamper".split()),
}
_CLAUSE_END = re.compile(r"\s*(?:[.;:,)!?]|$)")


def stranded(preposition: str, before: list[str], text: str, end: int) -> bool:
    """Whether ``preposition`` ("for", "with") after the word ``before`` (its list, maybe
    empty) and before a hole ending at ``end`` ends its clause after a verb that leaves it so
    (``_STRANDING_VERBS``), in any form."""
    verbs = _STRANDING_VERBS.get(preposition, frozenset())
    if not before or not verbs or not _CLAUSE_END.match(text, end):
        return False
    word = before[0]
    stems = {word} | {word.removesuffix(e) for e in ("ing", "ed", "es", "s") if word.endswith(e)}
    # "controlled" is "control" with its consonant doubled; "called" is "call"; "coped" "cop".
    stems |= {stem + "e" for stem in stems if word.endswith(("ed", "ing"))}
    return any(stem in verbs or (stem[-2:-1] == stem[-1:] and stem[:-1] in verbs) for stem in stems)
