"""Where raw HTML tags stand in a Markdown paragraph's text, so the draft reader leaves them out.

The review parses Markdown with raw HTML off (a renderer shows it as text, and the text inside
an HTML block, ``<div class="note">`` wrapping a cited sentence, is still the author's prose), so
a tag reaches the paragraph's text: ``<div class="note">``, ``<em>``, ``</div>``. Tags are
found with markdown-it's own patterns for open and close tags (not in code spans, nor after a
backslash) and are no part of a claim or of an uncited sentence; the words between them are.
"""

from __future__ import annotations

import bisect
import re

from markdown_it.common.html_re import close_tag, open_tag

from claimaudit.review.code_spans import code_spans

_TAG = re.compile(f"{open_tag}|{close_tag}")


def tag_spans(text: str) -> list[tuple[int, int]]:
    """The ``[start, end)`` of each HTML open or close tag of ``text``, in order."""
    code = code_spans(text)
    code_starts = [start for start, _ in code]
    found: list[tuple[int, int]] = []
    for match in _TAG.finditer(text):
        start = match.start()
        inside = bisect.bisect_right(code_starts, start) - 1
        if inside >= 0 and start < code[inside][1]:
            continue
        before = start
        while before and text[before - 1] == "\\":
            before -= 1
        if (start - before) % 2:
            continue  # "\<em>" is literal text
        found.append((start, match.end()))
    return found
