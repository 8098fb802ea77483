"""A brace that opens a macro's argument and is never closed. TeX stops there with an error
("File ended while scanning use of \\footnote"); pylatexenc reads on to the end of the source,
so the rest of the paper would be that argument: a footnote, a heading's words, inline code
left out. The reader refuses such a source with one line instead of losing what follows.

A group that is no argument (``{\\bf x`` left open) is no such fault: TeX prints it to the end
(it only warns), and so does the reader.

An environment never closed (``\\begin{itemize}`` with no ``\\end{itemize}``) stops TeX too
("\\begin{itemize} ... ended by \\end{document}"); pylatexenc reads it on to the end of the
source, so it is refused the same way, naming the line it opens on where that line is sure.
A definition's body that opens an environment for its uses to close
(``\\newcommand{\\bi}{\\begin{itemize}}``, left when it was not expanded) is no such fault: TeX
prints no definition, so it is dropped before parsing (read as text, its environment took the
rest of the paper in), and an environment such a macro may open or close is not refused.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
)

from claimaudit.guards.untrusted import line_of
from claimaudit.library.latex.definitions import definition_spans
from claimaudit.library.latex.spans import without_spans
from claimaudit.library.latex.unprinted import blank_unprinted
from claimaudit.library.latex.verbatim import VERBATIM_SHAPES

# Braces as TeX counts them: a character after a backslash (``\{``) is none.
_BRACE = re.compile(r"\\.|[{}]", re.DOTALL)
_SHOWN = 40  # characters of the argument the refusal quotes
# An environment's opening or end as LaTeX reads it (blanks before the name allowed).
_ENVIRONMENT = re.compile(r"\\(begin|end)\s{0,40}\{\s{0,40}([^{}\\\s]{1,80})\s{0,40}\}")
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")


def unclosed_argument(nodes: Sequence[LatexNode]) -> str | None:
    """What is wrong, in words, with the first macro argument in ``nodes`` (in source order)
    whose opening brace is never closed; None when every one is closed."""
    found = unclosed_argument_node(nodes)
    return None if found is None else unclosed_argument_problem(*found)


def unclosed_argument_node(nodes: Sequence[LatexNode]) -> tuple[str, int, str] | None:
    """The first macro argument in ``nodes`` (in source order) whose opening brace is never
    closed: its macro's name, where its brace stands in the parsed source, and that source;
    None when every one is closed."""
    stack: list[LatexNode] = list(reversed(nodes))
    while stack:
        node = stack.pop()
        children: list[LatexNode | None] = []
        if isinstance(node, LatexMacroNode) and node.nodeargd is not None:
            for arg in node.nodeargd.argnlist:
                if arg is not None and _unclosed(node.macroname, arg):
                    # From the brace, which a verbatim argument's text leaves out.
                    start = arg.pos - isinstance(arg, LatexCharsNode)
                    return node.macroname, start, arg.parsing_state.s
            children = list(node.nodeargd.argnlist)
        elif isinstance(node, (LatexGroupNode, LatexMathNode)):
            children = list(node.nodelist)
        elif isinstance(node, LatexEnvironmentNode):
            children = [*(node.nodeargd.argnlist if node.nodeargd else []), *node.nodelist]
        stack.extend(child for child in reversed(children) if child is not None)
    return None


def unclosed_argument_problem(
    macro: str, start: int, source: str, *, line: int | None = None
) -> str:
    """The refusal, in words, of the argument ``unclosed_argument_node`` found; ``line``: the
    line its brace opens on, where the caller knows it (a draft's file, parsed with every
    offset kept)."""
    shown = " ".join(source[start : start + _SHOWN].split())
    where = f"on line {line} with " if line is not None else ""
    return (
        f'the argument of \\{macro} that opens {where}"{shown}" is never closed: a "}}" is '
        "missing (TeX stops there too)"
    )


def _unclosed(macro: str, arg: LatexNode) -> bool:
    source: str = arg.parsing_state.s
    end = arg.pos + arg.len
    if isinstance(arg, LatexCharsNode) and macro in VERBATIM_SHAPES:
        # A verbatim argument in braces ends at its closing brace (``latex_verbatim``).
        return arg.pos > 0 and source[arg.pos - 1] == "{" and source[end : end + 1] != "}"
    if not isinstance(arg, LatexGroupNode) or arg.delimiters != ("{", "}") or end < len(source):
        return False  # a group pylatexenc closed ends before the end of the source
    depth = 0
    for brace in _BRACE.finditer(source, arg.pos, end):
        depth += {"{": 1, "}": -1}.get(brace.group(), 0)
    return depth > 0


def drop_open_definitions(source: str) -> tuple[str, set[str]]:
    """``source`` without the definitions left in it whose body opens an environment it does
    not close, or closes one it did not open (see the module), and the names of those
    environments: where such a macro is used (one past the macros expanded), no refusal can
    tell whether it closes them."""
    dropped: list[tuple[int, int]] = []
    names: set[str] = set()
    for start, end, body in definition_spans(source):
        unbalanced = unbalanced_environments(body)
        # A definition inside one already dropped goes with it.
        if unbalanced and (not dropped or start >= dropped[-1][1]):
            dropped.append((start, end))
            names |= unbalanced
    return without_spans(source, dropped), names


def unbalanced_environments(body: str) -> set[str]:
    """The environments ``body`` opens and does not close, or closes and did not open."""
    opened: list[str] = []
    unbalanced: set[str] = set()
    for match in _ENVIRONMENT.finditer(body):
        kind, name = match.groups()
        if kind == "begin":
            opened.append(name)
        elif opened and opened[-1] == name:
            opened.pop()
        else:
            unbalanced.add(name)
    return unbalanced | set(opened)


def unclosed_environment(
    nodes: Sequence[LatexNode], exempt: Collection[str] = ()
) -> LatexEnvironmentNode | None:
    """The innermost environment in ``nodes`` that no ``\\end`` of its name closes, from the
    document's ``\\begin`` on where there is one: a preamble's hook may open one for the
    document (``\\AtBeginDocument{\\begin{CJK}{UTF8}{gbsn}}``). None when all are closed.
    The document itself may end without ``\\end{document}`` (a main file's ``\\endinput``
    ends the paper, ``latex_unprinted``): nothing of it is lost; nor is one ``exempt`` names
    (``drop_open_definitions``)."""
    environments: list[LatexEnvironmentNode] = []
    document: int | None = None
    stack: list[LatexNode] = list(reversed(nodes))
    while stack:  # in source order, an outer environment before those inside it
        node = stack.pop()
        children: list[LatexNode | None] = []
        if isinstance(node, LatexMacroNode) and node.nodeargd is not None:
            children = list(node.nodeargd.argnlist)
        elif isinstance(node, (LatexGroupNode, LatexMathNode)):
            children = list(node.nodelist)
        elif isinstance(node, LatexEnvironmentNode):
            if node.environmentname == "document" and document is None:
                document = node.pos
            if node.environmentname != "document" and node.environmentname not in exempt:
                environments.append(node)
            children = [*(node.nodeargd.argnlist if node.nodeargd else []), *node.nodelist]
        stack.extend(child for child in reversed(children) if child is not None)
    if not environments:
        return None
    ended = _ended_openings(environments[0].parsing_state.s)
    unclosed = [
        node
        for node in environments
        if node.pos not in ended and (document is None or node.pos >= document)
    ]
    return unclosed[-1] if unclosed else None


def _ended_openings(source: str) -> set[int]:
    """Where each ``\\begin`` that an ``\\end`` of its name matches stands. Read from the
    source, not from pylatexenc's nodes: it closes no environment across braces, and an
    expanded macro's body is set in braces (``{\\begin{itemize}}``, ``latex_macros``), where
    TeX, reading the source as written, closes it; an environment pylatexenc did not close runs
    to the end of the source, so one inside it may seem to end it."""
    opened: dict[str, list[int]] = {}
    ended: set[int] = set()
    for match in _ENVIRONMENT.finditer(source):
        kind, name = match.groups()
        if kind == "begin":
            opened.setdefault(name, []).append(match.start())
        elif opened.get(name):
            ended.add(opened[name].pop())
    return ended


def unclosed_environment_problem(
    node: LatexEnvironmentNode, main: str | None, *, line: int | None = None
) -> str:
    """The refusal, in words, of ``node`` (``unclosed_environment``); ``main``: the text of the
    paper's main file, for the line it opens on, unless the caller knows ``line`` (a draft's
    file, parsed with every offset kept)."""
    source: str = node.parsing_state.s
    name = node.environmentname
    shown = " ".join(source[node.pos : node.pos + _SHOWN].split())
    if line is None and main is not None:
        line = _opening_line(node, main)
    where = f" on line {line}" if line is not None else ""
    return (
        f'the environment "{name}" that opens{where} with "{shown}" is never closed: '
        f'"\\end{{{name}}}" is missing (TeX stops there too)'
    )


def _opening_line(node: LatexEnvironmentNode, main: str) -> int | None:
    """The line of ``main`` where ``node`` opens. The parsed source is ``main`` with its
    includes, macros and definitions worked in: the opening is the n-th of its name in both
    only where both hold as many (no include or macro added one); else None."""
    source: str = node.parsing_state.s
    name = node.environmentname
    parsed = [m.start() for m in _ENVIRONMENT.finditer(source) if m.groups() == ("begin", name)]
    # Same length throughout, so an offset in it is one in ``main``.
    chars = list(blank_unprinted(_COMMENT.sub(lambda m: " " * len(m.group()), main)))
    for start, end, _ in definition_spans("".join(chars)):
        chars[start:end] = " " * (end - start)
    written = "".join(chars)
    opened = [m.start() for m in _ENVIRONMENT.finditer(written) if m.groups() == ("begin", name)]
    if len(opened) != len(parsed) or node.pos not in parsed:
        return None
    return line_of(main, opened[parsed.index(node.pos)])
