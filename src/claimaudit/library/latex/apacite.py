"""apacite's citation commands, as APA-style papers write them.

``\\citeA{key}`` prints the authors as part of the sentence ("Smith and Jones (2020)"), as
``\\citet`` does; ``\\citeNP``, ``\\shortcite`` and the like print a mark. Each takes, before
its keys, a prefix in angle brackets and a suffix in square ones:
``\\citeA<see>[p.~3]{smith2020}``, which pylatexenc's standard argument specs cannot read
(the prefix was left in the text, and the key with it).
"""

from __future__ import annotations

from pylatexenc.latexwalker import LatexCharsNode, LatexNode, LatexWalker, ParsingState
from pylatexenc.macrospec import MacroSpec, MacroStandardArgsParser, ParsedMacroArgs

# Textual (the names as part of the sentence), then marks. ``\\fullciteA`` and
# ``\\fullciteauthor`` name every author (``ALL_AUTHORS``).
APACITE_TEXTUAL = "citeA shortciteA fullciteA shortciteauthor fullciteauthor"
APACITE_PARENTHETICAL = "citeNP citeyearNP shortcite shortciteNP fullciteNP"
APACITE_ALL_AUTHORS = frozenset({"fullciteA", "fullciteauthor"})


class ApaciteArgsParser(MacroStandardArgsParser):  # type: ignore[misc]
    """A star if any, ``<prefix>`` if any, up to two ``[notes]``, then the key group."""

    def __init__(self) -> None:
        super().__init__(argspec="")

    def parse_args(
        self, w: LatexWalker, pos: int, parsing_state: ParsingState | None = None
    ) -> tuple[ParsedMacroArgs, int, int]:
        state = parsing_state if parsing_state is not None else w.make_parsing_state()
        source: str = w.s
        groups: list[LatexNode | None] = []
        spec, end = "", pos

        def at_next(position: int) -> int:
            while position < len(source) and source[position] in " \t":
                position += 1
            return position

        at = at_next(end)
        if source[at : at + 1] == "*":
            groups.append(
                w.make_node(LatexCharsNode, parsing_state=state, chars="*", pos=at, len=1)
            )
            spec, end = "*", at + 1
        else:
            groups.append(None)  # the star's place, as the standard specs keep it
            spec = "*"
        for brace in ("<", "[", "[", "{"):
            at = at_next(end)
            if source[at : at + 1] != brace:
                if brace == "{":
                    break
                continue
            node, start, length = w.get_latex_braced_group(at, brace, parsing_state=state)
            groups.append(node)
            spec += brace
            end = start + length
        return ParsedMacroArgs(argspec=spec, argnlist=groups), pos, end - pos


class AngledArgsParser(MacroStandardArgsParser):  # type: ignore[misc]
    """natbib's and LaTeX's arguments (``argspec``), or apacite's where a ``<prefix>`` comes
    first: apacite redefines ``\\cite`` and its kin to take one (``\\cite<e.g.,>{smith2020}``),
    which the standard specs left in the text, the key with it."""

    def __init__(self, argspec: str = "*[[{") -> None:
        super().__init__(argspec=argspec)
        self._angled = ApaciteArgsParser()

    def parse_args(
        self, w: LatexWalker, pos: int, parsing_state: ParsingState | None = None
    ) -> tuple[ParsedMacroArgs, int, int]:
        source: str = w.s
        at = pos
        while at < len(source) and source[at] in " \t*":
            at += 1
        if source[at : at + 1] == "<":
            return self._angled.parse_args(w, pos, parsing_state)
        return super().parse_args(w, pos, parsing_state=parsing_state)  # type: ignore[no-any-return]


# The standard commands apacite redefines with a prefix: "\\cite<see>[p.~3]{a}".
APACITE_ANGLED = frozenset({"cite", "citeauthor", "citeyear", "fullcite"})

APACITE_SPECS = [
    MacroSpec(name, ApaciteArgsParser())
    for name in [*APACITE_TEXTUAL.split(), *APACITE_PARENTHETICAL.split()]
]
