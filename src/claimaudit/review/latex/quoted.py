"""csquotes' quotations around cited text in a draft under review: ``\\enquote{X \\cite{a}}``
and ``\\textquote[\\citep{a}]{X}`` keep their quote marks (as the library's reader prints
them, ``latex_quotes``), and ``\\textquote``'s citation and punctuation arguments print after
the closing mark (csquotes' ``\\mkcitation``: " (cite)"), so the citation is in the sentence,
not "in no sentence"."""

from __future__ import annotations

from pylatexenc.latexwalker import LatexMacroNode, LatexNode

from claimaudit.library.latex.quotes import language_quote_marks, quote_marks

QUOTE_MACROS = frozenset({"enquote", "textquote", "foreignquote", "hyphenquote"})
# Where the citation argument stands among each one's arguments (its punctuation's next).
_CITE_AT = {"textquote": 1, "foreignquote": 2, "hyphenquote": 2}


def quote_pair(node: LatexMacroNode) -> tuple[str, str]:
    """The opening and closing marks ``node`` prints around its text: inner ones starred."""
    given = node.nodeargd.argnlist if node.nodeargd is not None else []
    marks = quote_marks(node.parsing_state.s, node.pos)
    if node.macroname in ("foreignquote", "hyphenquote") and len(given) > 1 and given[1]:
        # In the marks of the language it names (``\\foreignquote{german}{...}``).
        marks = language_quote_marks(str(given[1].latex_verbatim()).strip("{} \n")) or marks
    if given and given[0] is not None:
        return marks.inner_open, marks.inner_close
    return marks.outer_open, marks.outer_close


def after_quote(node: LatexMacroNode) -> tuple[LatexNode | None, LatexNode | None]:
    """The punctuation and citation arguments ``node`` prints after its closing mark."""
    given = node.nodeargd.argnlist if node.nodeargd is not None else []
    at = _CITE_AT.get(node.macroname)
    if at is None or len(given) < at + 2:
        return None, None
    return given[at + 1], given[at]
