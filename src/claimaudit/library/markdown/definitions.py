"""Where a Markdown paper's definition lists lie: Pandoc's term on a line of its own, over
``:   its description`` (``~`` marks one too; a blank line may come between).

mdit_py_plugins' deflist rule reads them, so a term is told from the last line of a paragraph
or a list the way Pandoc tells it. What the line reader (``extract_markdown``) makes of them is
its own: each description read as a list item that opens with its term ("Branches: A branch
is ..."), not as the term's words run on into the description.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from markdown_it import MarkdownIt
from mdit_py_plugins.deflist import deflist_plugin

from claimaudit.library.markdown.inline import inline_text
from claimaudit.library.term_labels import term_label

# A description's marker; a block without one holds no definition list and is not parsed.
DESCRIPTION_MARKER = re.compile(r"^[ \t]*(?:>[ \t]*)*[:~][ \t]+")


@dataclass(frozen=True)
class Definition:
    """One description and its term: the lines (0-based) each starts on, and the term as the
    label that opens the description ("Branches:")."""

    term_line: int
    description_line: int
    label: str


# A line that opens a top-level block: after a blank line, at the margin, and no description
# (a quote opens one too: a blank line has ended any quote or list before it).
_TOP_LEVEL = re.compile(r"^[^\s:~]")
# Each top-level block is parsed apart, so that a paper costs time in proportion to its length
# and memory in proportion to one block; a block longer than this is no definition list a
# paper writes (a term and its descriptions) and is not parsed.
_MAX_BLOCK_CHARS = 20_000


@cache
def _parser() -> MarkdownIt:
    # Pipe tables are read as tables: their last row over Pandoc's ": caption" is no term.
    # Only the blocks are wanted: a term's words are read by ``inline_text`` as elsewhere.
    return (
        MarkdownIt("commonmark")
        .enable("table")
        .use(deflist_plugin)
        .disable(["inline", "text_join"])
    )


def definitions(lines: Sequence[str]) -> list[Definition]:
    """Every description in ``lines`` with its term, in order; a term with several
    descriptions opens each."""
    found: list[Definition] = []
    for start, end in top_level_blocks(lines):
        block = lines[start:end]
        if sum(len(line) + 1 for line in block) > _MAX_BLOCK_CHARS:
            continue
        if any(DESCRIPTION_MARKER.match(line) for line in block):
            found += _in_block(block, start)
    return found


def top_level_blocks(lines: Sequence[str]) -> Iterator[tuple[int, int]]:
    """(start, end) line ranges of the blocks that open at a top-level line after a blank one."""
    start = 0
    for index in range(1, len(lines)):
        if not lines[index - 1].strip() and _TOP_LEVEL.match(lines[index]):
            yield start, index
            start = index
    yield start, len(lines)


def _in_block(lines: Sequence[str], offset: int) -> list[Definition]:
    # markdown-it reads a lone carriage return as a line end, which would shift every line.
    tokens = _parser().parse("\n".join(line.replace("\r", " ") for line in lines))
    found: list[Definition] = []
    term: tuple[int, str] | None = None
    in_term = opening = False
    for token in tokens:
        if token.type == "dt_open" and token.map:
            in_term = True
            term = (token.map[0], "")
        elif token.type == "inline" and in_term and term is not None:
            term = (term[0], inline_text(token.content))
        elif token.type == "dt_close":
            in_term = False
        elif token.type == "dd_open":
            opening = term is not None and bool(term[1])
        elif opening and token.map and term is not None:
            # The description's own first block: the deflist rule maps ``dd_open`` from the
            # term's line when no blank line parts them.
            opening = False
            line = token.map[0]
            if _has_words(lines[line]):  # not the ": , ." a removed template left
                found.append(Definition(offset + term[0], offset + line, term_label(term[1])))
        elif token.type == "dl_close":
            term = None
    return found


def _has_words(line: str) -> bool:
    return any(c.isalnum() for c in inline_text(DESCRIPTION_MARKER.sub("", line, count=1)))
