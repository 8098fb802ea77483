"""A Markdown line that is a bold heading: the whole line one bold (or bold-italic) span of a
few words without a sentence's final stop (``**Abstract**``, ``***Box 1: Summary***``); a
question is one (``**Why does this matter?**``), as papers and FAQs title sections so.

Many papers write a section's heading so instead of ``## Abstract``. Whether the line stands
alone as a paragraph (no text glued to it, no definition under it) is the line reader's
(``extract_markdown``) to say; here only the line's own form. A bold lead-in followed by
prose (``**Note.** The data ...``) is no heading, nor is a bold statement (``**Do this.**``,
``**It works!**``).
markdown-it (CommonMark) says where the bold span starts and ends, so ``**a** and **b**``
is two spans, not one.
"""

from __future__ import annotations

import re
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from claimaudit.library.markdown_inline import inline_text

MAX_HEADING_WORDS = 10
# Longer lines are no heading of ten words (links and citations included): not parsed at all.
_MAX_LINE = 300
# Markdown's own limit: four spaces or a tab indent a code block, not a paragraph.
_INDENT = re.compile(r"^ {0,3}(?=[*_])")
# A sentence's end, before closing quotes or brackets: a sentence set in bold, not a heading.
# A trailing colon is allowed ("**Key findings:**"): it is dropped from the section's name. So
# is a question's own mark ("**Why does this matter?**"), kept in the name; "?!" or "!?" is an
# exclamation, no heading.
_SENTENCE_END = re.compile(r"(?:[.!;,\u2026]\??|\?[.!;,\u2026])[\"'\u201d\u2019)\]]*$")


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark")


def bold_heading(line: str) -> str | None:
    """The heading a line of one bold span is, as text (without a trailing colon), or
    ``None`` where the line is anything else."""
    stripped = line.strip()
    if len(stripped) > _MAX_LINE or not _INDENT.match(line) or stripped[-1:] not in ("*", "_"):
        return None
    tokens = [t for t in _children(stripped) if not (t.type == "text" and not t.content)]
    if not _one_bold_span(tokens):
        return None
    title = inline_text(stripped)
    title = title[:-1].rstrip() if title.endswith(":") else title
    words = title.split()
    if not words or len(words) > MAX_HEADING_WORDS or _SENTENCE_END.search(title):
        return None
    return title if any(c.isalnum() for c in title) else None


def _children(text: str) -> list[Token]:
    parsed = _parser().parseInline(text)
    return list(parsed[0].children or []) if parsed else []


def _one_bold_span(tokens: list[Token]) -> bool:
    """Whether ``tokens`` are one bold span, perhaps inside one italic span: the first bold
    opens at the start and closes only at the end."""
    if len(tokens) >= 2 and tokens[0].type == "em_open" and tokens[-1].type == "em_close":
        tokens = tokens[1:-1]
    if len(tokens) < 3 or tokens[0].type != "strong_open" or tokens[-1].type != "strong_close":
        return False
    depth = 0
    for token in tokens[:-1]:
        depth += {"strong_open": 1, "strong_close": -1}.get(token.type, 0)
        if depth == 0:
            return False  # the span closed before the line's end
    return True
