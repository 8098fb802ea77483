"""Numbered citations in round brackets, as Vancouver-style drafts write them: "X holds (1).",
"as shown before (2, 3), Y", "(1-3)", and with the word naming a reference: "(ref. 1)", "(refs.
1, 2)", "(see ref. 4)", "(reference 2)".

A number in round brackets is an equation's ("Eq. (1)"), a list's item ("We (1) fit X and (2)
test it") or the author's own ("(2020)", "(1, 2)" a point) as often as a citation. A bracket
with the reference word is one wherever the draft's numbered reference list holds its numbers;
a bare one only where, besides, the draft writes no numbered citation of another kind ("[1]",
a raised "¹": ``citations`` finds none), it closes a clause (a stop, a comma, ";", ":", a
closing bracket or the sentence's end right after it), follows "et al." ("Smith et al. (1)
showed") or, a bare one closing a clause later in its sentence, comes before a conjunction ("X
holds (1) and Y holds (2)."), it is not glued to a word ("f(1)") nor
after a word naming an equation, a step or a condition ("Eq. (1)", "step (2)", "Eqs. (1) and
(2)"). Which numbers it cites is read as for "[...]" (``numbered``): in the order written, each
range expanded.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import pairwise

from claimaudit.review.numbered import (
    NUMBER_ITEM,
    EmptyGroup,
    cited_body,
    flaw,
    group_numbers,
)

_ROUND = re.compile(r"\((?P<body>[^()\[\]\n]{1,120})\)")
# Bare numbers in brackets, several joined as a list or a range ("(1), (2)", "(1) and (2)",
# "(1)-(3)", "(1)--(3)"): one citation, so that no joining word or dash is left behind.
_DASH = r"(?:-{2,3}|[-\u2010-\u2014\u2212])"
_PLAIN = rf"\s*\d+(?:\s*{_DASH}\s*\d+)?(?:\s*,\s*\d+(?:\s*{_DASH}\s*\d+)?)*\s*"
_JOINER = rf"(?:\s*,\s*(?:(?:and|or|&)\s+)?|\s+(?:and|or|&)\s+|[ \t]?{_DASH}[ \t]?)"
_BARE_RUN = re.compile(rf"\({_PLAIN}\)(?:{_JOINER}\({_PLAIN}\))*")
_BRACKET = re.compile(r"\(([^()]*)\)")
_RANGE_JOINER = re.compile(rf"[ \t]?{_DASH}[ \t]?")
# The word naming a reference, after a pointer perhaps: "ref. 1", "Refs 1, 2", "see ref. 4".
_REFERENCE_WORD = re.compile(
    r"^\s*(?:(?:see\s+also|see|cf\.|e\.\s?g\.,?)\s+)?(?:refs?\.?|references?)\s*(?=\d)",
    re.IGNORECASE,
)
# What closes a clause after a bare citation: it marks the clause, it is no item of a list.
_CLOSES = re.compile(r"\s*(?:[.,;:!?)\]]|$)")
# Or the authors' names it follows, "Smith et al. (1) showed X.": a citation of their work.
_AFTER_AUTHORS = re.compile(r"\bet\s+al\.?\s*$")
# Words a bare number in brackets belongs to: an equation's, a step's, a condition's ("Eq. (1)",
# "Eqs. (1) and (2)", "conditions (1)-(3)"): the last word before it, joining words passed over.
_NUMBERED_THINGS = frozenset(
    """
    eq eqs eqn eqns equation equations formula formulas formulae inequality inequalities
    identity identities step steps stage stages condition conditions criterion criteria
    constraint constraints assumption assumptions axiom axioms rule rules item items case cases
    line lines expression expressions relation relations model models hypothesis hypotheses
    problem problems system systems
    """.split()
)
_JOINING = frozenset({"and", "or", "to"})
_WORD = re.compile(r"[^\W\d_]+")


def parenthesised_marks(
    text: str, masked: list[bool], numbers: Collection[int], *, bare: bool
) -> list[tuple[int, int, list[int]]]:
    """``[start, end)`` and the numbers of each numbered citation in round brackets in ``text``
    (outside ``masked`` characters), each number one of the reference list's ``numbers``
    (none without them); ``bare``: a bracket without the reference word may be one."""
    found: list[tuple[int, int, list[int]]] = []
    if not numbers:
        return found
    taken = list(masked)
    runs = _BARE_RUN.finditer(text) if bare else iter(())
    # Bare ones before a conjunction ("X holds (1) and Y holds (2)."), cited where a bare one
    # placed as a citation follows in their sentence (``_conjoined``).
    waiting: list[tuple[int, int, list[int]]] = []
    for run in runs:
        start, end = run.span()
        placed = _bare(text, start, end)
        if any(taken[start:end]) or placed is False:
            continue
        cites = _run_numbers(text, start, end)
        if cites and all(number in numbers for number in cites):
            if placed is None:
                waiting.append((start, end, cites))
                continue
            taken[start:end] = [True] * (end - start)
            found.append((start, end, cites))
    found += _conjoined(text, waiting, [start for start, _, _ in found])
    for match in _ROUND.finditer(text):
        start, end = match.span()
        word = _REFERENCE_WORD.match(match.group("body"))
        if word is None or any(taken[start:end]):
            continue
        cited = cited_body(match.group("body")[word.end() :])
        cites = group_numbers(cited) if cited is not None else None
        if cites and all(number in numbers for number in cites):
            found.append((start, end, cites))
    return sorted(found)


def empty_parenthesised(text: str, numbers: Collection[int], *, bare: bool) -> list[EmptyGroup]:
    """The numbered citations in round brackets of ``text`` (a sentence) that cite nothing, as
    written, in order, each with its first flaw, as ``numbered.empty_groups`` finds "[3]-[1]":
    a range of bare ones placed as a citation, "(3)\u2013(1)", its ends entries of the
    reference list's ``numbers`` (where ``bare`` ones cite), and one naming a reference, "(refs.
    3-1)"."""
    found: list[tuple[int, EmptyGroup]] = []
    if not numbers:
        return []
    runs = _BARE_RUN.finditer(text) if bare else iter(())
    for run in runs:
        start, end = run.span()
        why = _range_flaw(text, start, end, numbers)
        if why is not None and _bare(text, start, end):
            found.append((start, EmptyGroup(run.group(), why, run.group(), True)))
    for match in _ROUND.finditer(text):
        word = _REFERENCE_WORD.match(match.group("body"))
        cited = cited_body(match.group("body")[word.end() :]) if word else None
        items = [
            (m.group(), flaw(m.group(1), m.group(2))) for m in NUMBER_ITEM.finditer(cited or "")
        ]
        flawed = next(((item, why) for item, why in items if why is not None), None)
        if flawed is not None:
            empty = EmptyGroup(match.group(), flawed[1], flawed[0], len(items) == 1)
            found.append((match.start(), empty))
    return [empty for _, empty in sorted(found, key=lambda pair: pair[0])]


