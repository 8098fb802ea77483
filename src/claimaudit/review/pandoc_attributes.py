"""Pandoc and Quarto syntax in a paragraph's text that is no prose: attribute blocks and the
fences of fenced divs. CommonMark reads both as text; the draft reader drops them, so they are
neither words of a sentence nor uncited sentences of their own.

- An attribute block, ``{#fig:one width=50%}``, ``{#tbl:one}``, ``{.smallcaps}``: braces
  holding ``#id``, ``.class``, ``key=value`` and ``=format`` items. One with an ``#id`` or a
  ``.class`` is syntax wherever it stands (after a table caption, a display equation); one of
  ``key=value`` items alone only right after an image, a link, a span or inline code
  (``![a](f.png){width=50%}``), so "the set {x=1}" in prose stays words.
- A fenced div's fence: a line of three or more colons, alone or with attributes or a class
  (``::: {#fig-one}``, ``::: warning``, ``:::``).
- A bracketed span's brackets, ``[text]{.smallcaps}``: the ``[`` and ``]`` around the text an
  attribute block follows. A ``[...]`` holding an ``@`` outside its own brackets is a citation
  (``[see @a]``), an image's ``![...]`` and a reference link's ``[text][label]`` are no spans.

Inline code is left as written: ``{#id}`` inside backticks is code, not an attribute block.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from claimaudit.review.code_spans import code_spans

# "#fig:one", ".smallcaps": a letter first, so math's "{.5}" is no class.
_NAMED = r"[#.][A-Za-z_][^\s{}=\"']{0,200}"
_PAIR = r"[A-Za-z_][\w\-]{0,100}=(?:\"[^\"\n]{0,500}\"|'[^'\n]{0,500}'|[^\s{}\"']{1,500})"
_ITEM = r"(?:" + _NAMED + r"|" + _PAIR + r"|=[A-Za-z]\w{0,40}|-)"
_BLOCK = re.compile(r"\{[ \t]{0,40}" + _ITEM + r"(?:\s{1,40}" + _ITEM + r"){0,50}[ \t]{0,40}\}")
_HAS_NAME = re.compile(r"(?:^|\s)" + _NAMED)
# What an attribute block of key=value items alone must follow: an image's or a link's ")",
# a span's "]", inline code's "`".
_ATTACHED_AFTER = frozenset(")]`")
# A bracket group inside a span's text ("[X holds [@a].]{.note}"): its "@" is the group's.
_TOP_LEVEL_GROUPS = re.compile(r"\[[^\[\]]*\]")
_FENCE = re.compile(
    r"^[ \t]{0,3}:{3,}[ \t]{0,40}(?:\{[^{}\n]{0,500}\}|[^\s:{}][^\s{}]{0,100})?"
    r"[ \t]{0,40}:*[ \t]*$",
    re.MULTILINE,
)


def attribute_spans(text: str) -> list[tuple[int, int]]:
    """The ``[start, end)`` of each attribute block of ``text`` outside inline code."""
    if "{" not in text:
        return []  # most paragraphs: no need to find their code
    code = [False] * (len(text) + 1)
    for start, end in code_spans(text):
        code[start:end] = [True] * (end - start)
    found: list[tuple[int, int]] = []
    for match in _BLOCK.finditer(text):
        start, end = match.span()
        if code[start]:
            continue
        inner = text[start + 1 : end - 1]
        attached = start > 0 and text[start - 1] in _ATTACHED_AFTER
        if attached or _HAS_NAME.search(inner):
            found.append((start, end))
    return found


def span_brackets(text: str, attributes: Iterable[int]) -> list[int]:
    """Where the ``[`` and ``]`` of each bracketed span of ``text`` stand, given the starts of
    its attribute blocks (``attribute_spans``): those right after a span's ``]``."""
    after = [start for start in attributes if start > 0 and text[start - 1] == "]"]
    if not after:
        return []
    opening = _openings(text)
    found: list[int] = []
    for start in after:
        close = start - 1
        open_ = opening.get(close)
        if open_ is None or text[open_ - 1 : open_] in ("!", "]"):
            continue  # unmatched, an image's alt text, a reference link's label
        if "@" in _TOP_LEVEL_GROUPS.sub("", text[open_ + 1 : close]):
            continue  # a citation group
        found += [open_, close]
    return sorted(found)


def _openings(text: str) -> dict[int, int]:
    """Each ``]`` of ``text`` outside inline code that closes a ``[``, with that ``[``'s place
    (escaped brackets are text). One pass: linear in the text's length."""
    code = [False] * (len(text) + 1)
    for start, end in code_spans(text):
        code[start:end] = [True] * (end - start)
    stack: list[int] = []
    found: dict[int, int] = {}
    escaped = False
    for position, char in enumerate(text):
        if escaped or code[position]:
            escaped = False
            continue
        if char == "\\":
            escaped = True
        elif char == "[":
            stack.append(position)
        elif char == "]" and stack:
            found[position] = stack.pop()
    return found


def fence_spans(text: str) -> list[tuple[int, int]]:
    """The ``[start, end)`` of each fenced div's fence line of ``text`` (its line break not
    included)."""
    return [match.span() for match in _FENCE.finditer(text)] if ":::" in text else []
