"""biblatex's multi-citation commands: ``\\cites(pre)(post)[pre][post]{a}[pre][post]{b}...``.

Each cites several works, each with its own optional notes; up to two notes in parentheses
before all of them apply to the whole list. The list ends, as biblatex ends it, at the first
thing that is neither a bracket group nor a brace group (spaces, a comment and one line break
between groups are skipped, as TeX skips them; a blank line ends it). Notes without the key
group that would follow them are no part of the command: ``\\cites{a} [sic]`` reads "[sic]" as
text. Reading is linear in the source: every group read moves on past its end.
"""

from __future__ import annotations

from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexGroupNode,
    LatexNode,
    LatexWalker,
    ParsingState,
)
from pylatexenc.macrospec import MacroSpec, MacroStandardArgsParser, ParsedMacroArgs

PARENTHETICAL_MULTICITES = (
    "cites Cites parencites Parencites smartcites Smartcites autocites Autocites supercites"
)
TEXTUAL_MULTICITES = "textcites Textcites"
FOOTNOTE_MULTICITES = "footcites footcitetexts"
MULTICITE_COMMANDS = frozenset(
    f"{PARENTHETICAL_MULTICITES} {TEXTUAL_MULTICITES} {FOOTNOTE_MULTICITES}".split()
)


def _next_group(source: str, position: int) -> int:
    """Where the next group may start: past spaces and comments, and at most one line break
    (two make a paragraph, which ends the list)."""
    breaks = 0
    while position < len(source):
        char = source[position]
        if char == "%":
            end = source.find("\n", position)
            if end < 0:
                return len(source)
            position = end  # the comment's line break counts as the line's
        elif char == "\n":
            breaks += 1
            if breaks > 1:
                return position
            position += 1
        elif char in " \t\r":
            position += 1
        else:
            return position
    return position


class MultiCiteArgsParser(MacroStandardArgsParser):  # type: ignore[misc]
    """The arguments of a multi-citation command: a star if any, the parenthesised notes,
    then for each work its bracketed notes and its key group, in the order written."""

    def __init__(self) -> None:
        super().__init__(argspec="")

    def parse_args(
        self, w: LatexWalker, pos: int, parsing_state: ParsingState | None = None
    ) -> tuple[ParsedMacroArgs, int, int]:
        state = parsing_state if parsing_state is not None else w.make_parsing_state()
        source: str = w.s
        groups: list[LatexNode] = []
        spec = ""
        end = pos
        at = _next_group(source, end)
        if source[at : at + 1] == "*":  # biblatex documents none, but a star costs nothing
            groups.append(
                w.make_node(LatexCharsNode, parsing_state=state, chars="*", pos=at, len=1)
            )
            spec, end = "*", at + 1

        def read(at: int, brace: str) -> tuple[LatexGroupNode, int]:
            """The group at ``at`` and where it ends."""
            node, start, length = w.get_latex_braced_group(at, brace, parsing_state=state)
            return node, start + length

        for _ in range(2):
            at = _next_group(source, end)
            if source[at : at + 1] != "(":
                break
            node, end = read(at, "(")
            groups.append(node)
            spec += "("
        while True:
            at = _next_group(source, end)
            notes: list[LatexGroupNode] = []
            while len(notes) < 2 and source[at : at + 1] == "[":
                node, after = read(at, "[")
                notes.append(node)
                at = _next_group(source, after)
            if source[at : at + 1] != "{":
                break  # notes with no key group after them are the text's
            keys, end = read(at, "{")
            groups += [*notes, keys]
            spec += "[" * len(notes) + "{"
        return ParsedMacroArgs(argspec=spec, argnlist=groups), pos, end - pos


MULTICITE_SPECS = [MacroSpec(name, MultiCiteArgsParser()) for name in sorted(MULTICITE_COMMANDS)]
