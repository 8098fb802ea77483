"""A "for" a verb leaves at its clause's end, its object having come first: "stratification is
explicitly controlled for [1]", "patterns that the network searches for [1]". The citation
after it marks the clause; it is no object of "for" ("controlled for the cited work"). Used by
``subjects``, which otherwise names a preposition's removed object.
"""

from __future__ import annotations

import re

# Verbs whose "for" is left at the clause's end when its object came first ("stratification is
# explicitly controlled for [1]", "patterns that the network searches for [1]"): the citation
# after it marks the clause, no object of "for" ("controlled for the cited work").
_FOR_VERBS = frozenset(
    """
    control account correct adjust search look call ask allow test screen select opt pay care
    wait hope compensate
    """.split()
)
_CLAUSE_END = re.compile(r"\s*(?:[.;:,)!?]|$)")


def stranded(before: list[str], text: str, end: int) -> bool:
    """Whether a "for" after the word ``before`` (its list, maybe empty) and before a hole
    ending at ``end`` ends its clause after a verb of ``_FOR_VERBS``, in any form."""
    if not before or not _CLAUSE_END.match(text, end):
        return False
    word = before[0]
    stems = {word} | {word.removesuffix(e) for e in ("ing", "ed", "es", "s") if word.endswith(e)}
    # "controlled" is "control" with its consonant doubled; "called" is "call".
    return any(
        stem in _FOR_VERBS or (stem[-2:-1] == stem[-1:] and stem[:-1] in _FOR_VERBS)
        for stem in stems
    )
