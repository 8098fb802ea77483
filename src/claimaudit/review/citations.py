"""Finding the citations of a sentence, each with its place in the sentence.

Three styles:

- **keys**: Pandoc/Manubot citation groups, ``[@key]``, ``[@doi:10.1/x; @arxiv:1907.10121]``,
  ``[see @smith2020, p. 3]``. pandoc-crossref references (``@fig:x``, ``@tbl:x``) are not citations.
- **numbers**: ``[1]``, ``[1, 3-5]``, resolved through the report's References section (only
  looked for when the report has one, so "[0, 1]" in prose is not taken for citations).
- **identifiers**: an arXiv id (``arXiv:1907.10121``), a DOI (``doi:10.1/x`` or bare ``10.1/x``)
  or an arxiv.org / doi.org URL anywhere in the sentence, links included. Other URLs are not
  citations.

Inline code is never searched. ``Citation.group`` is the span to remove from the claim text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from claimaudit.identity import RefKind, try_parse_ref

MAX_RANGE = 100  # "[3-5]" expands; "[1-100000]" is a typo, not a hundred thousand papers

_CODE = re.compile(r"(`+)(?:.|\n)+?\1")
_GROUP = re.compile(r"\[(?P<body>[^\[\]]*)\](?![(\[])")
_KEY = re.compile(
    r"(?<![\w@.])-?@(?P<key>\{[^{}]*\}|\w(?:[\w:.#$%&\-+?<>~/]*[\w/])?)",
)
_CROSSREF = re.compile(r"^(?:fig|tbl|eq|sec|lst):", re.IGNORECASE)
_NUMBERS = re.compile(
    r"^\s*\d+(?:\s*[-\u2013\u2014]\s*\d+)?(?:\s*[,;]\s*\d+(?:\s*[-\u2013\u2014]\s*\d+)?)*\s*$"
)
_NUMBER_ITEM = re.compile(r"(\d+)(?:\s*[-\u2013\u2014]\s*(\d+))?")
_URL = re.compile(r"https?://(?:[^\s<>()\[\]{}\"'`]|\([^\s<>()]*\))+", re.IGNORECASE)
_ARXIV = re.compile(
    r"\barxiv:\s?(?:\d{4}\.\d{4,5}|[a-z][a-z\-]*(?:\.[a-z]{2})?/\d{7})(?:v\d+)?\b",
    re.IGNORECASE,
)
_DOI = re.compile(r"(?:\bdoi:\s?)?\b10\.\d{4,9}/[^\s\"<>\[\]{}`]+", re.IGNORECASE)
_TRAILING = ".,;:!?'\u2019\u201d"


class CitationStyle(StrEnum):
    KEY = "key"
    NUMBER = "number"
    IDENTIFIER = "identifier"


@dataclass(frozen=True)
class Citation:
    """One cited work: ``label`` names it as written ("@doi:10.1/x", "[3]", "arXiv:1907.10121");
    ``key`` is what resolves it ("doi:10.1/x", "3", "arXiv:1907.10121")."""

    style: CitationStyle
    label: str
    key: str
    start: int
    end: int
    group: tuple[int, int]


def _trim(text: str, start: int, end: int) -> int:
    """End of an identifier or URL without trailing punctuation or an unbalanced ")"."""
    while end > start:
        last = text[end - 1]
        unbalanced = last == ")" and text[start:end].count("(") < text[start:end].count(")")
        if last in _TRAILING or unbalanced:
            end -= 1
        else:
            break
    return end


def _numbers(body: str) -> list[int] | None:
    found: list[int] = []
    for match in _NUMBER_ITEM.finditer(body):
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if low < 1 or high < low or high - low > MAX_RANGE:
            return None
        found.extend(range(low, high + 1))
    return found


def _mask(masked: list[bool], start: int, end: int) -> bool:
    """Claim [start, end) unless part of it is already taken."""
    if any(masked[start:end]):
        return False
    masked[start:end] = [True] * (end - start)
    return True


def _groups(text: str, masked: list[bool], numbered: bool) -> list[Citation]:
    found: list[Citation] = []
    for group in _GROUP.finditer(text):
        body, offset = group.group("body"), group.start("body")
        span = (group.start(), group.end())
        if "@" in body:
            keys = [k for k in _KEY.finditer(body) if not _CROSSREF.match(k.group("key"))]
            if not keys or not _mask(masked, *span):
                continue
            for key in keys:
                name = key.group("key").strip("{}")
                start, end = offset + key.start(), offset + key.end()
                found.append(Citation(CitationStyle.KEY, f"@{name}", name, start, end, span))
        elif numbered and _NUMBERS.match(body):
            numbers = _numbers(body)
            if not numbers or not _mask(masked, *span):
                continue
            for number in numbers:
                found.append(
                    Citation(CitationStyle.NUMBER, f"[{number}]", str(number), *span, span)
                )
    return found


def _identifiers(text: str, masked: list[bool]) -> list[Citation]:
    found: list[Citation] = []
    for pattern in (_URL, _ARXIV, _DOI):
        for match in pattern.finditer(text):
            start, end = match.start(), _trim(text, match.start(), match.end())
            value = text[start:end]
            ref = try_parse_ref(value)
            if ref is None or ref.kind is RefKind.LOCAL:
                continue
            # An autolink's angle brackets go with it when the claim text is cleaned.
            group = (
                (start - 1, end + 1)
                if text[start - 1 : start] == "<" and text[end : end + 1] == ">"
                else (start, end)
            )
            if _mask(masked, start, end):
                found.append(Citation(CitationStyle.IDENTIFIER, value, value, start, end, group))
    return found


def find_citations(text: str, *, numbered: bool = False) -> list[Citation]:
    """Every citation in ``text``, in order of position."""
    masked = [False] * len(text)
    for code in _CODE.finditer(text):
        masked[code.start() : code.end()] = [True] * (code.end() - code.start())
    found = _groups(text, masked, numbered) + _identifiers(text, masked)
    return sorted(found, key=lambda c: (c.start, c.label))
