"""claimaudit's own notes in a draft that is an annotated copy, to be replaced, not kept.

A draft reviewed again may be an annotated copy (after edits, say). Its new annotated copy
holds the new review's notes in place of the earlier ones, never both side by side. Only what
claimaudit recognisably wrote is taken out:

- Markdown: its separator comment (``own_notes.SEPARATOR``), the footnotes defined after it
  whose labels are its own (``claimaudit-3``, ``claimaudit2-3``), and their markers in the text.
- LaTeX: its ``% claimaudit:`` comment lines, its ``\\todo{claimaudit: ...}%`` lines and the
  ``\\usepackage{todonotes} % claimaudit: ...`` line it added.

Each function gives the ``[start, end)`` spans to leave out; ``rewrite`` leaves them out while
inserting text at offsets of the draft as read, so positions found in it stay exact.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise

from claimaudit.review.comments import COMMENT_BLOCK
from claimaudit.review.document import BOM, markdown_blocks
from claimaudit.review.footnotes import marker_spans
from claimaudit.review.own_notes import is_own_label, is_separator

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
_DEFINITION = re.compile(r"\[\^([^\]\s]+)\]:")
_CONTINUATION = re.compile(r"(?: {4}|\t)")
_LATEX_OWN_LINE = re.compile(
    r"[ \t]*(?:% claimaudit:.*"
    r"|\\todo(?:\[inline\])?\{claimaudit: .*\}%"
    r"|\\usepackage\{todonotes\} % claimaudit: .*)(?:\r\n|\r|\n|$)"
)


def _lines(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of each line of ``text``, its line ending included."""
    found = [(m.start(), m.end()) for m in _LINE.finditer(text)]
    return [(start, end) for start, end in found if end > start] or [(0, 0)]


def markdown_spans(report: str) -> list[tuple[int, int]]:
    """The spans of claimaudit's earlier notes in a Markdown draft: its separator and the
    blank lines before it, its notes after it, and their markers."""
    separator = next(
        (
            t.map[0]
            for t in markdown_blocks().parse(
                report.removeprefix(BOM)
            )  # the separator is a block: no inline parse
            if t.type == COMMENT_BLOCK and t.map and t.level == 0 and is_separator(t.content)
        ),
        None,
    )
    if separator is None:
        return []
    lines = _lines(report)
    first = separator
    while first > 0 and not report[slice(*lines[first - 1])].strip():
        first -= 1  # the blank line the annotated copy set before its separator
    spans: list[tuple[int, int]] = []
    labels: set[str] = set()
    own = True  # in claimaudit's part: its separator, a note of its own and what continues it
    for start, end in lines[separator:]:
        line = report[start:end]
        definition = _DEFINITION.match(line)
        if is_separator(line):
            own = True
        elif definition is not None:
            own = is_own_label(definition.group(1))
            if own:
                labels.add(definition.group(1))
        elif line.strip() and not _CONTINUATION.match(line):
            own = False
        if own:
            spans.append((start, end))
    spans[0] = (lines[first][0], spans[0][1])
    body = report[: lines[separator][0]]
    markers = [(s, e) for s, e in marker_spans(body) if body[s + 2 : e - 1] in labels]
    return markers + spans


def latex_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the lines claimaudit added to a LaTeX file of an annotated copy."""
    return [
        (start, end) for start, end in _lines(text) if _LATEX_OWN_LINE.fullmatch(text, start, end)
    ]


def rewrite(
    text: str, left_out: Sequence[tuple[int, int]], inserts: Sequence[tuple[int, str]]
) -> str:
    """``text`` less the (sorted, disjoint) ``left_out`` spans, with each of ``inserts``
    (offset in ``text``, in the order given where offsets are equal) put in."""
    added: dict[int, list[str]] = defaultdict(list)
    for offset, insert in inserts:
        added[offset].append(insert)
    cuts = sorted({0, len(text), *added, *(s for s, _ in left_out), *(e for _, e in left_out)})
    out: list[str] = []
    spans = iter(left_out)
    span = next(spans, None)
    for start, end in pairwise(cuts):
        out.extend(added.pop(start, []))
        while span is not None and span[1] <= start:
            span = next(spans, None)
        if span is None or not span[0] <= start < span[1]:
            out.append(text[start:end])
    out.extend(added.pop(len(text), []))
    return "".join(out)
