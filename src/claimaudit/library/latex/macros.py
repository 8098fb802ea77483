"""A paper's own simple macros, as the readers use them: expanded before ingestion reads the
LaTeX as text, and handed to the review's reader, which parses a draft as written.

pylatexenc does not expand ``\\newcommand`` definitions: an unknown macro's arguments come out
glued together, so ``\\practice{1b}{Ensure ...}`` read "1bEnsure ..." and
``\\withurl{Storage}{https://...}`` read "Storagehttps://...". The definitions
``latex_definitions`` reads are expanded as TeX would, ``#1`` to ``#9`` replaced by the
arguments given in braces; an optional first argument takes what is in brackets, else its
default; a ``\\def``'s delimited parameter text (``\\def\\pair(#1,#2){...}``) is matched as TeX
matches it; uses whose arguments are not braced, or do not match, are left alone.
``\\DeclareMathOperator{\\argmax}{arg\\,max}`` prints its body. Expansion is bounded
(passes, macros, size, the look for an optional argument), so no source can make it loop.

``\\let\\copy\\original`` keeps a built-in macro's meaning under a new name, usually to wrap it
(``\\renewcommand\\epigraph[2]{\\originalepigraph{\\textit{#1}}{\\textsc{#2}}}``): after
expansion the copy is read as the original, which pylatexenc knows. Left in, pylatexenc would
not know the copy, and the epigraph's quote ran into its author.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from claimaudit.library.latex.definitions import (
    MAX_BRACKET_MISSES,
    Brackets,
    Definition,
    Macro,
    accepted_definitions,
    brace_group,
    def_spans,
    document_command_spans,
    let_spans,
    own_copies,
    read_copies,
    read_definitions,
)
from claimaudit.library.latex.packages import printing_macros

_MAX_PASSES = 5
# A decimal number, its digits read once (possessive): "-2", "0.5", ".5".
_NUMBER = r"-?(?:\d++(?:\.\d*+)?|\.\d++)"
_UNIT = r"(?:em|ex|pt|mm|cm|in|bp|pc|sp|mu)"
# A length set in the flow of text (``\itemsep0em``, ``\parskip=2pt``): pylatexenc would print
# the dimension ("0em") as words.
_LENGTH_ASSIGNMENT = re.compile(
    r"\\[A-Za-z]+\s{0,40}=?\s{0,40}" + _NUMBER + r"\s{0,40}" + _UNIT + r"\b"
    r"(?:\s{0,40}(?:plus|minus)\s{0,40}" + _NUMBER + r"\s{0,40}(?:" + _UNIT + r"|fil+))*"
)


def expand_macros(source: str, limit: int, packages: Sequence[str] = ()) -> str:
    """``source`` with its simple macros expanded and their definitions removed; never longer
    than ``limit`` characters (expansion stops short of it). ``packages``: the texts of the
    paper's own packages (``latex_packages``), whose definitions and ``\\let`` copies count
    too, before the source's own (a later one wins); there, a definition whose body programs
    TeX is left alone, as a package's code mostly does."""
    macros: dict[str, Macro] = {}
    copies: dict[str, str] = {}
    for text in packages:
        found_copies, rest = read_copies(text, at_letter=True)
        found, _ = read_definitions(rest, at_letter=True)
        kept = printing_macros({n: m.body for n, m in found.items()}, found_copies)
        _merge(macros, copies, {n: found[n] for n in kept}, found_copies)
    # Before the \\let lines go: a copy of the paper's own macro is its definition there.
    copied = own_copies(source, accepted_definitions(source))
    builtin_copies, source = read_copies(source)
    own, source = read_definitions(source)
    for copy, macro in copied.items():
        own.setdefault(copy, macro)
    _merge(macros, copies, own, builtin_copies)
    if not macros:
        return _restore_copies(_LENGTH_ASSIGNMENT.sub("", source), copies)
    source = _environments_called(source, macros)
    pattern = re.compile(
        r"\\(" + "|".join(re.escape(m.name) for m in macros.values()) + r")(?![A-Za-z@])"
    )
    brackets = Brackets()
    for _ in range(_MAX_PASSES):
        expanded = _expand_once(source, pattern, macros, limit, brackets)
        if expanded == source:
            break
        source = expanded
    return _restore_copies(_LENGTH_ASSIGNMENT.sub("", source), copies)


