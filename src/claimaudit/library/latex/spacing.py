"""How LaTeX's spacing commands print: a space between words, nothing for a negative one.

pylatexenc prints ``\\thinspace``, ``\\nobreakspace``, ``\\space``, ``\\hfill`` and
``\\hspace{1em}`` as nothing, gluing "5\\thinspace kg" into "5kg" (a number read apart from
its unit) and "Section\\hfill 3" into "Section3"; its ``\\quad`` prints two spaces.
A negative space (``\\negthinspace``, ``\\hspace{-2pt}``) pulls two glyphs together: nothing.
"""

from __future__ import annotations

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexMacroNode

from claimaudit.library.latex.printing import MacroText

# Each prints white space of some width; in text, one space.
_SPACES = (
    "thinspace medspace thickspace enspace enskip quad qquad nobreakspace space "
    "hfill hfil hss".split()
)
_NEGATIVE = ("negthinspace", "negmedspace", "negthickspace")


def _space(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    return " "


def _nothing(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    return ""


def _hspace(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """``\\hspace{1em}`` and ``\\hspace*{1em}``: a space; ``\\hspace{-2pt}``: nothing."""
    args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    length = str(args[-1].latex_verbatim()) if args else ""
    return "" if length.strip().lstrip("{").lstrip().startswith("-") else " "


def spacing_macros() -> dict[str, MacroText]:
    """How each spacing command prints, for the text converter's ``macros``."""
    return {
        **dict.fromkeys(_SPACES, _space),
        **dict.fromkeys(_NEGATIVE, _nothing),
        "hspace": _hspace,
    }
