"""A brace that opens a macro's argument and is never closed. TeX stops there with an error
("File ended while scanning use of \\footnote"); pylatexenc reads on to the end of the source,
so the rest of the paper would be that argument: a footnote, a heading's words, inline code
left out. The reader refuses such a source with one line instead of losing what follows.

A group that is no argument (``{\\bf x`` left open) is no such fault: TeX prints it to the end
(it only warns), and so does the reader.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
)

from claimaudit.library.latex_verbatim import VERBATIM_SHAPES

# Braces as TeX counts them: a character after a backslash (``\{``) is none.
_BRACE = re.compile(r"\\.|[{}]", re.DOTALL)
_SHOWN = 40  # characters of the argument the refusal quotes


def unclosed_argument(nodes: Sequence[LatexNode]) -> str | None:
    """What is wrong, in words, with the first macro argument in ``nodes`` (in source order)
    whose opening brace is never closed; None when every one is closed."""
    stack: list[LatexNode] = list(reversed(nodes))
    while stack:
        node = stack.pop()
        children: list[LatexNode | None] = []
        if isinstance(node, LatexMacroNode) and node.nodeargd is not None:
            for arg in node.nodeargd.argnlist:
                if arg is not None and _unclosed(node.macroname, arg):
                    # From the brace, which a verbatim argument's text leaves out.
                    start = arg.pos - isinstance(arg, LatexCharsNode)
                    shown = " ".join(arg.parsing_state.s[start : start + _SHOWN].split())
                    return (
                        f'the argument of \\{node.macroname} that opens "{shown}" is never '
                        'closed: a "}" is missing (TeX stops there too)'
                    )
            children = list(node.nodeargd.argnlist)
        elif isinstance(node, (LatexGroupNode, LatexMathNode)):
            children = list(node.nodelist)
        elif isinstance(node, LatexEnvironmentNode):
            children = [*(node.nodeargd.argnlist if node.nodeargd else []), *node.nodelist]
        stack.extend(child for child in reversed(children) if child is not None)
    return None


def _unclosed(macro: str, arg: LatexNode) -> bool:
    source: str = arg.parsing_state.s
    end = arg.pos + arg.len
    if isinstance(arg, LatexCharsNode) and macro in VERBATIM_SHAPES:
        # A verbatim argument in braces ends at its closing brace (``latex_verbatim``).
        return arg.pos > 0 and source[arg.pos - 1] == "{" and source[end : end + 1] != "}"
    if not isinstance(arg, LatexGroupNode) or arg.delimiters != ("{", "}") or end < len(source):
        return False  # a group pylatexenc closed ends before the end of the source
    depth = 0
    for brace in _BRACE.finditer(source, arg.pos, end):
        depth += {"{": 1, "}": -1}.get(brace.group(), 0)
    return depth > 0
