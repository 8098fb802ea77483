"""Numbered citations as a draft with a References section writes them: ``[1]``, ``[1, 3-5]``,
``[1][2]`` and IEEE's ranges of bracketed numbers, ``[1]-[3]`` and ``[1]-[2]-[3]`` (any dash),
each group read here for the numbers it cites (``citations`` places them in a sentence).

A range written backwards, ``[3-1]`` or ``[3]-[1]``, cites nothing: which works the author
meant (1 to 3? 3 and 1? a typo for 3 to 4?) is a guess, and a record of a guess would name a
work the sentence may not cite. So does a group holding the number 0 (``[0]``, ``[0]-[2]``), a
number of more than 6 digits, or a range of more than 101 works (``[1-200]``, a typo, not 200
papers). One such item empties its whole group: ``[1, 4-2]`` cites nothing, 1 included, as the
typo may be anywhere in it (``[1-4, 2]``?), and a group is one mark the author wrote.
``empty_groups`` finds them all, with why, so that review says so by line rather than leaving
the sentence silently uncited.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
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
# Between a group's numbers: a comma or ";", and the "and" (or "&") a writer puts before the
# last, with a serial comma or not ("[1, 2, and 3]", "[1 and 2]").
_JOIN = r"(?:\s*[,;]\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+)"
_AND = r"(?:\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+)"  # within an item: no ";"
NUMBERS = re.compile(rf"^\s*\d+(?:\s*{_DASH}\s*\d+)?(?:{_JOIN}\d+(?:\s*{_DASH}\s*\d+)?)*\s*$")
NUMBER_ITEM = re.compile(rf"(\d+)(?:\s*{_DASH}\s*(\d+))?")
# IEEE's range of bracketed numbers, "[1]\u2013[3]": 1, 2 and 3, one group to remove; and a
# chain of them, "[1]-[2]-[3]" (each dash a range: "[1]-[3]-[5]" is 1 to 5). A bracket of it
# may hold a locator or several numbers ("[1, p. 3]\u2013[2]"): the dash spans the numbers
# either side of it (``bracket_ranges``).
# Typed as Markdown's "--" or "---" too ("[1]--[3]"), which Pandoc prints as a dash.
_RANGE_DASH = re.compile(rf"[ \t]?(?:-{{2,3}}|{_DASH})[ \t]?")
# A group whose numbers come with a pointer or a locator, as IEEE and Vancouver drafts write
# them: "[see 1]", "[e.g., 1, 2]", "[1, p. 3]", "[1, pp. 3-5; 2, Table 2]", "[cf. 1, ch. 4]".
# A locator's values are its own ("[1, p. 3, 5]" is pages 3 and 5 of work 1, never work 5): a
# number after one cites only past a ";". Only these words make one, so the author's own
# bracketed text ("[1, 2, 3] of the matrix", "[0, 1]") is read as before.
# Pointers may come several ("[see, e.g., 1]"); a word needs a blank or a comma after it.
# A locator's abbreviation may go without its stop before a blank ("[1, p 3]", "[1, eq 2]").
# German's, French's and Spanish's too: "[vgl. 1, Kap. 3]", "[voir 1]".
_POINTER = (
    r"(?:(?:(?:see\s+also|see|compare|siehe|voir|v[ée]ase)(?:\s*,\s*|\s+)"
    r"|(?:cf\.|e\.\s?g\.|i\.\s?e\.|refs?\.|vgl\.|z\.\s?b\.),?\s*)+)"
)
_LOCATOR_WORD = (
    r"(?:pp?(?:\.|(?=\s))|pages?|tab(?:le)?s?\.?|fig(?:ure)?s?\.?|sec(?:t(?:ion)?)?s?\.?|"
    r"ch(?:ap(?:ter)?)?s?\.?|§§?|eqs?(?:\.|(?=\s))|equations?|app(?:endix)?\.?|"
    r"vol(?:\.|(?=\s))|no\.|ll?\.|lines?|"
    r"thm\.|theorems?|lem(?:ma)?s?\.?|prop(?:osition)?s?\.?|cor(?:ollary)?\.?|def(?:inition)?s?\.?|"
    r"alg(?:orithm)?s?\.?|para\.|n\.|notes?|"
    # German's, French's and Spanish's: "[1, S. 4]", "[1, Kap. 3]", "[1, Abb. 2]", "[1, pág. 4]".
    r"s\.|kap\.|abb\.|abschn\.|gl\.|bd\.|p[áa]gs?\.|cap\.|[ée]q\.)"
)
# A value: "3", "3b", "S2", "4.2", "xiv", an equation's "(3)", an appendix's "B" ("B.2").
_VALUE = r"(?:[a-z]?\d+[a-z]?(?:[.:]\d+[a-z]?)*|\(\d+[a-z]?\)|[ivxlc]+|[a-z](?:\.\d+)*\b)"
# A supplement's part is located the same way: "[1, Suppl. Table 2]", "[1, Extended Data Fig. 3]".
_SUPPLEMENT = r"(?:(?:suppl(?:ementary)?\.?|extended\s+data|ext\.\s*data)\s*)?"
_LOCATOR = rf"{_SUPPLEMENT}{_LOCATOR_WORD}\s*{_VALUE}(?:\s*(?:{_DASH}|,|and|&)\s*{_VALUE})*"
_PLAIN = rf"\d+(?:\s*{_DASH}\s*\d+)?(?:{_AND}\d+(?:\s*{_DASH}\s*\d+)?)*"
_ITEM = rf"(?:{_POINTER})?{_PLAIN}(?:\s*,\s*{_LOCATOR})*"
# A pointer at the works a cited one cites ends the group: "[1, and references therein]" was
# no citation at all. Tried where a blank run starts only, its blanks taken once ("*+").
_THEREIN = (
    r"(?<!\s)(?:\s*+,)?\s*+(?:and|&)\s++(?:the\s++)?(?:references?|refs?\.?)\s++"
    r"(?:cited\s++)?therein"
)
# A note's full stop may close the group ("[See 1, p. 3.]", as Chicago's notes end).
_POINTED = re.compile(rf"^\s*{_ITEM}(?:\s*;\s*{_ITEM})*(?:{_THEREIN})?\s*+\.?\s*+$", re.IGNORECASE)
_NOT_CITED = re.compile(rf"{_THEREIN}|(?<!\s)\s*,\s*{_LOCATOR}|{_POINTER}", re.IGNORECASE)
# "values in [0, 1]": an interval of the author's, which cites nothing and is not said to.
_INTERVAL = re.compile(r"\s*0\s*,\s*\d+\s*$")


# Why an item of a numbers group is no citation's (``flaw``); each empties its whole group.
DIGITS, ZERO, BACKWARDS, LONG = "digits", "zero", "backwards", "long"


def flaw(first: str, last: str | None = None) -> str | None:
    """Why the item ``first``, or the range ``first``-``last``, cites nothing; None if it cites."""
    if max(len(first), len(last or "")) > MAX_NUMBER_DIGITS:
        return DIGITS
    low, high = int(first), int(last or first)
    if min(low, high) < 1:
        return ZERO
    if high < low:
        return BACKWARDS
    return LONG if high - low > MAX_RANGE else None


def _items(body: str) -> Iterator[tuple[str, str | None]]:
    for match in NUMBER_ITEM.finditer(body):
        yield match.group(), flaw(match.group(1), match.group(2))


def cited_body(body: str) -> str | None:
    """A group's ``body`` as the numbers it cites, its pointers and locators dropped ("see 1, p.
    3; 2" is "1; 2"); None when it is no numbers group (``NUMBERS``, or ``_POINTED``)."""
    if NUMBERS.match(body):
        return body
    closed = body.rstrip()
    if not _POINTED.match(body) or (closed.endswith(".") and NUMBERS.match(closed[:-1])):
        return None  # "[1.]" or "[1, 2.]" is no note: a stop closes a pointer's or a locator's
    return _NOT_CITED.sub(" ", body)


