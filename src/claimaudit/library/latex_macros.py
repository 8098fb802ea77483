"""A paper's own simple macros, expanded before the LaTeX is read as text.

pylatexenc does not expand ``\\newcommand`` definitions: an unknown macro's arguments come out
glued together, so ``\\practice{1b}{Ensure ...}`` read "1bEnsure ..." and
``\\withurl{Storage}{https://...}`` read "Storagehttps://...". Definitions with a fixed number
of arguments (``\\newcommand``, ``\\renewcommand``, ``\\providecommand``, the form with braces
or without) are expanded as TeX would, ``#1`` to ``#9`` replaced by the arguments given in
braces; an optional first argument (``\\newcommand{\\x}[2][default]{...}``) takes what is in
brackets, else its default. TeX's ``\\def`` (and ``\\gdef``, ``\\edef``, ``\\xdef``) is read
the same way when its parameter text is plain ``#1#2...`` and its body is text, not TeX
programming (conditionals, ``\\csname``, ``\\the``, internal ``@`` names, definitions inside:
what that computes is not known here); a delimited parameter text (``\\def\\a#1.{...}``) is
left alone, as are uses whose arguments are not braced.
``\\DeclareMathOperator{\\argmax}{arg\\,max}`` prints its body. Expansion is bounded (passes,
macros, size, the look for an optional argument), so no source can make it loop.

``\\let\\copy\\original`` keeps a built-in macro's meaning under a new name, usually to wrap it
(``\\renewcommand\\epigraph[2]{\\originalepigraph{\\textit{#1}}{\\textsc{#2}}}``): after
expansion the copy is read as the original, which pylatexenc knows. Left in, pylatexenc would
not know the copy, and the epigraph's quote ran into its author.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

_DEFINITION = re.compile(
    r"\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand)\*?"
    r"\s{0,40}(?:\{\s{0,40}\\([A-Za-z]+)\s{0,40}\}|\\([A-Za-z]+))"
    r"\s{0,40}(?:\[(\d)\])?\s{0,40}"
)
# TeX's own form. The parameter text is group 3; the body must follow it at once (a space after
# ``#2`` would delimit the argument), or after the blanks TeX skips after a bare name.
_DEF = re.compile(r"\\([gex]?)def\s{0,40}\\([A-Za-z]+)(?![A-Za-z@])((?:#\d){0,9})")
# Its prefixes, read back from where it starts (a pattern that opened with them would be
# tried at every character of the source).
_DEF_PREFIXES = ("\\long", "\\global", "\\protected", "\\outer")
# xparse's form: ``\\NewDocumentCommand{\\x}{om}{...}``. Read only when every argument is
# mandatory (``m``), the first one perhaps optional (``o``, empty when not given).
_DOCUMENT_COMMAND = re.compile(
    r"\\(?:New|Renew|Provide|Declare)DocumentCommand\s{0,40}"
    r"(?:\{\s{0,40}\\([A-Za-z]+)\s{0,40}\}|\\([A-Za-z]+))\s{0,40}"
)
_MATH_OPERATOR = re.compile(
    r"\\DeclareMathOperator\*?\s{0,40}(?:\{\s{0,40}\\([A-Za-z]+)\s{0,40}\}|\\([A-Za-z]+))"
)
# A ``\def`` body that programs TeX rather than printing text (a class's or package's code,
# under ``\makeatletter``): what it computes is not known here, and read as text it would
# print its parts ("\@title" reads "title").
_TEX_CODE = re.compile(
    r"\\[A-Za-z]*@|\\(?:if[A-Za-z]*|else|or|fi|expandafter|noexpand|unexpanded|csname|the"
    r"|number|romannumeral|relax|let|futurelet|afterassignment|[gex]?def)(?![A-Za-z])"
)
# ``#2`` in a body; ``##2`` is a parameter of a definition inside it.
_PARAMETER = re.compile(r"(?<!#)#([1-9])")
_LET = re.compile(r"\\let\s{0,40}\\([A-Za-z]+)\s{0,40}=?\s{0,40}\\([A-Za-z]+)(?![A-Za-z@])")
# Blanks inside these patterns are bounded: two unbounded runs side by side re-read a long run
# of blanks from every place in it (quadratic in a hostile source).
_MAX_PASSES = 5
_MAX_MACROS = 200
# A decimal number, its digits read once (possessive): "-2", "0.5", ".5".
_NUMBER = r"-?(?:\d++(?:\.\d*+)?|\.\d++)"
_UNIT = r"(?:em|ex|pt|mm|cm|in|bp|pc|sp|mu)"
# A length set in the flow of text (``\itemsep0em``, ``\parskip=2pt``): pylatexenc would print
# the dimension ("0em") as words.
_LENGTH_ASSIGNMENT = re.compile(
    r"\\[A-Za-z]+\s{0,40}=?\s{0,40}" + _NUMBER + r"\s{0,40}" + _UNIT + r"\b"
    r"(?:\s{0,40}(?:plus|minus)\s{0,40}" + _NUMBER + r"\s{0,40}(?:" + _UNIT + r"|fil+))*"
)


@dataclass(frozen=True)
class _Macro:
    name: str
    arguments: int
    body: str
    default: str | None = None  # the optional first argument's, when it has one
    tex_def: bool = False  # defined with \def and its kin (pylatexenc reads no such definition)


@dataclass(frozen=True)
class _Definition:
    """A definition as written: ``source[start:end]`` is dropped once it is read."""

    start: int
    end: int
    macro: _Macro


def expand_macros(source: str, limit: int, packages: Sequence[str] = ()) -> str:
    """``source`` with its simple macros expanded and their definitions removed; never longer
    than ``limit`` characters (expansion stops short of it). ``packages``: the texts of the
    paper's own packages (``latex_packages``), whose definitions and ``\\let`` copies count
    too, before the source's own (a later one wins); there, a definition whose body programs
    TeX is left alone, as a package's code mostly does."""
    macros: dict[str, _Macro] = {}
    copies: dict[str, str] = {}
    for text in packages:
        found_copies, rest = _copies(text)
        found, _ = _definitions(rest)
        printing = {n: m for n, m in found.items() if not _TEX_CODE.search(m.body)}
        _merge(macros, copies, printing, found_copies)
    own_copies, source = _copies(source)
    own, source = _definitions(source)
    _merge(macros, copies, own, own_copies)
    if not macros:
        return _restore_copies(_LENGTH_ASSIGNMENT.sub("", source), copies)
    pattern = re.compile(
        r"\\(" + "|".join(re.escape(m.name) for m in macros.values()) + r")(?![A-Za-z@])"
    )
    brackets = _Brackets()
    for _ in range(_MAX_PASSES):
        expanded = _expand_once(source, pattern, macros, limit, brackets)
        if expanded == source:
            break
        source = expanded
    return _restore_copies(_LENGTH_ASSIGNMENT.sub("", source), copies)


