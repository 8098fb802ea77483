"""The LaTeX parser reads runs of plain text as one token, and gives pylatexenc's nodes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pylatexenc.latexwalker import LatexNode, LatexToken, LatexWalker
from pylatexenc.macrospec import MacroSpec, ParsedMacroArgs

from claimaudit.library.latex_context import walker_context
from claimaudit.library.latex_walker import RunsWalker
from tests.library.helpers import CONV_TEX, GOOD_ENOUGH_TEX, SCIPY_TEX, SKIMAGE_TEX

_TRICKY = (
    "\\documentclass{article}\\begin{document}\\section*{Intro} Plain words, here: (1) and 2.\n"
    "A \\frac12 and \\textbf x or \\caption*[short]{long} with [brackets] and * stars.\n\n"
    "Quotes ``like'' this -- and --- that, ~ ties, a \\& b, !` and ?` and 50\\% of $a b$ "
    "and \\(x y\\) then \\[ z w \\] or $$q r$$ \\begin{itemize}\\item[x] one\\end{itemize}"
    "\n\n\n  Trailing   spaces   \\emph  {word}  \\\\  end.\n\\end{document}"
)


def _shape(value: Any) -> Any:
    """A node tree as plain values (pylatexenc's nodes compare equal only within one parse)."""
    if isinstance(value, LatexNode):
        state = value.parsing_state
        fields = tuple((name, _shape(getattr(value, name))) for name in value._fields)
        return type(value).__name__, fields, state.in_math_mode if state else None
    if isinstance(value, ParsedMacroArgs):
        return value.argspec, _shape(value.argnlist)
    if isinstance(value, (list, tuple)):
        return tuple(_shape(item) for item in value)
    if hasattr(value, "specials_chars"):
        return value.specials_chars
    return value


def _nodes(walker_class: type[LatexWalker], source: str) -> Any:
    context = walker_context([MacroSpec("caption", "*[{")])
    nodes, _, _ = walker_class(
        source, latex_context=context, tolerant_parsing=True
    ).get_latex_nodes()
    return _shape(nodes)


@pytest.mark.parametrize("path", [CONV_TEX, GOOD_ENOUGH_TEX, SCIPY_TEX, SKIMAGE_TEX])
def test_the_nodes_are_pylatexenc_s_on_the_papers(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert _nodes(RunsWalker, source) == _nodes(LatexWalker, source)


def test_the_nodes_are_pylatexenc_s_where_text_meets_markup() -> None:
    assert _nodes(RunsWalker, _TRICKY) == _nodes(LatexWalker, _TRICKY)


class _Counting(RunsWalker):
    tokens = 0

    def get_token(self, *args: Any, **kwargs: Any) -> LatexToken:
        _Counting.tokens += 1
        return super().get_token(*args, **kwargs)


def test_a_long_run_of_plain_text_is_one_token() -> None:
    # pylatexenc reads one token per character, and copies the text read so far with each:
    # a paragraph of n characters cost n squared.
    body = "\n\n".join(["caffeine reduced sleep, in adults (and children). " * 200] * 50)
    _Counting.tokens = 0
    nodes, _, _ = _Counting(body, latex_context=walker_context()).get_latex_nodes()
    assert [node.chars for node in nodes] == [body]
    assert _Counting.tokens < 10
