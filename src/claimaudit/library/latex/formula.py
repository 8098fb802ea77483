"""A formula (what ``$...$`` holds) read as the LaTeX reader prints it, for the readers of
other formats: a Markdown paper's inline mathematics then reads as the LaTeX copy of the same
paper does ("β = 0.9", not "β= 0.9", which the text-mode conversion gave)."""

from __future__ import annotations

import re
from functools import cache, lru_cache

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


# A symbol with plain scripts ("x_i", "x_{12}^2", "W_{ij}"), most of a paper's inline
# formulas: the LaTeX reader prints it as typed less its braces ("x_12^2"); parsing it cost
# about 0.15 ms of processor time each (20,000 in a Markdown paper: 3 s).
_PLAIN_SCRIPTS = re.compile(
    r"[A-Za-z0-9]++(?:[_^](?:[A-Za-z0-9]|\{[A-Za-z0-9]++\})[A-Za-z0-9]*+)*+"
)


# A paper repeats its formulas ("$x_i$" in every paragraph); each is read once.
@lru_cache(maxsize=4096)
def formula_text(formula: str) -> str:
    """``formula`` (inline mathematics, without its dollars) as the LaTeX reader prints it,
    whitespace normalised; a formula the parser cannot read is its own text, as typed."""
    if _PLAIN_SCRIPTS.fullmatch(formula):
        return formula.replace("{", "").replace("}", "")
    return _parsed_text(formula)


def _parsed_text(formula: str) -> str:
    try:
        walker = RunsWalker(f"${formula}$", latex_context=_context(), tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
    except Exception:  # pylatexenc raises assorted errors on broken markup
        return " ".join(formula.split())
    return " ".join(to_text(_converter(), list(nodes)).split())
