"""``\\input`` as TeX reads it: ``\\input{sections/a}`` or, without braces, ``\\input sections/a``
(the name runs up to the next space, brace, comment or command)."""

from __future__ import annotations

import re
from typing import Any

from pylatexenc.latexwalker import LatexCharsNode, LatexWalker
from pylatexenc.macrospec import MacroSpec, MacroStandardArgsParser, ParsedMacroArgs

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
