"""Where raw HTML tags stand in a Markdown paragraph's text, so the draft reader leaves them out.

The review parses Markdown with raw HTML off (a renderer shows it as text, and the text inside
an HTML block, ``<div class="note">`` wrapping a cited sentence, is still the author's prose), so
a tag reaches the paragraph's text: ``<div class="note">``, ``<em>``, ``</div>``. Tags are
found with markdown-it's own patterns for open and close tags (not in code spans, nor after a
backslash) and are no part of a claim or of an uncited sentence; the words between them are.
A superscript of numbers (``<sup>1,2</sup>``) reads as the raised digits it prints.
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


# An HTML superscript holding numbers, lists or ranges of them ("<sup>1,2</sup>", "<sup>1-3</sup>")
# and what each of its characters prints raised.
_SUP_NUMBERS = re.compile(r"(<sup>)([\d,\-\u2013 ]{1,40})(</sup>)", re.IGNORECASE)
_RAISED = str.maketrans("0123456789-\u2013", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁻")


def raised_numbers(text: str, hidden: list[bool], tags: list[tuple[int, int]]) -> list[str]:
    """``text``'s characters, its HTML superscripts of numbers (``<sup>1,2</sup>``) printed as
    the raised digits they show ("¹,²"), their tags and blanks marked ``hidden``: a raised mark
    stays one, which ``superscripts`` may read as a citation, not "matters 1,2 ." with a digit
    loose in the sentence."""
    chars = list(text)
    starts = {start for start, _ in tags}
    for match in _SUP_NUMBERS.finditer(text):
        if match.start(1) not in starts or match.start(3) not in starts:
            continue  # in code, or escaped: text as written
        if any(hidden[match.start() : match.end()]):
            continue
        for group in (1, 3):
            hidden[match.start(group) : match.end(group)] = [True] * len(match.group(group))
        for position in range(*match.span(2)):
            if chars[position].isspace():
                hidden[position] = True
            else:
                chars[position] = chars[position].translate(_RAISED)
    return chars
