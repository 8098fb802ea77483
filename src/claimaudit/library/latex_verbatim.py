"""Macros whose argument TeX reads as characters, not as LaTeX: a URL (``\\url``, ``\\href``'s
first argument), where "%" and "#" are part of the address, and inline code (``\\verb*``,
fancyvrb's ``\\Verb``, ``\\lstinline``, minted's ``\\mintinline``), where a ``\\cite`` is just
text. pylatexenc reads them as ordinary arguments: a "%" in a URL starts a comment that hides
the rest of the line (and the closing brace, so the rest of the document), and a ``\\cite`` in
code becomes a citation. Here such an argument is one characters node, read as TeX reads it.
"""

from __future__ import annotations

from typing import Any

from pylatexenc import latexwalker
from pylatexenc.macrospec import MacroSpec, MacroStandardArgsParser, ParsedMacroArgs

# "v": an argument read verbatim: in braces (nested braces balanced, as \url reads them) or
# between two equal characters (\verb|x|, \lstinline!x!). Other letters as pylatexenc's.
VERBATIM_SHAPES = {
    "url": "v",
    "href": "v{",
    "verb": "*v",
    "Verb": "*[v",
    "lstinline": "[v",
    "mintinline": "[{v",
}
# The inline-code macros: their text is code, not prose (dropped from a sentence, as \verb's).
CODE_MACROS = frozenset({"verb", "Verb", "lstinline", "mintinline"})


class VerbatimArgsParser(MacroStandardArgsParser):  # type: ignore[misc]  # pylatexenc untyped
    """Arguments in pylatexenc's shapes ("{", "[", "*"), plus "v": a verbatim one."""

    def __init__(self, argspec: str) -> None:
        super().__init__(argspec=argspec.replace("v", "{"))
        self.shape = argspec

    def parse_args(self, w: Any, pos: int, parsing_state: Any = None) -> tuple[Any, int, int]:
        if parsing_state is None:
            parsing_state = w.make_parsing_state()
        argnlist: list[Any] = []
        p = pos
        for kind in self.shape:
            if kind != "v":
                parsed, start, length = MacroStandardArgsParser(argspec=kind).parse_args(
                    w, p, parsing_state=parsing_state
                )
                argnlist.extend(parsed.argnlist)
                p = start + length
                continue
            node, p = _verbatim(w, p, parsing_state)
            argnlist.append(node)
        return ParsedMacroArgs(argspec=self.argspec, argnlist=argnlist), pos, p - pos


def _verbatim(w: Any, pos: int, parsing_state: Any) -> tuple[Any, int]:
    """The verbatim argument at ``pos`` (blanks skipped): a characters node, and where the
    reader goes on (blanks and one line end before it skipped, as TeX skips them). Unclosed:
    up to the line's end (TeX complains there); none: nothing."""
    s: str = w.s
    start = pos
    while pos < len(s) and s[pos] in " \t":
        pos += 1
    if s.startswith("\n", pos) or s.startswith("\r\n", pos):  # one line end is a space
        pos = s.index("\n", pos) + 1
        while pos < len(s) and s[pos] in " \t":
            pos += 1
    if pos >= len(s) or s[pos].isalpha() or s[pos].isspace():
        return None, start
    opening = s[pos]
    start = pos + 1
    end = start
    if opening == "{":
        depth = 1
        while end < len(s):
            if s[end] == "\\" and end + 1 < len(s):
                end += 2
                continue
            if s[end] == "{":
                depth += 1
            elif s[end] == "}":
                depth -= 1
                if depth == 0:
                    break
            end += 1
    else:
        end = s.find(opening, start)
        line_end = s.find("\n", start)
        if end < 0 or (0 <= line_end < end):
            end = line_end if line_end >= 0 else len(s)
    stop = min(end, len(s))
    node = w.make_node(
        latexwalker.LatexCharsNode,
        parsing_state=parsing_state,
        chars=s[start:stop],
        pos=start,
        len=stop - start,
    )
    return node, min(stop + 1, len(s))


def verbatim_specs() -> list[MacroSpec]:
    return [
        MacroSpec(name, args_parser=VerbatimArgsParser(shape))
        for name, shape in VERBATIM_SHAPES.items()
    ]