def _environments_called(source: str, macros: Mapping[str, Macro]) -> str:
    """``source`` with ``\\begin{note}`` and ``\\end{note}`` written as the commands LaTeX calls
    for them, ``\\note`` and ``\\endnote``, where the paper defines both (an environment
    defined with arguments, ``latex_unprinted.environments_as_commands``): expanded, its
    arguments print as its definition prints them."""
    names = [name for name in macros if f"end{name}" in macros]
    if not names:
        return source
    alternatives = "|".join(map(re.escape, names))
    source = re.sub(r"\\begin\s{0,40}\{(" + alternatives + r")\}", r"\\\1", source)
    return re.sub(r"\\end\s{0,40}\{(" + alternatives + r")\}", r"\\end\1", source)


def _merge(
    macros: dict[str, Macro],
    copies: dict[str, str],
    found: dict[str, Macro],
    found_copies: dict[str, str],
) -> None:
    """A later file's definitions and copies over an earlier one's: a name is one or the other."""
    for name, macro in found.items():
        if macro.provided and (name in macros or name in copies):
            continue  # \\providecommand defines only what is not defined yet
        macros[name] = macro
        copies.pop(name, None)
    for copy, original in found_copies.items():
        copies[copy] = original
        macros.pop(copy, None)


def _restore_copies(source: str, copies: dict[str, str]) -> str:
    """Copies read as the built-in macros they copied."""
    if not copies:
        return source
    pattern = re.compile(r"\\(" + "|".join(map(re.escape, copies)) + r")(?![A-Za-z@])")
    return pattern.sub(lambda m: "\\" + copies[m.group(1)], source)


@dataclass(frozen=True)
class DraftMacros:
    """The simple macros a reader that parses the source as written (a draft under review)
    expands: name -> (number of arguments, body), and where the ``\\def`` definitions among
    them stand, which it must read as blanks (pylatexenc does not know ``\\def``: it would print
    the body). Those with an optional argument are among them only for a reader that parses
    their calls so (``blank_all``: ``defaults`` has their default)."""

    macros: dict[str, tuple[int, str]]
    blanked: tuple[tuple[int, int], ...]
    # An optional first argument's default, for the macros that have one.
    defaults: dict[str, str] = field(default_factory=dict)
    # ``\\let`` copies of macros the source does not define: copy -> original.
    copies: dict[str, str] = field(default_factory=dict)
    # ``\\def`` macros with a delimited parameter text (``\\def\\see#1.{...}``), whose calls a
    # parser cannot read as braced arguments: the reader matches them as TeX does.
    delimited: dict[str, Macro] = field(default_factory=dict)
    # The names among ``macros`` that only ``\\providecommand`` defines: another file's
    # definition stands over them.
    provided: frozenset[str] = frozenset()


def draft_macros(source: str, *, blank_all: bool = False, package: bool = False) -> DraftMacros:
    """The macros ``source`` defines; with ``blank_all`` every definition read and every
    ``\\let`` is among the spans to read as blanks (a reader that parsed a definition's body
    as text would take ``\\cite{#1}`` for a citation, or a ``\\let\\x\\cite`` for a call
    swallowing what follows), else only the ``\\def`` ones. ``package``: a package file's
    source, where ``@`` is a letter and a definition whose body is TeX code is not expanded
    (``printing_macros``, as ingestion reads a package)."""
    macros: dict[str, tuple[int, str]] = {}
    defaults: dict[str, str] = {}
    delimited: dict[str, Macro] = {}
    blanked: list[tuple[int, int]] = []
    provided: set[str] = set()
    accepted = accepted_definitions(source, at_letter=package)
    if package:
        kept = printing_macros(
            {d.macro.name: d.macro.body for d in accepted},
            read_copies(source, at_letter=True)[0],
        )
        accepted = [d for d in accepted if d.macro.name in kept]
    # A copy of the source's own macro (``\\let\\oldfoo\\foo``), read as a definition of it.
    copied = {} if package else own_copies(source, accepted)
    for definition in [*accepted, *(Definition(0, 0, m) for m in copied.values())]:
        macro = definition.macro
        if definition.end == 0 and (macro.name in macros or macro.name in delimited):
            continue  # the copy's name is defined as well: that definition stands
        if macro.delimiters is not None:
            # Its calls are not braced arguments such a reader could parse: blanked, and
            # its calls matched apart (``delimited``); a later definition wins.
            blanked.append((definition.start, definition.end))
            delimited[macro.name] = macro
            macros.pop(macro.name, None)
        elif macro.provided and (macro.name in macros or macro.name in delimited):
            blanked.append((definition.start, definition.end))  # defined already: no effect
        elif macro.default is None or blank_all:
            delimited.pop(macro.name, None)
            macros[macro.name] = (macro.arguments, macro.body)
            if macro.provided:
                provided.add(macro.name)
            else:
                provided.discard(macro.name)
            if macro.default is not None:
                defaults[macro.name] = macro.default
            if macro.tex_def or blank_all:
                blanked.append((definition.start, definition.end))
    copies: dict[str, str] = {}
    if blank_all:
        copies, _ = read_copies(source, at_letter=package)
        # A document command whose arguments are not read, or a \\def that is not (TeX
        # code), is still no text.
        blanked += [
            *let_spans(source, package),
            *document_command_spans(source, package),
            *def_spans(source),
        ]
    return DraftMacros(macros, tuple(blanked), defaults, copies, delimited, frozenset(provided))