def _merge(
    macros: dict[str, _Macro],
    copies: dict[str, str],
    found: dict[str, _Macro],
    found_copies: dict[str, str],
) -> None:
    """A later file's definitions and copies over an earlier one's: a name is one or the other."""
    for name, macro in found.items():
        macros[name] = macro
        copies.pop(name, None)
    for copy, original in found_copies.items():
        copies[copy] = original
        macros.pop(copy, None)


def _copies(source: str) -> tuple[dict[str, str], str]:
    """``\\let`` copies of built-in macros (copy -> original), and the source without any
    ``\\let``. A copy of one of the paper's own macros is dropped: which definition it copied
    depends on where it stood, and TeX's meaning cannot be rebuilt here."""
    first_defined: dict[str, int] = {}
    for pattern in (_DEFINITION, _DEF, _MATH_OPERATOR, _DOCUMENT_COMMAND):
        for definition in pattern.finditer(source):
            name = _name(definition, pattern)
            first_defined[name] = min(first_defined.get(name, len(source)), definition.start())
    copies: dict[str, str] = {}
    for match in _LET.finditer(source):
        copy, original = match.group(1), match.group(2)
        own = first_defined.get(original, len(source)) < match.start()
        if not own and len(copies) < _MAX_MACROS:
            copies[copy] = original
    return copies, _LET.sub("", source)


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