def _range_flaw(text: str, start: int, end: int, numbers: Collection[int]) -> str | None:
    """Why a run of bare bracketed numbers joined by a range's dash ("(3)\u2013(1)") cites
    nothing (``flaw``), each bracket citing alone and the range's ends listed references; None
    when it cites, or is no such range."""
    brackets = list(_BRACKET.finditer(text, start, end))
    for before, after in pairwise(brackets):
        if not _RANGE_JOINER.fullmatch(text, before.end(), after.start()):
            continue
        first, last = group_numbers(before.group(1)), group_numbers(after.group(1))
        if not first or not last or first[-1] not in numbers or last[0] not in numbers:
            continue
        if (why := flaw(str(first[-1]), str(last[0]))) is not None:
            return why
    return None


def _run_numbers(text: str, start: int, end: int) -> list[int] | None:
    """The numbers a run of bare bracketed numbers (``_BARE_RUN``) cites, each once in the
    order written, a dash between two brackets a range ("(1)-(3)" is 1, 2, 3); None when one
    is no citation's (``numbered.flaw``: 0, backwards, too long)."""
    found: dict[int, None] = {}
    previous: re.Match[str] | None = None
    for bracket in _BRACKET.finditer(text, start, end):
        cited = group_numbers(bracket.group(1))
        if not cited:
            return None
        if previous is not None and _RANGE_JOINER.fullmatch(text, previous.end(), bracket.start()):
            last = next(reversed(found))
            if flaw(str(last), str(cited[0])) is not None:
                return None
            found |= dict.fromkeys(range(last, cited[0] + 1))
        found |= dict.fromkeys(cited)
        previous = bracket
    return list(found)


def _conjoined(
    text: str, waiting: list[tuple[int, int, list[int]]], cited: list[int]
) -> list[tuple[int, int, list[int]]]:
    """Those of the ``waiting`` bare brackets before a conjunction that a bracket ``cited``
    (their starts) follows in the same sentence: "X holds (1) and Y holds (2)." cites both,
    its "(1)" closing a clause as "(2)" does, while "We (1) fit X and (2) test it." numbers
    items, none closing a clause, and "Combining (1) and the bound gives X." cites nothing."""
    return [
        (start, end, cites)
        for start, end, cites in waiting
        if any(later > end and not _SENTENCE_END.search(text, end, later) for later in cited)
    ]


def _bare(text: str, start: int, end: int) -> bool | None:
    """Whether a bare number in brackets at ``text[start:end]`` is placed as a citation: not
    glued to a word, not after a word it numbers, closing a clause; None where it may be one,
    a conjunction after it opening a clause of its own (``_conjoined``)."""
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_)]"):
        return False
    # The cheap test first: most brackets close no clause ("(1) We ...").
    closes = _CLOSES.match(text, end) or _AFTER_AUTHORS.search(text, max(start - 10, 0), start)
    if not closes and not _CONJUNCTION.match(text, end):
        return False
    words = [word.lower() for word in _WORD.findall(text, max(start - 60, 0), start)]
    while words and words[-1] in _JOINING:
        words.pop()
    if words and words[-1] in _NUMBERED_THINGS:
        return False
    return True if closes else None


# A conjunction after a bare bracket, a clause of its own after it: "X holds (1) and Y ...".
_CONJUNCTION = re.compile(r"\s+(?:and|but|or|while|whereas)\s+[^\W\d_]")
# A sentence's end between two brackets: their sentences differ.
_SENTENCE_END = re.compile(r"[.!?](?=\s)")