# How deep a body's calls of other macros are expanded into it, and the most it may grow to.
MAX_NESTING = 8
_MAX_INLINED_BODY = 20_000


def inline_nested(
    macros: dict[str, tuple[int, str]], defaults: Mapping[str, str]
) -> dict[str, tuple[int, str]]:
    """``macros`` (name -> (arguments, body)) with each body's calls of the others expanded
    in it, as TeX would at the call, up to ``MAX_NESTING`` deep: a wrapper of a wrapper
    (``\\newcommand\\zcite[1]{\\zz@cite{#1}}``) reads as the citation it ends in, for a
    reader that expands one level and parses ``\\zz@cite`` as ``\\zz`` and "@cite". A body
    that calls itself, directly or through others, is left as written; so is one that would
    grow past the size limit."""
    if not macros:
        return macros
    known, pattern = _known_calls(macros, defaults)
    brackets = Brackets()
    inlined: dict[str, tuple[int, str]] = {}
    for name, (count, body) in macros.items():
        expanded = body
        for _ in range(MAX_NESTING):
            if pattern.search(expanded) is None:
                break
            expanded = _expand_once(expanded, pattern, known, _MAX_INLINED_BODY, brackets)
        # Still calling a macro after the last pass: a cycle (or a call without its
        # arguments), whose expansion is the reader's one level at the call.
        inlined[name] = (count, body if pattern.search(expanded) else expanded)
    return inlined


def expand_known(
    text: str, macros: Mapping[str, tuple[int, str]], defaults: Mapping[str, str], limit: int
) -> str:
    """``text`` with its calls of ``macros`` (name -> (arguments, body); ``defaults``: an
    optional first argument's) expanded as ingestion expands a paper's, never past ``limit``
    characters: for a reader that parses the source as written and meets a call where it
    expands none in place (a draft's formula, ``$\\loss$``)."""
    if not macros:
        return text
    known, pattern = _known_calls(macros, defaults)
    brackets = Brackets()
    for _ in range(_MAX_PASSES):
        expanded = _expand_once(text, pattern, known, limit, brackets)
        if expanded == text:
            break
        text = expanded
    return text


def _known_calls(
    macros: Mapping[str, tuple[int, str]], defaults: Mapping[str, str]
) -> tuple[dict[str, Macro], re.Pattern[str]]:
    """``macros`` (name -> (arguments, body); ``defaults``: an optional first argument's) as
    ``Macro``s by name, and the pattern of a call of any of them (the longest name first)."""
    known = {
        name: Macro(name, count, body, defaults.get(name)) for name, (count, body) in macros.items()
    }
    return known, call_pattern(macros)


def call_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """The pattern of a call of any of ``names`` (group 1 the name): the longest name first,
    so ``\\foobar`` is not read as ``\\foo``, and a name ends where TeX ends it (no letter or
    ``@`` after it)."""
    alternatives = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    return re.compile(r"\\(" + alternatives + r")(?![A-Za-z@])")


