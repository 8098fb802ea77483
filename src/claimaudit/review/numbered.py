"""Numbered citations as a draft with a References section writes them: ``[1]``, ``[1, 3-5]``,
``[1][2]`` and IEEE's ranges of bracketed numbers, ``[1]-[3]`` and ``[1]-[2]-[3]`` (any dash),
each group read here for the numbers it cites (``citations`` places them in a sentence).

A range written backwards, ``[3-1]`` or ``[3]-[1]``, cites nothing: which works the author
meant (1 to 3? 3 and 1? a typo for 3 to 4?) is a guess, and a record of a guess would name a
work the sentence may not cite. ``backwards_ranges`` finds them, so that review says so by line
rather than leaving the sentence silently uncited.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import pairwise

from markdown_it.common.utils import normalizeReference

from claimaudit.review.code_spans import code_spans
from claimaudit.review.footnotes import blank_markers

MAX_RANGE = 100  # "[3-5]" expands; "[1-100000]" is a typo, not a hundred thousand papers
# No draft lists a million references; past 4300 digits int() refuses a number (a traceback).
MAX_NUMBER_DIGITS = 6

GROUP = re.compile(r"\[(?P<body>[^\[\]]*)\]")
_BEFORE = re.compile(r"\[(?P<body>[^\[\]]*)\]$")  # the bracket group that ends where one starts
# A range's dash as drafts type it: ASCII's, the en and em dash, and the hyphen, non-breaking
# hyphen, figure dash and minus sign a word processor puts there ("[1\u20103]").
_DASH = r"[-\u2010-\u2014\u2212]"
NUMBERS = re.compile(rf"^\s*\d+(?:\s*{_DASH}\s*\d+)?(?:\s*[,;]\s*\d+(?:\s*{_DASH}\s*\d+)?)*\s*$")
_NUMBER_ITEM = re.compile(rf"(\d+)(?:\s*{_DASH}\s*(\d+))?")
# IEEE's range of bracketed numbers, "[1]\u2013[3]": 1, 2 and 3, one group to remove; and a
# chain of them, "[1]-[2]-[3]" (each dash a range: "[1]-[3]-[5]" is 1 to 5).
BRACKET_RANGE = re.compile(rf"\[\s*\d+\s*\](?:[ \t]?{_DASH}[ \t]?\[\s*\d+\s*\])+")


def group_numbers(body: str) -> list[int] | None:
    """The numbers a group's ``body`` ("1, 3-5") cites, in the order written; None when one is
    no citation's (0, too many digits, a range too long or backwards)."""
    found: list[int] = []
    for match in _NUMBER_ITEM.finditer(body):
        if max(len(match.group(1)), len(match.group(2) or "")) > MAX_NUMBER_DIGITS:
            return None
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if low < 1 or high < low or high - low > MAX_RANGE:
            return None
        found.extend(range(low, high + 1))
    return found


def mask(masked: list[bool], start: int, end: int) -> bool:
    """Claim [start, end) unless part of it is already taken."""
    if any(masked[start:end]):
        return False
    masked[start:end] = [True] * (end - start)
    return True


def is_label(body: str, links: Collection[str]) -> bool:
    """Whether ``body`` is the label of one of the draft's link definitions (``links``)."""
    return normalizeReference(body) in links


def _glued(text: str, start: int) -> bool:
    """Whether a code-like name ends at ``start``: one letter, or a name with a digit or an
    underscore (``x[1]``, ``x2[1]``, ``my_list[1]``). A word ("shown before[1]") still cites,
    since some styles glue the mark to it, and so does a bare number ("in 2020[1]")."""
    first = start
    while first > 0 and (text[first - 1].isalnum() or text[first - 1] == "_"):
        first -= 1
    name = text[first:start]
    if not name or name.isdecimal():
        return False
    return len(name) == 1 or any(c.isdigit() or c == "_" for c in name)


def numbers_group(text: str, start: int, end: int, links: Collection[str]) -> bool:
    """Whether the numbers group ``text[start:end]`` cites (not a link, not indexing)."""
    before = text[start - 1 : start]
    if _glued(text, start):
        return False  # x[1], x2[1]: indexing
    if text[end : end + 1] == "(":
        return False  # [1](url): an inline link
    body = text[start + 1 : end - 1]
    after = GROUP.match(text, end)
    if after is not None:
        label = after.group("body") or body  # [1][] is a collapsed reference link
        if is_label(label, links):
            return False  # [1][ref]: a reference link
        if not NUMBERS.match(after.group("body")):
            return False  # [1][ref] with ref undefined is still written as a link
    elif is_label(body, links):
        return False  # [1] with "[1]: url" defined: a shortcut reference link
    if before == "]":
        # [text][1] is a link's label, a[i][1] indexing; [1][2] is two citations.
        previous = _BEFORE.search(text, 0, start)
        if previous is None or not NUMBERS.match(previous.group("body")):
            return False
        return numbers_group(text, previous.start(), previous.end(), ())
    return True


def chain(text: str, start: int, end: int, links: Collection[str]) -> list[int] | None:
    """The numbers a range of bracketed numbers ``text[start:end]`` (``BRACKET_RANGE``'s) cites,
    each once in the order written; none when it runs backwards ("[3]-[1]", as "[3-1]"); None
    when it is no range: a bracket of it is no citation (a link, indexing), or a range of it
    is too long."""
    brackets = list(GROUP.finditer(text, start, end))
    if not all(numbers_group(text, *b.span(), links) for b in brackets):
        return None
    found: dict[int, None] = {}  # each once, in order (a dict: a long chain stays linear)
    for low, high in pairwise(int(b.group("body")) for b in brackets):
        if high < low:
            return []
        cited = group_numbers(f"{low}-{high}")
        if not cited:
            return None
        found |= dict.fromkeys(cited)
    return list(found)


def _backwards(body: str) -> bool:
    """Whether a numbers group's body holds a range written backwards ("3-1")."""
    return any(
        m.group(2) is not None and int(m.group(2)) < int(m.group(1))
        for m in _NUMBER_ITEM.finditer(body)
        if max(len(m.group(1)), len(m.group(2) or "")) <= MAX_NUMBER_DIGITS
    )


def backwards_ranges(text: str, *, links: Collection[str] = ()) -> list[str]:
    """The numbered citations of ``text`` (a sentence of a draft with a References section)
    holding a range written backwards, as written ("[3-1]", "[1, 5-2]", "[3]-[1]"), in order:
    each cites nothing. Code is not read; ``links`` as for ``numbers_group``."""
    text = blank_markers(text)
    masked = [False] * len(text)
    for start, end in code_spans(text):
        masked[start:end] = [True] * (end - start)
    found: list[tuple[int, str]] = []
    for match in BRACKET_RANGE.finditer(text):
        cited = chain(text, *match.span(), links)
        if cited is not None and mask(masked, *match.span()) and not cited:
            found.append((match.start(), match.group()))
    for group in GROUP.finditer(text):
        body = group.group("body")
        if (
            NUMBERS.match(body)
            and _backwards(body)
            and numbers_group(text, *group.span(), links)
            and mask(masked, *group.span())
        ):
            found.append((group.start(), group.group()))
    return [written for _, written in sorted(found)]
