"""Which lines of a Markdown paper are indented code, as CommonMark reads them (markdown-it):
a line indented four spaces past where its block's text starts, after a blank line. Inside a
list item that is four past the item's own text ("1.  Keep a changelog:\\n\\n        ## 2016-04-08"
is code, "    Here, the folder is ..." the item's next paragraph); a footnote's and a
definition's later paragraphs, indented under them, are text, as Pandoc reads them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from markdown_it import MarkdownIt
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin

from claimaudit.library.markdown.definitions import top_level_blocks


# A line that starts a top-level block (after a blank line): no indented code goes on past it.
@cache
def _parser() -> MarkdownIt:
    # Only the blocks are wanted.
    return (
        MarkdownIt("commonmark")
        .use(footnote_plugin)
        .use(deflist_plugin)
        .disable(["inline", "text_join"])
    )


def code_lines(lines: Sequence[str], item: re.Pattern[str]) -> set[int]:
    """The indices of ``lines`` that are indented code; a block at the top level whose first
    line is a list ``item`` is a nested list under a mark CommonMark lists not (a licence's
    "b. ...\n\n    1. ..."), not code."""
    found: set[int] = set()
    # Each top-level block is parsed apart: time in proportion to the paper's length.
    for start, end in top_level_blocks(lines):
        # markdown-it reads a lone carriage return as a line end, which would shift every line.
        block = "\n".join(line.replace("\r", " ") for line in lines[start:end])
        for token in _parser().parse(block):
            if token.type != "code_block" or not token.map:
                continue
            first, last = token.map
            if token.level == 0 and item.match(lines[start + first]):
                continue
            found.update(range(start + first, start + last))
    return found