def draft_macros(source: str, *, blank_all: bool = False) -> DraftMacros:
    """The macros ``source`` defines; with ``blank_all`` every definition read and every
    ``\\let`` is among the spans to read as blanks (a reader that parsed a definition's body
    as text would take ``\\cite{#1}`` for a citation, or a ``\\let\\x\\cite`` for a call
    swallowing what follows), else only the ``\\def`` ones."""
    macros: dict[str, tuple[int, str]] = {}
    defaults: dict[str, str] = {}
    blanked: list[tuple[int, int]] = []
    for definition in _accepted(source):
        macro = definition.macro
        if macro.default is None or blank_all:
            macros[macro.name] = (macro.arguments, macro.body)
            if macro.default is not None:
                defaults[macro.name] = macro.default
            if macro.tex_def or blank_all:
                blanked.append((definition.start, definition.end))
    copies: dict[str, str] = {}
    if blank_all:
        copies, _ = _copies(source)
        blanked += [m.span() for m in _LET.finditer(source)]
        # A document command whose arguments are not read is still no text.
        for match in _DOCUMENT_COMMAND.finditer(source):
            spec = _group(source, match.end())
            body = _group(source, spec[1]) if spec is not None else None
            if body is not None:
                blanked.append((match.start(), body[1]))
    return DraftMacros(macros, tuple(blanked), defaults, copies)


def expand_call(body: str, arguments: list[str]) -> str:
    """A simple macro's body with ``#1``... replaced by ``arguments``, as TeX would."""
    for number, argument in enumerate(arguments, start=1):
        body = body.replace(f"#{number}", argument)
    return body


def _definitions(source: str) -> tuple[dict[str, _Macro], str]:
    """The macros ``source`` defines (the last definition of a name wins) and the source
    without their definitions."""
    macros: dict[str, _Macro] = {}
    kept: list[str] = []
    position = 0
    for definition in _accepted(source):
        macros[definition.macro.name] = definition.macro
        kept.append(source[position : definition.start])
        position = definition.end
    kept.append(source[position:])
    return macros, "".join(kept)


def _accepted(source: str) -> list[_Definition]:
    """The definitions that are expanded, in order."""
    found = sorted((d for d in _read_all(source) if d is not None), key=lambda d: (d.start, -d.end))
    accepted: list[_Definition] = []
    names: set[str] = set()
    position = 0
    for definition in found:
        macro = definition.macro
        # One inside another's body is that macro's business (and goes with it).
        if definition.start < position or len(names) >= _MAX_MACROS:
            continue
        if f"\\{macro.name}" in macro.body:  # recursive: TeX would loop too
            continue
        if any(int(n) > macro.arguments for n in _PARAMETER.findall(macro.body)):
            continue  # a parameter it has not: part of an outer definition TeX never ran
        names.add(macro.name)
        accepted.append(definition)
        position = definition.end
    return accepted


def _read_all(source: str) -> list[_Definition | None]:
    return [
        *(_read_newcommand(source, m) for m in _DEFINITION.finditer(source)),
        *(_read_def(source, m) for m in _DEF.finditer(source)),
        *(_read_math_operator(source, m) for m in _MATH_OPERATOR.finditer(source)),
        *(_read_document_command(source, m) for m in _DOCUMENT_COMMAND.finditer(source)),
    ]


def _name(match: re.Match[str], pattern: re.Pattern[str]) -> str:
    if pattern is _DEF:
        return match.group(2)
    return match.group(1) or match.group(2)


def _read_newcommand(source: str, match: re.Match[str]) -> _Definition | None:
    arguments = int(match.group(3) or 0)
    rest = match.end()
    default: str | None = None
    if source.startswith("[", rest):
        bracket = _Brackets().read(source, rest)
        if bracket is None or arguments == 0:
            return None
        default, rest = bracket
    body = _group(source, rest)
    if body is None:
        return None
    macro = _Macro(_name(match, _DEFINITION), arguments, body[0], default)
    return _Definition(match.start(), body[1], macro)


