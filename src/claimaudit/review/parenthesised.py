"""Numbered citations in round brackets, as Vancouver-style drafts write them: "X holds (1).",
"as shown before (2, 3), Y", "(1-3)", and with the word naming a reference: "(ref. 1)", "(refs.
1, 2)", "(see ref. 4)", "(reference 2)".

A number in round brackets is an equation's ("Eq. (1)"), a list's item ("We (1) fit X and (2)
test it") or the author's own ("(2020)", "(1, 2)" a point) as often as a citation. A bracket
with the reference word is one wherever the draft's numbered reference list holds its numbers;
a bare one only where, besides, the draft writes no numbered citation of another kind ("[1]",
a raised "¹": ``citations`` finds none), it closes a clause (a stop, a comma, ";", ":", a
closing bracket or the sentence's end right after it), it is not glued to a word ("f(1)") nor
after a word naming an equation, a step or a condition ("Eq. (1)", "step (2)", "Eqs. (1) and
(2)"). Which numbers it cites is read as for "[...]" (``numbered``): in the order written, each
range expanded.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from claimaudit.review.numbered import NUMBERS, cited_body, group_numbers

_ROUND = re.compile(r"\((?P<body>[^()\[\]\n]{1,120})\)")
# The word naming a reference, after a pointer perhaps: "ref. 1", "Refs 1, 2", "see ref. 4".
_REFERENCE_WORD = re.compile(
    r"^\s*(?:(?:see\s+also|see|cf\.|e\.\s?g\.,?)\s+)?(?:refs?\.?|references?)\s*(?=\d)",
    re.IGNORECASE,
)
# What closes a clause after a bare citation: it marks the clause, it is no item of a list.
_CLOSES = re.compile(r"\s*(?:[.,;:!?)\]]|$)")
# Words a bare number in brackets belongs to: an equation's, a step's, a condition's ("Eq. (1)",
# "Eqs. (1) and (2)", "conditions (1)-(3)").
_NUMBERED_THING = re.compile(
    r"\b(?:eqs?|eqns?|equations?|formulas?|formulae|inequalit(?:y|ies)|identit(?:y|ies)|"
    r"steps?|stages?|conditions?|criteri(?:on|a)|constraints?|assumptions?|axioms?|rules?|"
    r"items?|cases?|lines?|expressions?|relations?|models?|hypothes[ei]s|problems?|systems?)"
    r"\.?\s*(?:\(\d+[a-z]?\)\s*(?:,|and|or|to|-|\u2013)\s*)*$",
    re.IGNORECASE,
)


def parenthesised_marks(
    text: str, masked: list[bool], numbers: Collection[int], *, bare: bool
) -> list[tuple[int, int, list[int]]]:
    """``[start, end)`` and the numbers of each numbered citation in round brackets in ``text``
    (outside ``masked`` characters), each number one of the reference list's ``numbers``
    (none without them); ``bare``: a bracket without the reference word may be one."""
    found: list[tuple[int, int, list[int]]] = []
    if not numbers:
        return found
    for match in _ROUND.finditer(text):
        start, end = match.span()
        if any(masked[start:end]):
            continue
        body = match.group("body")
        word = _REFERENCE_WORD.match(body)
        if word is not None:
            cited = cited_body(body[word.end() :])
        elif bare and _bare(text, start, end) and NUMBERS.match(body):
            cited = body
        else:
            continue
        cites = group_numbers(cited) if cited is not None else None
        if cites and all(number in numbers for number in cites):
            found.append((start, end, cites))
    return found


def _bare(text: str, start: int, end: int) -> bool:
    """Whether a bare number in brackets at ``text[start:end]`` is placed as a citation: not
    glued to a word, not after a word it numbers, closing a clause."""
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_)]"):
        return False
    if _NUMBERED_THING.search(text, max(start - 60, 0), start):
        return False
    return bool(_CLOSES.match(text, end))