def group_numbers(body: str) -> list[int] | None:
    """The numbers a group's ``body`` ("1, 3-5") cites, in the order written; None when one is
    no citation's (0, too many digits, a range too long or backwards: ``flaw``)."""
    found: list[int] = []
    for match in NUMBER_ITEM.finditer(body):
        if flaw(match.group(1), match.group(2)) is not None:
            return None
        low = int(match.group(1))
        found.extend(range(low, int(match.group(2) or low) + 1))
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
        if cited_body(after.group("body")) is None:
            return False  # [1][ref] with ref undefined is still written as a link
    elif is_label(body, links):
        return False  # [1] with "[1]: url" defined: a shortcut reference link
    if before == "]":
        # [text][1] is a link's label, a[i][1] indexing; [1][2] is two citations.
        previous = _BEFORE.search(text, 0, start)
        if previous is None or cited_body(previous.group("body")) is None:
            return False
        return numbers_group(text, previous.start(), previous.end(), ())
    return True


def bracket_ranges(text: str) -> Iterator[tuple[int, int]]:
    """The spans of ``text``'s ranges of bracketed citations, "[1]-[3]", "[1]-[2]-[3]",
    "[1, p. 3]-[2]": numbered groups (``cited_body``; an interval such as "[0, 1]" is none)
    joined by a dash, each range as one group, so that no bracket of it is read alone and the
    dash between them never dangles in the claim ("X holds -.")."""
    run: list[re.Match[str]] = []
    for group in GROUP.finditer(text):
        body = group.group("body")
        cites = cited_body(body) is not None and not _INTERVAL.match(body)
        if cites and run and _RANGE_DASH.fullmatch(text, run[-1].end(), group.start()):
            run.append(group)
            continue
        if len(run) > 1:
            yield run[0].start(), run[-1].end()
        run = [group] if cites else []
    if len(run) > 1:
        yield run[0].start(), run[-1].end()


def _bracket_numbers(text: str, start: int, end: int) -> list[list[int] | None]:
    """The numbers each bracket of a range ``text[start:end]`` cites (None: a flawed one)."""
    return [
        group_numbers(cited_body(b.group("body")) or "") for b in GROUP.finditer(text, start, end)
    ]


