"""Which of a LaTeX macro call's arguments the draft reader walks as prose: the text a
box, colour or link prints (``\\textcolor{red}{text}``: its last braced argument), not its
colour, width or address; and the arguments a footnote command numbers itself by."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pylatexenc.latexwalker import (
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
)

from claimaudit.review.latex.cites import CITE_COMMANDS, CITE_TEXT
from claimaudit.review.latex.collect import node_args
from claimaudit.review.latex.include import group_text

# What, in a macro's argument, the reader must place in a sentence: a citation or a note.
_PLACED = frozenset({*CITE_COMMANDS, CITE_TEXT, "footnote", "footnotemark"})


def text_argument(node: LatexMacroNode) -> LatexGroupNode | None:
    """The argument a box, colour or link macro prints: its last braced one (``\\parbox``'s
    after its width, ``\\href``'s after its address); None where it has none."""
    for argument in reversed(node_args(node)):
        if isinstance(argument, LatexGroupNode) and argument.delimiters[:1] == ("{",):
            return argument
    return None


def holds_placed(nodes: Sequence[LatexNode | None], expands: Callable[[str], bool]) -> bool:
    """Whether a citation or a footnote (or a user macro, which may wrap one) is under
    ``nodes``."""
    for node in nodes:
        if isinstance(node, LatexMacroNode):
            if node.macroname in _PLACED or expands(node.macroname):
                return True
            inner: Sequence[LatexNode | None] = node_args(node)
        elif isinstance(node, LatexGroupNode | LatexEnvironmentNode | LatexMathNode):
            inner = node.nodelist
        else:
            continue
        if holds_placed(inner, expands):
            return True
    return False


def delimited_arguments(node: LatexMacroNode, opening: str) -> list[LatexGroupNode]:
    """The call's arguments given in ``opening``'s delimiters ("[" or "{")."""
    return [
        a
        for a in node_args(node)
        if isinstance(a, LatexGroupNode) and a.delimiters and a.delimiters[0] == opening
    ]


def explicit_number(node: LatexMacroNode) -> int | None:
    """The note number a ``\\footnotemark[3]`` or ``\\footnotetext[3]{...}`` gives, if any."""
    given = delimited_arguments(node, "[")
    written = group_text(given[0]).strip() if given else ""
    return int(written) if written.isascii() and written.isdigit() and len(written) < 7 else None
