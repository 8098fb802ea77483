"""LaTeX source that TeX reads past without printing: ``\\iffalse ... \\fi``, the ``comment``
package's environments (``comment`` and any declared with ``\\excludecomment``), a file's
rest after ``\\endinput``, and an environment's definition (``\\newenvironment``). Such text is
an author's note, a dropped draft or a definition, never the paper's words, so neither
ingestion nor review may read it as a statement. (A definition whose parts open and close an
environment apart, ``{\\begin{center}}{\\end{center}}``, read as text, took the rest of the
paper into that environment.)

``unprinted_spans`` finds the spans in one file's text; ``drop_unprinted`` removes them
(ingestion) and ``blank_unprinted`` turns them into spaces (review, which keeps offsets).
A span that fills whole lines takes its line end too, so it neither splits a paragraph
(where TeX sees no empty line) nor joins two.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from claimaudit.library.latex.definitions import brace_group
from claimaudit.library.latex.spans import without_spans

# TeX's own conditionals, each closed by ``\\fi``: inside a skipped ``\\iffalse`` they nest.
# LaTeX commands named ``\\if...`` that take arguments (``\\ifthenelse``, etoolbox's ``\\ifdef``)
# have no ``\\fi`` and are not counted; nor is ``\\ifx`` written after ``\\newif``.
PRIMITIVE_IFS = frozenset(
    "if ifcat ifnum ifdim ifodd ifvmode ifhmode ifmmode ifinner ifvoid ifhbox ifvbox ifx "
    "ifeof iftrue iffalse ifcase ifdefined ifcsname iffontchar ifincsname ifpdf ifxetex "
    "ifluatex".split()
)
_TOKEN = re.compile(
    r"\\newif\s*\\(?P<newif>if[A-Za-z@]+)"
    r"|\\(?P<cond>if[A-Za-z@]*|fi|else)(?![A-Za-z@])"
    r"|\\begin\s*\{(?P<begin>[^{}\s]{1,80})\}"
    r"|\\excludecomment\s*\{\s*(?P<exclude>[^{}\s]{1,80})\s*\}"
    r"|\\endinput(?![A-Za-z@])"
    r"|\\(?P<define>(?:re)?newenvironment|provideenvironment"
    r"|(?:New|Renew|Provide|Declare)DocumentEnvironment)\*?(?![A-Za-z@])"
)
# The arguments of each definition: {name}[arguments][default]{begin}{end}, xparse's
# {name}{argument spec}{begin}{end}.
_DEFINITION_SHAPES = {"newenvironment": "{[[{{", "DocumentEnvironment": "{{{{"}
# Braces as TeX counts them (a character after a backslash, ``\{``, is none), and how far a
# definition's arguments may run: a longer one is left as it is.
_BRACE = re.compile(r"\\.|[{}]", re.DOTALL)
_MAX_DEFINITION = 20_000
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")


# An environment the paper defines with arguments: ``\\newenvironment{note}[1][x]{...}{...}``.
_ENVIRONMENT = re.compile(
    r"\\(?:new|provide)environment\*?\s{0,40}\{\s{0,40}([A-Za-z]{1,80})\s{0,40}\}"
    r"\s{0,40}\[\s{0,40}([1-9])\s{0,40}\]"
)
_BEGIN_OR_END = re.compile(r"\\(?:begin|end)(?![A-Za-z@])")


class EnvironmentDefinition(NamedTuple):
    name: str
    arguments: int
    default: str | None  # the optional first argument's
    begin: str
    end: str
    span: tuple[int, int]


def environment_definitions(text: str) -> list[EnvironmentDefinition]:
    """The environments ``text`` (comments dropped or not) defines with arguments, in order."""
    masked = _mask_comments(text)
    found: list[EnvironmentDefinition] = []
    for match in _ENVIRONMENT.finditer(masked):
        position = match.end()
        default: str | None = None
        while masked[position : position + 1].isspace():
            position += 1
        if masked.startswith("[", position):
            close = masked.find("]", position, position + 400)
            if close < 0:
                continue
            default, position = text[position + 1 : close], close + 1
        begin = brace_group(masked, position)
        end = brace_group(masked, begin[1]) if begin is not None else None
        if begin is None or end is None:
            continue
        found.append(
            EnvironmentDefinition(
                match.group(1),
                int(match.group(2)),
                default,
                text[begin[1] - len(begin[0]) - 1 : begin[1] - 1],
                text[end[1] - len(end[0]) - 1 : end[1] - 1],
                (match.start(), end[1]),
            )
        )
    return found


def environment_shapes(text: str) -> dict[str, str]:
    """The argument shape (pylatexenc's) of each environment ``text`` defines with arguments:
    a reader that parses the source as written reads them as arguments, not as its text."""
    return {
        d.name: ("[" if d.default is not None else "{") + "{" * (d.arguments - 1)
        for d in environment_definitions(text)
    }


def environments_as_commands(text: str) -> str:
    """``text`` with each environment it defines with arguments, and whose parts open and close
    nothing apart (no ``\\begin`` or ``\\end`` in them), defined as LaTeX defines it: as the
    commands ``\\note`` and ``\\endnote`` that ``\\begin{note}`` and ``\\end{note}`` call
    (``latex_macros`` expands them), so its arguments print as its definition prints them."""
    kept: list[str] = []
    position = 0
    for definition in environment_definitions(text):
        if _BEGIN_OR_END.search(definition.begin + definition.end):
            continue
        optional = f"[{definition.default}]" if definition.default is not None else ""
        kept += [
            text[position : definition.span[0]],
            f"\\newcommand{{\\{definition.name}}}[{definition.arguments}]{optional}"
            f"{{{definition.begin}}}\\newcommand{{\\end{definition.name}}}{{{definition.end}}}",
        ]
        position = definition.span[1]
    return "".join([*kept, text[position:]])


def excluded_environments(text: str) -> set[str]:
    """Environments ``\\excludecomment{name}`` declares in ``text`` (comments ignored)."""
    masked = _mask_comments(text)
    return {m.group("exclude") for m in _TOKEN.finditer(masked) if m.group("exclude")}


def unprinted_spans(text: str, excluded: Iterable[str] = ()) -> list[tuple[int, int]]:
    """[start, end) of every unprinted span of ``text``, in order and apart. ``excluded``
    names environments declared elsewhere (the main file) as comments."""
    masked = _mask_comments(text)
    environments = {"comment", *excluded}
    conditionals = set(PRIMITIVE_IFS)
    spans: list[tuple[int, int]] = []
    position = 0
    while (match := _TOKEN.search(masked, position)) is not None:
        position = match.end()
        if match.group("newif"):
            conditionals.add(match.group("newif"))
        elif match.group("exclude"):
            environments.add(match.group("exclude"))
        elif match.group("cond") == "iffalse":
            end = _false_branch_end(masked, position, conditionals)
            if end is not None:  # never closed: TeX would stop with an error; keep the text
                spans.append((match.start(), end))
                position = end
        elif match.group("begin") in environments:
            name = re.escape(match.group("begin"))
            close = re.compile(r"\\end\s*\{" + name + r"\}").search(masked, position)
            if close is not None:
                spans.append((match.start(), close.end()))
                position = close.end()
        elif match.group("define"):
            end = _definition_end(masked, position, match.group("define"))
            if end is not None:  # arguments never closed: TeX would stop; keep the text
                spans.append((match.start(), end))
                position = end
        elif match.group(0) == "\\endinput":
            # TeX still reads the rest of the line \endinput stands on, then stops the file.
            line_end = masked.find("\n", position)
            if line_end < 0 or not masked[position:line_end].strip():
                spans.append((match.start(), len(text)))
            else:
                spans.extend([(match.start(), position), (line_end + 1, len(text))])
            break
    return [whole_lines(text, start, end) for start, end in spans]


def drop_unprinted(text: str, excluded: Iterable[str] = ()) -> str:
    """``text`` without its unprinted spans (ingestion, which needs no offsets)."""
    return without_spans(text, unprinted_spans(text, excluded))


def blank_unprinted(text: str, excluded: Iterable[str] = ()) -> str:
    """``text`` with every unprinted character a space: the same length, so offsets hold."""
    chars = list(text)
    for start, end in unprinted_spans(text, excluded):
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _false_branch_end(masked: str, position: int, conditionals: set[str]) -> int | None:
    """Where the skipped branch of an ``\\iffalse`` ends: after its ``\\fi``, or after an
    ``\\else`` of its own (whose branch is printed; its ``\\fi`` prints nothing)."""
    depth = 0
    while (match := _TOKEN.search(masked, position)) is not None:
        position = match.end()
        word = match.group("cond")
        if word in conditionals:
            depth += 1
        elif word == "fi":
            if depth == 0:
                return position
            depth -= 1
        elif word == "else" and depth == 0:
            return position
    return None


def _definition_end(masked: str, position: int, command: str) -> int | None:
    """Where the arguments of an environment's definition, read from ``position``, end."""
    # LaTeX's own commands end in "environment", xparse's in "Environment".
    shape = _DEFINITION_SHAPES[
        "newenvironment" if command.endswith("environment") else "DocumentEnvironment"
    ]
    limit = min(len(masked), position + _MAX_DEFINITION)
    for kind in shape:
        while position < limit and masked[position].isspace():
            position += 1
        if kind == "[" and masked.startswith("[", position):
            close = masked.find("]", position, limit)
            if close < 0:
                return None
            position = close + 1
        elif kind == "{":
            if not masked.startswith("{", position):
                return None
            depth = 0
            for brace in _BRACE.finditer(masked, position, limit):
                depth += {"{": 1, "}": -1}.get(brace.group(), 0)
                if depth == 0:
                    position = brace.end()
                    break
            else:
                return None
    return position


def whole_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """The span, widened over its line's blanks and line end when it fills whole lines."""
    before = start
    while before > 0 and text[before - 1] in " \t":
        before -= 1
    after = end
    while after < len(text) and text[after] in " \t\r":
        after += 1
    opens_line = before == 0 or text[before - 1] == "\n"
    closes_line = after == len(text) or text[after] == "\n"
    if opens_line and closes_line:
        return before, min(after + 1, len(text))
    return start, end


def _mask_comments(text: str) -> str:
    # Same length: a "\\fi" or "\\end{comment}" in a % comment is not TeX's.
    return _COMMENT.sub(lambda m: " " * len(m.group(0)), text)