def _chain_flaw(text: str, start: int, end: int) -> tuple[str, str] | None:
    """Why a range of bracketed numbers cites nothing, with the item at fault: a bracket's own
    flaw, else a dash's, from the last number before it to the first after (``flaw``); None
    when it cites."""
    brackets = [b.group("body") for b in GROUP.finditer(text, start, end)]
    for body, numbers in zip(brackets, _bracket_numbers(text, start, end), strict=True):
        if numbers is None:
            return next((f, item) for item, f in _items(cited_body(body) or "") if f is not None)
    cited = [n for n in _bracket_numbers(text, start, end) if n]
    for before, after in pairwise(cited):
        if (why := flaw(str(before[-1]), str(after[0]))) is not None:
            return why, f"{before[-1]}-{after[0]}"
    return None


def chain(text: str, start: int, end: int, links: Collection[str]) -> list[int] | None:
    """The numbers a range of bracketed numbers ``text[start:end]`` (``bracket_ranges``')
    cites, each once in the order written; none when a range or a bracket of it is no
    citation's (``flaw``: backwards, "[3]-[1]" as "[3-1]", too long, or from 0); None when it
    is no range: a bracket of it is no citation (a link, indexing)."""
    brackets = list(GROUP.finditer(text, start, end))
    if not all(numbers_group(text, *b.span(), links) for b in brackets):
        return None
    if _chain_flaw(text, start, end) is not None:
        return []
    found: dict[int, None] = {}  # each once, in order (a dict: a long chain stays linear)
    cited = [n for n in _bracket_numbers(text, start, end) if n]
    for before, after in pairwise(cited):
        found |= dict.fromkeys(before)
        found |= dict.fromkeys(range(before[-1], after[0] + 1))
    return list(found | dict.fromkeys(cited[-1]))


@dataclass(frozen=True)
class EmptyGroup:
    """A numbered citation as written that cites nothing, and why (``flaw``)."""

    written: str  # "[1, 4-2]"
    flaw: str
    item: str  # the item at fault, "4-2"
    alone: bool  # the group's only item (a chain of brackets counts as one)

    def said(self) -> str:
        """What review says of it: "the citation [3-1] is a range written backwards, so it
        cites nothing (write its lower number first)"."""
        what, advice = _SAID[self.flaw]
        if self.alone and self.flaw in (BACKWARDS, LONG):
            holds = f"is {what}"
        elif self.flaw in (BACKWARDS, LONG):
            holds = f"holds {what} ({self.item})"
        else:
            holds = f"holds {what}"
        others = "" if self.alone else ", not even its other numbers"
        return f"the citation {self.written} {holds}, so it cites nothing{others} ({advice})"


_SAID = {
    BACKWARDS: ("a range written backwards", "write its lower number first"),
    LONG: (
        f"a range of more than {MAX_RANGE + 1} works",
        "cite the works it means, or shorter ranges",
    ),
    ZERO: ("the number 0", "works are numbered from 1"),
    DIGITS: (f"a number of more than {MAX_NUMBER_DIGITS} digits", "no reference is numbered so"),
}


def empty_groups(text: str, *, links: Collection[str] = ()) -> list[EmptyGroup]:
    """The numbered citations of ``text`` (a sentence of a draft with a References section)
    that cite nothing, as written ("[3-1]", "[0]", "[1-200]", "[1, 5-2]", "[3]-[1]"), in
    order, each with its first flaw. Code is not read; ``links`` as for ``numbers_group``."""
    text = blank_markers(text)
    masked = [False] * len(text)
    for start, end in code_spans(text):
        masked[start:end] = [True] * (end - start)
    found: list[tuple[int, EmptyGroup]] = []
    for start, end in bracket_ranges(text):
        cited = chain(text, start, end, links)
        if cited is not None and mask(masked, start, end) and not cited:
            why, item = _chain_flaw(text, start, end) or (BACKWARDS, text[start:end])
            # A range of single numbers is one item, "[3]-[1]"; a bracket's own is named.
            alone = all(NUMBER_ITEM.fullmatch(b.strip()) for b in GROUP.findall(text, start, end))
            chained = text[start:end]
            found.append((start, EmptyGroup(chained, why, chained if alone else item, alone)))
    for group in GROUP.finditer(text):
        body = group.group("body")
        written = cited_body(body)
        if written is None:
            continue
        items = list(_items(written))
        flawed = next(((item, f) for item, f in items if f is not None), None)
        if (
            flawed is not None
            and not _INTERVAL.match(body)
            and numbers_group(text, *group.span(), links)
            and mask(masked, *group.span())
        ):
            empty = EmptyGroup(group.group(), flawed[1], flawed[0], len(items) == 1)
            found.append((group.start(), empty))
    return [empty for _, empty in sorted(found, key=lambda pair: pair[0])]


def backwards_ranges(text: str, *, links: Collection[str] = ()) -> list[str]:
    """The numbered citations of ``text`` holding a range written backwards, as written
    ("[3-1]", "[1, 5-2]", "[3]-[1]"), in order: each cites nothing (``empty_groups``)."""
    return [g.written for g in empty_groups(text, links=links) if g.flaw == BACKWARDS]
