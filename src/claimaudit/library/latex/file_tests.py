"""``\\IfFileExists{file}{yes}{no}``, read as LaTeX decides it: only the branch for whether the
paper's folder holds the file is kept; ``\\InputIfFileExists{file}{yes}{no}`` reads the file
where it is there (it printed its name before). A paper guards an optional part with it
(``\\IfFileExists{extra.tex}{\\input{extra}}{}``); followed blindly, the ``\\input`` of a file
that is absent refused the whole paper, where LaTeX takes the other branch.

``file_test_spans`` finds what to leave out of one file's text (the test, its braces, the branch
not taken); ingestion removes those spans and the review reader blanks them (keeping offsets),
so both read the same branch.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_TEST = re.compile(r"\\(IfFileExists|InputIfFileExists)(?![A-Za-z@])")
_BRACE = re.compile(r"\\.|[{}]", re.DOTALL)
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
# [start, end) of the text and what it is read as instead.
Edit = tuple[int, int, str]
# The most tests one file's text has decided: each looks for a file, and no paper tests
# thousands (the rest are left as they are).
MAX_TESTS = 1_000


def file_test_spans(text: str, exists: Callable[[str], bool]) -> list[Edit]:
    """[start, end) of what TeX does not print of each ``\\IfFileExists`` in ``text``, in order
    and apart, with what it is read as instead ("" but for ``\\InputIfFileExists`` of a file
    that is there, read as ``\\input``): the test and the braces of the branch taken, the
    whole branch not taken. ``exists(name)`` says whether the file is there."""
    if _TEST.search(text) is None:
        return []
    masked = _COMMENT.sub(lambda m: " " * len(m.group(0)), text)
    closing = _closing(masked)
    spans: list[Edit] = []
    # Branches dropped that lie ahead of the scan, the nearest last (they nest): a test inside
    # one is never decided.
    ahead: list[tuple[int, int]] = []
    position = 0
    decided = 0
    while decided < MAX_TESTS and (match := _TEST.search(masked, position)) is not None:
        if ahead and match.start() >= ahead[-1][0]:
            position = max(position, ahead.pop()[1])
            continue
        position = match.end()
        groups = _groups(masked, position, 3, closing)
        if groups is None:
            continue
        (name_start, name_end), (yes_start, yes_end), (no_start, no_end) = groups
        decided += 1
        found = exists(masked[name_start + 1 : name_end - 1].strip())
        if found and match.group(1) == "InputIfFileExists":
            # The file is read, then the first branch (a message, as a rule) after it.
            spans += [(match.start(), match.end(), "\\input"), (yes_start, yes_start + 1, "")]
            spans.append((yes_end - 1, no_end, ""))
            ahead.append((yes_end - 1, no_end))
            position = yes_start + 1
        elif found:
            spans += [(match.start(), yes_start + 1, ""), (yes_end - 1, no_end, "")]
            ahead.append((yes_end - 1, no_end))
            position = yes_start + 1
        else:
            spans += [(match.start(), no_start + 1, ""), (no_end - 1, no_end, "")]
            position = no_start + 1
    return sorted(spans)


def drop_spans(text: str, spans: list[Edit]) -> str:
    """``text`` with each of ``spans`` (in order and apart) read as its replacement."""
    kept: list[str] = []
    position = 0
    for start, end, replacement in spans:
        kept.append(text[position:start] + replacement)
        position = end
    kept.append(text[position:])
    return "".join(kept)


def blank_spans(text: str, spans: list[Edit]) -> str:
    """``text`` with each of ``spans`` read as its replacement padded with spaces: the same
    length, so offsets hold (each replacement is shorter than what it replaces)."""
    chars = list(text)
    for start, end, replacement in spans:
        chars[start:end] = replacement.ljust(end - start)
    return "".join(chars)


def _closing(masked: str) -> dict[int, int]:
    """Where each brace group of ``masked`` that closes ends: its ``{``'s index -> the index
    after its ``}``. One pass, so a source of unclosed tests costs no pass at each."""
    closing: dict[int, int] = {}
    opened: list[int] = []
    for brace in _BRACE.finditer(masked):
        if brace.group() == "{":
            opened.append(brace.start())
        elif brace.group() == "}" and opened:
            closing[opened.pop()] = brace.end()
    return closing


def _groups(
    masked: str, position: int, count: int, closing: dict[int, int]
) -> list[tuple[int, int]] | None:
    """[start, end) of the ``count`` brace groups from ``position`` (spaces between them
    skipped), or None when they are not all there."""
    groups: list[tuple[int, int]] = []
    for _ in range(count):
        while position < len(masked) and masked[position].isspace():
            position += 1
        end = closing.get(position)
        if end is None:
            return None
        groups.append((position, end))
        position = end
    return groups
