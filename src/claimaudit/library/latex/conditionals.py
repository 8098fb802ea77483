"""Conditionals a paper sets itself, read as TeX decides them: a ``\\newif`` flag
(``\\newif\\ifarxiv \\arxivtrue`` ... ``\\ifarxiv long text\\else short text\\fi``), ``\\iftrue``,
and ``\\ifdefined\\x`` where the paper defines ``\\x`` itself. Only the branch TeX takes is kept;
printed both, a paper read its arXiv and its conference text one after the other, and the test
printed the macro's body ("1 Long text.Short text."). ``\\ifdefined`` of a name the paper does not
define (a package's, the class's) cannot be decided here and is left as it is; so is a
conditional whose ``\\fi`` is not found. (``\\iffalse`` is ``latex_unprinted``'s.)
"""

from __future__ import annotations

import bisect
import heapq
import re

from claimaudit.library.latex.spans import without_spans
from claimaudit.library.latex.unprinted import PRIMITIVE_IFS

_NEWIF = re.compile(r"\\newif\s{0,40}\\if([A-Za-z@]+)")
_DEFINED = re.compile(
    r"\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand|DeclareMathOperator)\*?"
    r"\s{0,40}\{?\s{0,40}\\([A-Za-z@]+)"
    r"|\\(?:[gex]?def|let)\s{0,40}\\([A-Za-z@]+)"
)
_TOKEN = re.compile(r"\\(if[A-Za-z@]*|else|fi)(?![A-Za-z@])")
# The most flags read from one source (each is a name in one pattern).
_MAX_FLAGS = 200
_IFDEFINED_NAME = re.compile(r"\s{0,40}\\([A-Za-z@]+)")


def decide_conditionals(source: str) -> str:
    """``source`` with the branches its own flags and definitions rule out dropped."""
    return without_spans(source, conditional_spans(source))


def conditional_spans(source: str, outer: str = "") -> list[tuple[int, int]]:
    """Where ``source`` holds what TeX does not print by its own flags and definitions (in
    order, apart): each decided conditional's words and the branch it does not take, and
    every flag setting (``\\arxivtrue``). ``outer``: a text read before it (a draft's main
    file, for a file it includes), whose flags, settings and definitions count too."""
    if not outer:
        return _spans(source)
    offset = len(outer) + 1
    spans = _spans(f"{outer}\n{source}")
    return [(start - offset, end - offset) for start, end in spans if start >= offset]


def _spans(source: str) -> list[tuple[int, int]]:
    flags = set(_NEWIF.findall(source)[:_MAX_FLAGS])
    if "\\iftrue" not in source and "\\ifdefined" not in source and not flags:
        return []
    settings = (
        re.compile(r"\\(" + "|".join(map(re.escape, flags)) + r")(true|false)(?![A-Za-z@])")
        if flags
        else None
    )
    values: dict[str, list[tuple[int, bool]]] = {}
    setting_spans: list[tuple[int, int]] = []
    for setting in settings.finditer(source) if settings is not None else ():
        values.setdefault(setting.group(1), []).append(
            (setting.start(), setting.group(2) == "true")
        )
        setting_spans.append(setting.span())
    defined: dict[str, int] = {}
    for definition in _DEFINED.finditer(source):
        defined.setdefault(definition.group(1) or definition.group(2), definition.start())
    conditionals = PRIMITIVE_IFS | {f"if{flag}" for flag in flags}
    removed: list[tuple[int, int]] = []
    ahead: list[tuple[int, int]] = []
    dropped_to = 0
    for start, opened, else_at, fi_at in _matched(source, conditionals):
        while ahead and ahead[0][0] <= start:
            dropped_to = max(dropped_to, heapq.heappop(ahead)[1])
        if start < dropped_to:
            continue  # inside a branch already dropped
        value, branch = _value(source, start, opened, flags, values, defined)
        if value is None:
            continue
        fi_end = fi_at + len("\\fi")
        if value:
            spans = [(start, branch), (else_at if else_at is not None else fi_at, fi_end)]
        elif else_at is not None:
            spans = [(start, else_at + len("\\else")), (fi_at, fi_end)]
        else:
            spans = [(start, fi_end)]
        removed.extend(spans)
        # Spans nest or lie apart: a conditional is in a dropped one when one that starts
        # before it ends after it (those still ahead wait in a heap, by start).
        for span in spans:
            heapq.heappush(ahead, span)
    # A flag's setting prints nothing (one in a dropped branch goes with it).
    merged: list[tuple[int, int]] = []
    for start, end in sorted([*removed, *setting_spans]):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _matched(source: str, conditionals: frozenset[str]) -> list[tuple[int, str, int | None, int]]:
    """Each conditional whose ``\\fi`` is found, in order: where it starts, its word, where its
    own ``\\else`` (None without) and ``\\fi`` start. One pass, a stack of the open ones."""
    stack: list[tuple[int, str]] = []
    elses: list[int | None] = []
    found: list[tuple[int, str, int | None, int]] = []
    for token in _TOKEN.finditer(source):
        word = token.group(1)
        if word in conditionals:
            stack.append((token.start(), word))
            elses.append(None)
        elif word == "else" and stack and elses[-1] is None:
            elses[-1] = token.start()
        elif word == "fi" and stack:
            start, opened = stack.pop()
            found.append((start, opened, elses.pop(), token.start()))
    return sorted(found)


def _value(
    source: str,
    start: int,
    word: str,
    flags: set[str],
    values: dict[str, list[tuple[int, bool]]],
    defined: dict[str, int],
) -> tuple[bool | None, int]:
    """Whether the conditional at ``start`` is true (None: not decided here), and where its
    true branch starts."""
    end = start + 1 + len(word)
    if word == "iftrue":
        return True, end
    if word == "ifdefined":
        name = _IFDEFINED_NAME.match(source, end)
        if name is None or defined.get(name.group(1), len(source)) > start:
            return None, end
        return True, name.end()
    if word[2:] in flags:
        # The last setting before it; a new flag is false.
        settings = values.get(word[2:], [])
        index = bisect.bisect_left(settings, (start, False)) - 1
        return (settings[index][1] if index >= 0 else False), end
    return None, end