def expand_call(body: str, arguments: list[str]) -> str:
    """A simple macro's body with ``#1``... replaced by ``arguments``, as TeX would."""
    for number, argument in enumerate(arguments, start=1):
        body = body.replace(f"#{number}", argument)
    return body


def _arguments(
    source: str, end: int, macro: Macro, brackets: Brackets
) -> tuple[list[str], int] | None:
    """The arguments of a call whose name ends at ``end``, and the index after them."""
    if macro.delimiters is not None:
        return delimited_arguments(source, end, macro.delimiters, brackets)
    arguments: list[str] = []
    if macro.default is not None:
        # LaTeX looks for the bracket past blanks, as it does for a braced argument.
        index = end
        while index < len(source) and index - end < 40 and source[index] in " \t\n":
            index += 1
        bracket = brackets.read(source, index)
        if bracket is None:
            arguments.append(macro.default)
        else:
            arguments.append(bracket[0])
            end = bracket[1]
    while len(arguments) < macro.arguments:
        group = brace_group(source, end)
        if group is None:
            return None
        arguments.append(group[0])
        end = group[1]
    return arguments, end


# How far a delimited argument is looked for: it is a word or a few, and a call whose
# delimiter never comes costs a bounded pass (the misses are counted with the brackets').
_MAX_DELIMITED = 400
_TOKEN = re.compile(r"\\(?:[A-Za-z@]+|.)|[^\s{}]", re.DOTALL)


def delimited_arguments(
    source: str, end: int, delimiters: tuple[str, ...], brackets: Brackets
) -> tuple[list[str], int] | None:
    """The arguments of a call of a ``\\def`` with a delimited parameter text, read as TeX
    matches it: the text before ``#1`` as it stands, a delimited argument up to its
    delimiter outside braces, an undelimited one a brace group or one token. None where the
    call does not match (TeX would stop with an error; it is left as written)."""
    index = end
    while index < len(source) and index - end < 40 and source[index] in " \t\n":
        index += 1  # the blanks after a command's name are no part of the call
    if not source.startswith(delimiters[0], index) or brackets.misses >= MAX_BRACKET_MISSES:
        return None
    index += len(delimiters[0])
    arguments: list[str] = []
    for delimiter in delimiters[1:]:
        found = _delimited(source, index, delimiter) if delimiter else _undelimited(source, index)
        if found is None:
            brackets.misses += 1
            return None
        arguments.append(found[0])
        index = found[1]
    return arguments, index


def _delimited(source: str, start: int, delimiter: str) -> tuple[str, int] | None:
    """The argument from ``start`` up to ``delimiter`` outside braces, and the index after the
    delimiter; one brace group that is the whole argument loses its braces, as in TeX."""
    depth = 0
    index = start
    limit = min(len(source), start + _MAX_DELIMITED)
    while index < limit:
        if depth == 0 and source.startswith(delimiter, index):
            argument = source[start:index]
            group = brace_group(argument, 0)
            if argument.startswith("{") and group is not None and group[1] == len(argument):
                argument = group[0]
            return argument, index + len(delimiter)
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                return None  # the group the call stands in ends first
        index += 1
    return None


def _undelimited(source: str, start: int) -> tuple[str, int] | None:
    """An undelimited argument: a brace group's content, else one token, blanks skipped."""
    group = brace_group(source, start)
    if group is not None:
        return group
    index = start
    while index < len(source) and index - start < 40 and source[index] in " \t\n":
        index += 1
    token = _TOKEN.match(source, index)
    return None if token is None else (token.group(), token.end())


def _expand_once(
    source: str,
    pattern: re.Pattern[str],
    macros: dict[str, Macro],
    limit: int,
    brackets: Brackets,
) -> str:
    out: list[str] = []
    position = 0
    size = 0
    for match in pattern.finditer(source):
        if match.start() < position:
            continue
        macro = macros[match.group(1)]
        call = _arguments(source, match.end(), macro, brackets)
        if call is None:
            continue
        arguments, end = call
        body = expand_call(macro.body, arguments)
        piece = source[position : match.start()] + "{" + body + "}"
        size += len(piece)
        if size > limit:
            return source
        out.append(piece)
        position = end
    out.append(source[position:])
    return "".join(out)
