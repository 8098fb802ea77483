"""How a LaTeX command or environment prints: the functions the text converter calls.

pylatexenc calls such a function with the parsed node and the converter itself (to render the
node's arguments); what it returns is the text the command stands for in a passage.
"""

from __future__ import annotations

from collections.abc import Callable

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexEnvironmentNode, LatexMacroNode

EnvironmentText = Callable[[LatexEnvironmentNode, LatexNodes2Text], str]
MacroText = Callable[[LatexMacroNode, LatexNodes2Text], str]
