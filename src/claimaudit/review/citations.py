"""Finding the citations of a sentence, each with its place in the sentence.

Four styles:

- **keys**: Pandoc/Manubot citation groups, ``[@key]``, ``[@doi:10.1/x; @arxiv:1907.10121]``,
  ``[see @smith2020, p. 3]``. Cross-references (pandoc-crossref's ``@fig:x``, ``@tbl:x``,
  Quarto's ``@fig-x``: ``crossrefs``) are not citations.
- **numbers**: ``[1]``, ``[1, 3-5]``, ``[1][2]``, with a pointer or locator (``[see 1]``,
  ``[e.g., 1, 2]``, ``[1, p. 3]``, ``[1, Table 2; 2]``: ``numbered.cited_body``), IEEE's
  ``[1]-[3]`` and ``[1]-[2]-[3]`` (any dash), in the order written, resolved through the
  report's References section (only looked for when the report has one, so "[0, 1]" in prose
  is not taken for citations). A Markdown
  link is not one: ``[text][1]``, or ``[1]`` where the draft defines ``[1]: url``; nor is
  indexing, a group glued to a word (``x[1]``, ``a[i][1]``); a range written backwards
  (``[3-1]``, ``[3]-[1]``), too long (``[1-200]``) or from 0 (``[0]``) empties its whole group
  (``numbered``).
- **numbers in round brackets**: ``(ref. 1)``, ``(refs. 1, 2)``, and in a draft writing no
  other numbered citation ``(1)``, ``(1-3)`` where placed as a citation (``parenthesised``).
- **identifiers**: an arXiv id (``arXiv:1907.10121``), a DOI (``doi:10.1/x`` or bare ``10.1/x``)
  or an arxiv.org / doi.org URL anywhere in the sentence, links included. Other URLs are not
  citations.

Pandoc's in-text citations, ``@smith2020 found that ...``, ``@smith2020 [p. 3] says`` and
``-@smith2020`` (the author's name suppressed), and a key in braces where a bare one cannot
spell it (``@{doi:10.1000/xyz}``, ``@{smith.2020:a}``), are looked for outside brackets when
the caller says which keys are cited works (``in_text``): an ``@`` glued to a word is never one
(an email address), nor a pandoc-crossref reference, nor a name the caller does not know (an
``@username`` mention, a ``@decorator``), so prose keeps its at-signs. Nor is an ``@`` in a
URL (bare or an autolink, ``https://medium.com/@author``), after a ``/`` or in a link's
destination or title (``[the docs](https://example.org/@key)``): those are addresses, not
citations.

A footnote marker is no part of a citation, nor a link's label: "[@key][^1]" and "[1][^1]"
cite. Key groups glued together ("[@a][@b]", "[see @a][also @b]") are each a citation unless
the draft defines the second as a link's label ("[ref]: url"), as in pandoc. Inline code is
never searched. ``Citation.group`` is the span to remove from the claim text,
``Citation.reads`` what the claim reads in its place (an in-text citation's authors).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import unquote

from markdown_it.helpers import parseLinkDestination, parseLinkTitle

from claimaudit.identity import RefKind, arxiv_id_error, try_parse_ref
from claimaudit.review.code_spans import code_spans
from claimaudit.review.crossrefs import is_cross_reference
from claimaudit.review.footnotes import blank_markers
from claimaudit.review.numbered import (
    GROUP,
    bracket_ranges,
    chain,
    cited_body,
    group_numbers,
    is_label,
    mask,
    numbers_group,
)
from claimaudit.review.parenthesised import parenthesised_marks
from claimaudit.review.struck import struck_spans
from claimaudit.review.superscripts import superscript_marks
from claimaudit.text.wordchars import marks_class

# A key's characters past its first: a combining mark too, so a key typed decomposed
# ("Mu" + U+0308 + "ller2020", as macOS and some editors write it) is read whole.
_MARKS = marks_class(astral=False)
_KEY_TAIL = rf"(?:[\w{_MARKS}:.#$%&\-+?<>~/]*[\w{_MARKS}/])?"
_KEY = re.compile(rf"(?<![\w@.])-?@(?P<key>\{{[^{{}}]*\}}|\w{_KEY_TAIL})")
# Pandoc's in-text citation: "@key", or "-@key", not after a word character (an email address);
# then a locator in brackets right after it ("@smith2020 [p. 3]"), not a link's.
# Not after a "/" either: "medium.com/@author" is an address.
# A key a bare one cannot spell is written in braces, "@{doi:10.1000/xyz}", "@{smith.2020:a}".
_IN_TEXT = re.compile(
    r"(?<![\w@./])(?P<minus>-?)@"
    rf"(?:(?P<key>\w{_KEY_TAIL})|\{{(?P<braced>[^{{}}\s][^{{}}\n]{{0,499}})\}})"
)
_LOCATOR = re.compile(r" ?\[[^\[\]@]*\](?![(\[])")
# A SICI DOI's angle brackets ("35:4<413::AID-JBM1>3.0.CO;2-8"): a "<" that opens a number
# or "::" and closes before any space, never an HTML tag ("<br>") or an autolink's ">".
_SICI = r"<[\d:][^\s\"<>\[\]{}`]*>"
# A ")" is kept inside an address ("https://doi.org/10.1234/0)0"); ``_trim`` drops the one
# that closes the prose around it.
_URL = re.compile(rf"https?://(?:[^\s<>\[\]{{}}\"'`]|{_SICI})+", re.IGNORECASE)
# Addresses an in-text "@key" is never looked for in: any URL with a scheme, an autolink, a
# "www." host; and an inline link's destination and title, "[text](dest "title")".
_ADDRESS = re.compile(
    r"<[A-Za-z][A-Za-z0-9+.\-]{1,31}:[^\s<>]*>|\b[A-Za-z][A-Za-z0-9+.\-]{1,31}://[^\s<>]+"
    r"|\bwww\.[^\s<>]+",
)
_LINK_START = re.compile(r"\]\(")
_ARXIV = re.compile(
    r"\barxiv:\s?(?:\d{4}\.\d{4,5}|[a-z][a-z\-]*(?:\.[a-z]{2})?/\d{7})(?:v\d+)?\b",
    re.IGNORECASE,
)
_DOI = re.compile(rf"(?:\bdoi:\s?)?\b10\.\d{{4,9}}/(?:[^\s\"<>\[\]{{}}`]|{_SICI})+", re.IGNORECASE)
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
    reads: str = ""  # what the claim reads in the group's place


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


def _link_text(text: str, start: int, end: int, links: Collection[str]) -> bool:
    """Whether the key group ``text[start:end]`` is a link's text, as pandoc reads it: an
    inline link's ("[@a](url)") or a reference link's whose label the draft defines
    ("[@a][ref]" with "[ref]: url"). "[@a][@b]" with no such label is two citations."""
    if text[end : end + 1] == "(":
        return True
    after = GROUP.match(text, end)
    if after is None:
        return False
    return is_label(after.group("body") or text[start + 1 : end - 1], links)


def _bracket_ranges(text: str, masked: list[bool], links: Collection[str]) -> list[Citation]:
    """IEEE's ranges, "[1]\u2013[3]" (or "[1]-[3]", and a chain, "[1]-[2]-[3]"): every number
    from the first to the last, as "[1-3]" cites them, the whole range one group; read as
    several groups, the "[2]" between them would go unchecked and the claim would keep a
    dangling dash ("X holds -."). One written backwards, too long or from 0 cites nothing, and
    no bracket of it is read on its own (``empty_groups`` says so)."""
    found: list[Citation] = []
    for span in bracket_ranges(text):
        numbers = chain(text, *span, links)
        if numbers is None or not mask(masked, *span):
            continue
        found += [Citation(CitationStyle.NUMBER, f"[{n}]", str(n), *span, span) for n in numbers]
    return found


def _groups(
    text: str, masked: list[bool], numbered: bool, links: Collection[str]
) -> list[Citation]:
    found = _bracket_ranges(text, masked, links) if numbered else []
    for group in GROUP.finditer(text):
        body, offset = group.group("body"), group.start("body")
        span = (group.start(), group.end())
        if "@" in body and not _link_text(text, *span, links):
            keys = [k for k in _KEY.finditer(body) if not is_cross_reference(k.group("key"))]
            if not keys or not mask(masked, *span):
                continue
            for key in keys:
                name = key.group("key").strip("{}")
                start, end = offset + key.start(), offset + key.end()
                found.append(Citation(CitationStyle.KEY, f"@{name}", name, start, end, span))
        elif (
            numbered
            and (cited := cited_body(body)) is not None
            and numbers_group(text, *span, links)
        ):
            numbers = group_numbers(cited)
            if not numbers or not mask(masked, *span):
                continue
            for number in numbers:
                found.append(
                    Citation(CitationStyle.NUMBER, f"[{number}]", str(number), *span, span)
                )
    return found


def _identifiers(text: str, masked: list[bool]) -> list[Citation]:
    found: list[Citation] = []
    urls = [m.span() for m in _URL.finditer(text)]
    for pattern in (_URL, _ARXIV, _DOI):
        for match in pattern.finditer(text):
            start, end = match.start(), _trim(text, match.start(), match.end())
            value = key = text[start:end]
            if pattern is _DOI and any(a <= start and end <= b for a, b in urls):
                # A DOI in a publisher's address is percent-encoded, as the address is: it is
                # decoded once here, since bare DOI text (which may hold "%") is taken as is.
                key = unquote(value)
            ref = try_parse_ref(key)
            # An arXiv id arXiv never issued (a typo) still cites: resolving it says why not.
            refused = ref is None and arxiv_id_error(value) is not None
            if not refused and (ref is None or ref.kind is RefKind.LOCAL):
                continue
            # An autolink's angle brackets go with it when the claim text is cleaned.
            group = (
                (start - 1, end + 1)
                if text[start - 1 : start] == "<" and text[end : end + 1] == ">"
                else (start, end)
            )
            if mask(masked, start, end):
                found.append(Citation(CitationStyle.IDENTIFIER, value, key, start, end, group))
    return found


InTextNames = Callable[[str], str | None]


def _addresses(text: str) -> list[bool]:
    """Which characters of ``text`` belong to a URL, an autolink or a link's destination and
    title, where an ``@`` is no in-text citation."""
    inside = [False] * len(text)
    for match in _ADDRESS.finditer(text):
        inside[match.start() : match.end()] = [True] * (match.end() - match.start())
    for link in _LINK_START.finditer(text):
        position = link.end()
        while position < len(text) and text[position] in " \t\n":
            position += 1
        destination = parseLinkDestination(text, position, len(text))
        if not destination.ok:
            continue
        end = destination.pos
        after = end
        while after < len(text) and text[after] in " \t\n":
            after += 1
        title = parseLinkTitle(text, after, len(text)) if after > end else None
        if title is not None and title.ok:
            end = title.pos
        inside[link.end() : end] = [True] * (end - link.end())
    return inside


def _in_text(text: str, masked: list[bool], names: InTextNames) -> list[Citation]:
    """Pandoc's in-text citations outside brackets, code and addresses (``_addresses``), each
    key one ``names`` knows: it gives what the citation prints in the sentence (the authors),
    None for no citation."""
    brackets = _addresses(text)
    for group in GROUP.finditer(text):  # a bracket group's keys are its own (``_groups``)
        brackets[group.start() : group.end()] = [True] * (group.end() - group.start())
    found: list[Citation] = []
    for match in _IN_TEXT.finditer(text):
        start, key = match.start(), match.group("key") or match.group("braced").strip()
        if brackets[start] or masked[start] or is_cross_reference(key):
            continue
        shown = names(key)
        if shown is None:
            continue
        locator = _LOCATOR.match(text, match.end())
        end = locator.end() if locator is not None else match.end()
        if not mask(masked, start, end):
            continue
        reads = "" if match.group("minus") else shown
        found.append(
            Citation(CitationStyle.KEY, f"@{key}", key, start, match.end(), (start, end), reads)
        )
    return found


def find_citations(
    text: str,
    *,
    numbered: bool = False,
    links: Collection[str] = (),
    in_text: InTextNames | None = None,
    raised: Collection[int] = (),
    parenthesised: Collection[int] = (),
    bare: bool = False,
) -> list[Citation]:
    """Every citation in ``text``, in order of position. ``links`` are the labels of the
    draft's link definitions (``[1]: url``), as markdown-it normalises them; ``in_text(key)``
    says what an in-text ``@key`` prints, None when it is no citation (without it, none is);
    ``raised``, the numbers of the draft's reference list, which a superscript mark may cite
    (``superscripts``: none without them); ``parenthesised``, the numbers a citation in round
    brackets may cite, "(ref. 1)", and with ``bare`` "(1)" too (``parenthesised``)."""
    text = blank_markers(text)  # same length: positions hold in the caller's text
    masked = [False] * len(text)
    code = code_spans(text)
    # Struck text is deleted text: "X holds ~~[1]~~ [2]." cites 2 alone.
    for start, end in [*code, *struck_spans(text, code)]:
        masked[start:end] = [True] * (end - start)
    found = _in_text(text, masked, in_text) if in_text is not None else []
    found += _groups(text, masked, numbered, links) + _identifiers(text, masked)
    for start, end, numbers in superscript_marks(text, masked, raised):
        if mask(masked, start, end):
            found += [
                Citation(CitationStyle.NUMBER, f"[{n}]", str(n), start, end, (start, end))
                for n in numbers
            ]
    for start, end, numbers in parenthesised_marks(text, masked, parenthesised, bare=bare):
        if mask(masked, start, end):
            found += [
                Citation(CitationStyle.NUMBER, f"[{n}]", str(n), start, end, (start, end))
                for n in numbers
            ]
    # By position only, stably: a group's numbers share one, and keep the order written ("[8-11]"
    # is 8, 9, 10, 11; sorted by label it read 10, 11, 8, 9).
    return sorted(found, key=lambda c: c.start)
