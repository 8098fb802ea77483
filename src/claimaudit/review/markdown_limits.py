"""Bounds on a Markdown draft's structure, so that no draft under the size limit holds a parse
for minutes.

markdown-it makes tokens for every cell of a table and parses each cell as inline text of its
own: a 200 KB table of 5,000 columns is 110,000 inline parses, a minute and a gigabyte on a
loaded server. A link label is searched for its closing bracket from every unescaped ``[``, so
25,000 nested ``[`` (50 KB) are 25,000 searches to the end of the paragraph: the time grows
with the square of the run. markdown-it has no option for either (``maxNesting`` bounds block
nesting only, ``MAX_AUTOCOMPLETED_CELLS`` only the cells a short row leaves out), so a draft past
these bounds is refused in one line naming where: a table before its cells are made, brackets
before any inline text is parsed.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock, table
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from claimaudit.errors import DraftStructureError

# Far past any real table (1,000 rows of 20 columns are 20,000 cells), and parsed in about a
# second; counted over the whole draft.
MAX_TABLE_CELLS = 50_000
# Brackets nested in a paragraph, unclosed ones counting to its end ("[![a](b)](c)" is 2). The
# parse takes time in proportion to it: a paragraph 8 deep throughout, 2.5 times the usual.
MAX_BRACKET_DEPTH = 8

_CELLS = "claimaudit_table_cells"  # the cells of the draft's tables so far, in the parse's env
_BRACKET = re.compile(r"\\.|[\[\]]", re.DOTALL)  # an escaped character opens nothing


def limit_structure(md: MarkdownIt) -> None:
    """Make ``md`` refuse (DraftStructureError) a draft past these bounds."""
    # The rule's own alternatives (it may interrupt a paragraph, end a reference), kept.
    md.block.ruler.at("table", _table, {"alt": ["paragraph", "reference"]})
    md.core.ruler.before("inline", "claimaudit_brackets", _brackets)


def _table(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if silent or not table(state, start, end, True):
        return table(state, start, end, silent)
    # A table: its header and delimiter rows are read. Its cells are at most its columns
    # times its rows, counted up to the first blank line, where a table ends for certain.
    columns = len([c for c in _line(state, start + 1).split("|") if c.strip()])
    cells = state.env.get(_CELLS, 0) + columns
    line = start + 2
    while line < end and _line(state, line).strip():
        cells += columns
        if cells > MAX_TABLE_CELLS:
            raise DraftStructureError(
                f"the draft's tables have over {MAX_TABLE_CELLS:,} cells (line {start + 1}); "
                "the parser would take minutes over them"
            )
        line += 1
    state.env[_CELLS] = cells
    return table(state, start, end, silent)


def _line(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]


def _brackets(state: StateCore) -> None:
    for token in state.tokens:
        if token.type == "inline":
            _check_brackets(token)


def _check_brackets(token: Token) -> None:
    depth = 0
    for match in _BRACKET.finditer(token.content):
        mark = match.group()
        if mark == "[":
            depth += 1
            if depth > MAX_BRACKET_DEPTH:
                first = token.map[0] + 1 if token.map else 1
                line = first + token.content.count("\n", 0, match.start())
                raise DraftStructureError(
                    f"the draft nests square brackets more than {MAX_BRACKET_DEPTH} deep (line "
                    f"{line}); the parser would take minutes over them"
                )
        elif mark == "]" and depth:
            depth -= 1