def _read_def(source: str, match: re.Match[str]) -> _Definition | None:
    parameters = match.group(3)
    if parameters != "".join(f"#{n}" for n in range(1, len(parameters) // 2 + 1)):
        return None  # "#2#1": not a parameter text TeX accepts
    rest = match.end()
    if parameters and not source.startswith("{", rest):
        return None  # delimited parameters ("#1.", "#1 "): not read here
    body = _group(source, rest)
    if body is None:
        return None
    if _TEX_CODE.search(body[0]):
        return None
    macro = _Macro(match.group(2), len(parameters) // 2, body[0], tex_def=True)
    return _Definition(_prefixed_start(source, match.start()), body[1], macro)


def _prefixed_start(source: str, start: int) -> int:
    """Where a ``\\def`` starting at ``start`` starts with its prefixes (``\\long\\def``)."""
    for _ in range(len(_DEF_PREFIXES)):
        index = start
        while index > 0 and start - index < 8 and source[index - 1] in " \t\n":
            index -= 1
        prefix = next((p for p in _DEF_PREFIXES if source.endswith(p, 0, index)), None)
        if prefix is None:
            break
        start = index - len(prefix)
    return start


def _read_document_command(source: str, match: re.Match[str]) -> _Definition | None:
    """``\\NewDocumentCommand{\\x}{om}{body}``: its arguments all ``m``, the first perhaps
    ``o`` (read as an optional argument whose default is empty); other specifications (``s``,
    ``O{...}``, delimited ones) are not read."""
    spec = _group(source, match.end())
    if spec is None:
        return None
    letters = "".join(spec[0].split())
    if not re.fullmatch(r"o?m{0,9}", letters) or len(letters) > 9:
        return None
    body = _group(source, spec[1])
    if body is None:
        return None
    default = "" if letters.startswith("o") else None
    macro = _Macro(_name(match, _DOCUMENT_COMMAND), len(letters), body[0], default)
    return _Definition(match.start(), body[1], macro)


def _read_math_operator(source: str, match: re.Match[str]) -> _Definition | None:
    body = _group(source, match.end())
    if body is None:
        return None
    macro = _Macro(_name(match, _MATH_OPERATOR), 0, body[0], tex_def=True)
    return _Definition(match.start(), body[1], macro)


def _group(source: str, start: int) -> tuple[str, int] | None:
    """The content of the brace group at ``start`` (spaces skipped) and the index after it."""
    index = start
    while index < len(source) and source[index] in " \t\n":
        index += 1
    if index >= len(source) or source[index] != "{":
        return None
    depth = 0
    for position in range(index, len(source)):
        char = source[position]
        if char == "\\":
            continue
        if char == "{" and source[position - 1] != "\\":
            depth += 1
        elif char == "}" and source[position - 1] != "\\":
            depth -= 1
            if depth == 0:
                return source[index + 1 : position], position + 1
    return None


# An optional argument: up to the first "]" outside braces (one level of them, as real defaults
# have); a "\]" is a command, not the bracket. Possessive, so a miss costs one pass.
_BRACKET = re.compile(r"\[((?:[^\]{}\\]|\\.|\{(?:[^{}\\]|\\.)*+\})*+)\]", re.DOTALL)
# An optional argument is a word or a few: a longer one is not looked for, so that a source
# of unclosed brackets costs a bounded pass at each one, not a pass to its end; and after so
# many brackets that do not close, no more are looked for (a hostile source: calls take their
# default), so the passes add up to a bounded cost however many calls there are.
_MAX_BRACKET = 400
_MAX_BRACKET_MISSES = 5_000


@dataclass
class _Brackets:
    """Reads optional arguments, counting those that do not close."""

    misses: int = 0

    def read(self, source: str, start: int) -> tuple[str, int] | None:
        """The content of the ``[...]`` at ``start`` and the index after it, or None."""
        if not source.startswith("[", start) or self.misses >= _MAX_BRACKET_MISSES:
            return None
        end = min(len(source), start + _MAX_BRACKET)
        match = _BRACKET.match(source, start, end) if source.find("]", start, end) >= 0 else None
        if match is None:
            self.misses += 1
            return None
        return match.group(1), match.end()


def _arguments(
    source: str, end: int, macro: _Macro, brackets: _Brackets
) -> tuple[list[str], int] | None:
    """The arguments of a call whose name ends at ``end``, and the index after them."""
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
        group = _group(source, end)
        if group is None:
            return None
        arguments.append(group[0])
        end = group[1]
    return arguments, end


def _expand_once(
    source: str,
    pattern: re.Pattern[str],
    macros: dict[str, _Macro],
    limit: int,
    brackets: _Brackets,
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
