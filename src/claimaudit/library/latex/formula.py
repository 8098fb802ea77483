"""A formula (what ``$...$`` holds) read as the LaTeX reader prints it, for the readers of
other formats: a Markdown paper's inline mathematics then reads as the LaTeX copy of the same
paper does ("β = 0.9", not "β= 0.9", which the text-mode conversion gave)."""

from __future__ import annotations

from functools import cache

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.macrospec import LatexContextDb

from claimaudit.library.latex.context import text_converter
from claimaudit.library.latex.paper_text import to_text
from claimaudit.library.latex.shapes import walker_context
from claimaudit.library.latex.walker import RunsWalker


@cache
def _converter() -> LatexNodes2Text:
    return text_converter()


@cache
def _context() -> LatexContextDb:
    return walker_context()


def formula_text(formula: str) -> str:
    """``formula`` (inline mathematics, without its dollars) as the LaTeX reader prints it,
    whitespace normalised; a formula the parser cannot read is its own text, as typed."""
    try:
        walker = RunsWalker(f"${formula}$", latex_context=_context(), tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
    except Exception:  # pylatexenc raises assorted errors on broken markup
        return " ".join(formula.split())
    return " ".join(to_text(_converter(), list(nodes)).split())
