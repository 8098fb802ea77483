"""Where a Markdown text's inline code spans stand, found in time linear in its length.

CommonMark's rule: a run of backticks opens a code span that the next run of exactly the same
length closes; a run with no such closer is literal text. A regular expression with a lazy
body and a backreference (``(`+)(?:.|\\n)+?\\1``) says the same but retries every start and
every body length inside a long run of backticks: 12,000 of them took 44 s, holding the GIL.
Here each run is looked at once, and a run's closer is the first later run of its length.
A backtick after an odd run of backslashes is escaped: literal, so a run opens with the rest
of its backticks; a closer is read as typed (backslashes are text inside a code span).
"""

from __future__ import annotations

import re
from collections import defaultdict, deque

_RUN = re.compile(r"`+")


def code_spans(text: str) -> list[tuple[int, int]]:
    """The ``[start, end)`` of each inline code span of ``text``, backticks included, in order."""
    runs = [(m.start(), m.end()) for m in _RUN.finditer(text)]
    later: defaultdict[int, deque[int]] = defaultdict(deque)  # run length -> run indices
    for index, (start, end) in enumerate(runs):
        later[end - start].append(index)
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        start, end = runs[index]
        start += _escaped(text, start)
        opening = end - start
        if not opening:
            index += 1  # one escaped backtick: literal
            continue
        same = later[opening]
        while same and same[0] <= index:  # runs already passed never close a later span
            same.popleft()
        if not same:
            index += 1  # no closer: literal backticks
            continue
        closer = same.popleft()
        spans.append((start, runs[closer][1]))
        index = closer + 1
    return spans


def _escaped(text: str, start: int) -> int:
    """1 where the backtick at ``start`` is escaped (an odd run of backslashes before it)."""
    before = start
    while before and text[before - 1] == "\\":  # each backslash is looked at once in all
        before -= 1
    return (start - before) % 2
