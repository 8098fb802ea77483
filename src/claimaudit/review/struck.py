"""Where a Markdown text's struck spans stand ("~~old~~", Pandoc's and GFM's strikeout),
found in one pass: struck text is deleted text, so a citation in it cites nothing.

A run of exactly two tildes opens a span when a non-blank follows it, and the next such run
with a non-blank before it closes it (a single tilde is Pandoc's subscript, "H~2~O"). A run
inside a code span is code, not a mark.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_RUN = re.compile(r"(?<!~)~~(?!~)")
_WORD = re.compile(r"[^\W_]")


def struck_spans(text: str, code: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """The ``[start, end)`` of each struck span of ``text``, its tildes included; ``code``:
    the code spans, whose tildes are text."""
    spans: list[tuple[int, int]] = []
    opened: int | None = None
    ordered = sorted(code)
    index = 0  # the first code span not wholly before the run: one pass over both
    for run in _RUN.finditer(text):
        start, end = run.span()
        while index < len(ordered) and ordered[index][1] <= start:
            index += 1
        if index < len(ordered) and ordered[index][0] <= start:
            continue
        if opened is None:
            if end < len(text) and not text[end].isspace():
                opened = start
        elif not text[start - 1].isspace():
            spans.append((opened, end))
            opened = None
    return spans


def wholly_struck(text: str, code: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether the sentence ``text`` is struck out whole: no letter or digit is left outside
    its struck spans ("~~X holds.~~", "~~X holds~~."). Deleted text says nothing, so such a
    sentence is neither a claim nor an uncited sentence."""
    spans = struck_spans(text, code) if "~~" in text else []
    if not spans:
        return False
    kept = "".join(
        text[start:end]
        for start, end in zip(
            [0, *(e for _, e in spans)], [*(s for s, _ in spans), len(text)], strict=True
        )
    )
    return _WORD.search(kept) is None
