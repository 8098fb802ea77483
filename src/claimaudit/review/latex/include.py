"""The commands that pull a file into a draft, parsed. ``\\input`` as TeX reads it:
``\\input{sections/a}`` or, without braces, ``\\input sections/a`` (the name runs up to the next
space, brace, comment or command); ``\\subfile``, ``\\import`` and its kin as ingestion reads
them (``claimaudit.library.latex.inputs``)."""

from __future__ import annotations

import re
from typing import Any

from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexNode,
    LatexWalker,
)
from pylatexenc.macrospec import MacroSpec, MacroStandardArgsParser, ParsedMacroArgs

from claimaudit.library.latex.inputs import IMPORT_COMMANDS, Include

# A brace-less file name, after the spaces (and one end of line) TeX skips after a command;
# TeX ends it at a space.
BARE_NAME = re.compile(r"[ \t]{0,40}(?:\r?\n)?[ \t]{0,40}([^\s{}%\\]{1,500})")


class _InputArgs(MacroStandardArgsParser):  # type: ignore[misc]  # pylatexenc has no type hints
    """One mandatory argument, or a bare file name read as a single characters node (the
    standard parser would take its first character alone: ``\\input sub/a`` read ``s``)."""

    def __init__(self) -> None:
        super().__init__("{")

    def parse_args(
        self, w: LatexWalker, pos: int, parsing_state: Any = None
    ) -> tuple[ParsedMacroArgs, int, int]:
        text: str = w.s
        name = BARE_NAME.match(text, pos)
        if name is None:
            result: tuple[ParsedMacroArgs, int, int] = super().parse_args(
                w, pos, parsing_state=parsing_state
            )
            return result
        if parsing_state is None:
            parsing_state = w.make_parsing_state()
        node = w.make_node(
            LatexCharsNode,
            parsing_state=parsing_state,
            chars=name.group(1),
            pos=name.start(1),
            len=name.end(1) - name.start(1),
        )
        return ParsedMacroArgs(argnlist=[node], argspec="{"), pos, name.end() - pos


INPUT_SPEC = MacroSpec("input", args_parser=_InputArgs())
# The other commands that pull in a file: ``\import{dir/}{file}`` and its kin take a folder and
# a file (a star changes nothing here).
INCLUDE_SPECS = [
    INPUT_SPEC,
    *(MacroSpec(name, "{") for name in ("include", "subfile", "subfileinclude")),
    *(MacroSpec(name, "*{{") for name in sorted(IMPORT_COMMANDS)),
]


def group_text(node: LatexNode | None) -> str:
    """The characters of a braced argument, trimmed (a file name, a key)."""
    if isinstance(node, LatexGroupNode):
        return "".join(n.chars for n in node.nodelist if isinstance(n, LatexCharsNode)).strip()
    return ""


def include_of(node: LatexMacroNode) -> Include:
    """The include a parsed command names."""
    arguments = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    if not arguments:
        return Include(node.macroname, "")
    last = arguments[-1]
    # A bare name (\input sections/a) is one characters node.
    name = str(last.chars).strip() if isinstance(last, LatexCharsNode) else group_text(last)
    if node.macroname in IMPORT_COMMANDS and len(arguments) >= 2:
        return Include(node.macroname, name, group_text(arguments[-2]))
    return Include(node.macroname, name)
