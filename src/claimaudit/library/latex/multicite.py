"""biblatex's multi-citation commands: ``\\cites(pre)(post)[pre][post]{a}[pre][post]{b}...``,
and its volume citations: ``\\volcite[pre]{volume}[pages]{key}``, ``\\volcites`` the same per work.

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
# biblatex's volume citations, ``\\volcite[pre]{volume}[pages]{key}``, and their multi forms
# (``\\volcites(pre)(post)[pre]{volume}[pages]{key}...``), after the command each is based on.
PARENTHETICAL_VOLCITES = "volcite Volcite pvolcite Pvolcite svolcite Svolcite avolcite Avolcite"
TEXTUAL_VOLCITES = "tvolcite Tvolcite"
FOOTNOTE_VOLCITES = "fvolcite ftvolcite"
VOLCITE_COMMANDS = frozenset(
    f"{PARENTHETICAL_VOLCITES} {TEXTUAL_VOLCITES} {FOOTNOTE_VOLCITES}".split()
)
VOLCITE_MULTI = frozenset(f"{name}s" for name in VOLCITE_COMMANDS)
MULTICITE_COMMANDS = (
    frozenset(f"{PARENTHETICAL_MULTICITES} {TEXTUAL_MULTICITES} {FOOTNOTE_MULTICITES}".split())
    | VOLCITE_MULTI
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

    def __init__(self, *, volumes: bool = False) -> None:
        super().__init__(argspec="")
        # Each work's groups: ``[pre][post]{keys}``, or ``[pre]{volume}[pages]{key}`` for
        # the volume commands (``\\volcites``); "?" marks an optional one.
        self.work = ("[?", "{", "[?", "{") if volumes else ("[?", "[?", "{")

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
            work: list[LatexGroupNode] = []
            work_spec, after, at = "", end, _next_group(source, end)
            for part in self.work:
                if source[at : at + 1] == part[0]:
                    node, after = read(at, part[0])
                    work.append(node)
                    work_spec += part[0]
                    at = _next_group(source, after)
                elif not part.endswith("?"):
                    break  # notes with no key group after them are the text's
            else:
                groups += work
                spec += work_spec
                end = after
                continue
            break
        return ParsedMacroArgs(argspec=spec, argnlist=groups), pos, end - pos


MULTICITE_SPECS = [
    MacroSpec(name, MultiCiteArgsParser(volumes=name in VOLCITE_MULTI))
    for name in sorted(MULTICITE_COMMANDS)
]
