"""HTML comments in Markdown, parsed as tokens of their own so the draft reader can leave them out.

A comment (``<!-- ... -->``) is a block of its own or inside a paragraph, over one line or
several; it ends, as in HTML, at the first ``-->``. A ``<!--`` never closed is text.
"""

from __future__ import annotations

import bisect
import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

# An HTML comment ends, as in HTML, at the first "-->" ("<!-->" and "<!--->" are empty ones).
_CLOSE = re.compile(r"-->")
_COMMENT_ENDS = "claimaudit_comment_ends"  # the parse's env key of its "-->" positions
COMMENT_BLOCK = "comment_block"  # token types of the comments, rendered as nothing
COMMENT_INLINE = "comment_inline"


def _comment_end(env: Any, src: str, start: int) -> int | None:
    """Where the HTML comment opening at ``src[start:]`` ("<!--") ends: after the first "-->"
    from ``start + 2`` on ("<!-->" and "<!--->" are empty comments); None when it never closes.
    Every "-->" of ``src`` is found once and kept in ``env``, so a draft of many comments (or of
    many "<!--" never closed) is read in time linear in its length, not quadratic."""
    cached = env.get(_COMMENT_ENDS)
    if cached is None or cached[0] is not src:
        cached = (src, [m.start() for m in _CLOSE.finditer(src)])
        env[_COMMENT_ENDS] = cached
    ends: list[int] = cached[1]
    index = bisect.bisect_left(ends, start + 2)
    return ends[index] + 3 if index < len(ends) else None


def _comment_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Lines holding HTML comments and nothing else (a comment may run over several lines,
    blank ones included). A comment with text after it on its last line is left to the
    paragraph, which drops the comment (``_comment_inline``) and keeps the text; a comment
    never closed (in its block: a quote, a list item) is text, so nothing after it is lost."""
    if state.is_code_block(start):
        return False
    position = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith("<!--", position, state.eMarks[start]):
        return False
    line = start
    while True:
        closed = _comment_end(state.env, state.src, position)
        if closed is None:
            return False
        line = bisect.bisect_left(state.eMarks, closed, lo=line)
        if line >= end:
            return False
        position = closed
        while position < state.eMarks[line] and state.src[position] in " \t":
            position += 1
        if position == state.eMarks[line]:
            break
        if not state.src.startswith("<!--", position, state.eMarks[line]):
            return False  # text after a comment: a paragraph's
    if silent:
        return True
    state.line = line + 1
    token = state.push(COMMENT_BLOCK, "", 0)
    token.map = [start, line + 1]
    token.content = state.getLines(start, line + 1, state.blkIndent, True)
    return True


def _comment_inline(state: StateInline, silent: bool) -> bool:
    """An HTML comment inside a paragraph; ``meta["span"]`` is its place in the inline text."""
    if not state.src.startswith("<!--", state.pos, state.posMax):
        return False
    closed = _comment_end(state.env, state.src, state.pos)
    if closed is None or closed > state.posMax:
        return False
    if not silent:
        token = state.push(COMMENT_INLINE, "", 0)
        token.content = state.src[state.pos : closed]
        token.meta = {"span": (state.pos, closed)}
    state.pos = closed
    return True


def _render_nothing(*_: Any) -> str:
    return ""


def track_comments(md: MarkdownIt) -> None:
    """Make ``md`` parse HTML comments as ``comment_block``/``comment_inline`` tokens (the
    inline one's ``meta["span"]`` its place in the inline text) that render as nothing."""
    md.block.ruler.before(
        "html_block",
        COMMENT_BLOCK,
        _comment_block,
        {"alt": ["paragraph", "reference", "blockquote"]},
    )
    md.inline.ruler.before("html_inline", COMMENT_INLINE, _comment_inline)
    md.add_render_rule(COMMENT_BLOCK, _render_nothing)
    md.add_render_rule(COMMENT_INLINE, _render_nothing)
