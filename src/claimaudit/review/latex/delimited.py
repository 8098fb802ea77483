"""Calls of a draft's ``\\def`` macros with a delimited parameter text (``\\def\\see#1.{(see
#1)}`` called as ``\\see Smith.``), read as the library's LaTeX reader reads them
(``claimaudit.library.latex.macros``): the arguments matched as TeX matches them.

The review's reader parses the draft as written, keeping every offset, and pylatexenc reads
no such call: its arguments came out as text of their own ("Smith." after a macro that
printed nothing). Each call that matches is rewritten in place, the same length, as the name
alone (its parameter text blanked, which the parser reads as the blanks after a name), and its
arguments and end kept by where the call stands, for the walker to put into the body when it
expands the call. A call that does not match is left as written (TeX would stop with an
error), the name printing nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from claimaudit.library.latex.definitions import Brackets, Macro
from claimaudit.library.latex.macros import call_pattern, delimited_arguments

Calls = dict[int, tuple[list[str], int]]


def rewrite_calls(printed: str, macros: Mapping[str, Macro]) -> tuple[str, Calls]:
    """``printed`` with each matching call of ``macros`` rewritten (same length), and each
    call's arguments and end by the offset of its backslash."""
    if not macros:
        return printed, {}
    pattern = call_pattern(macros)
    brackets = Brackets()  # counts the calls that do not match: a bounded cost in all
    calls: Calls = {}
    pieces: list[str] = []
    position = 0
    for match in pattern.finditer(printed):
        if match.start() < position:
            continue  # inside the call before it
        macro = macros[match.group(1)]
        assert macro.delimiters is not None
        found = delimited_arguments(printed, match.end(), macro.delimiters, brackets)
        if found is None:
            continue
        arguments, end = found
        pieces += [printed[position : match.end()], " " * (end - match.end())]
        position = end
        calls[match.start()] = (arguments, end)
    pieces.append(printed[position:])
    return "".join(pieces), calls
