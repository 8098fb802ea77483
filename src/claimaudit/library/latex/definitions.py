"""Reading a paper's own macro definitions out of its LaTeX source, for ``latex_macros``.

Definitions with a fixed number of arguments (``\\newcommand``, ``\\renewcommand``,
``\\providecommand``, ``\\DeclareRobustCommand``, the form with braces or without), an
optional first argument among them (``\\newcommand{\\x}[2][default]{...}``); TeX's ``\\def``
(and ``\\gdef``, ``\\edef``, ``\\xdef``) when its parameter text is plain ``#1#2...`` and its
body is text, not TeX programming (conditionals, ``\\csname``, ``\\the``, internal ``@``
names, definitions inside: what that computes is not known here), its parameter text plain
``#1#2...`` or delimited by plain characters (``\\def\\a#1.{...}``, ``\\def\\p(#1,#2){...}``,
read as TeX matches a call against it, ``latex_macros``); xparse's
``\\NewDocumentCommand`` with ``m`` arguments, the first perhaps ``o``;
``\\DeclareMathOperator``; and ``\\let`` copies. Reading
is bounded (macros, the look for an optional argument), so no source can make it loop.

A name is letters, and ``@`` too where TeX reads it as a letter: in a package file
(``at_letter``) and between ``\\makeatletter`` and ``\\makeatother``
(``\\let\\my@cite\\citep``); elsewhere ``\\my@cite`` is ``\\my`` followed by "@cite", and no
definition of such a name is read.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from claimaudit.library.latex.spans import without_spans

# A name as the patterns read it; whether its "@" may be part of it is ``_Letters``' to say.
_NAME = r"[A-Za-z@]+"
_DEFINITION = re.compile(
    r"\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand)\*?"
    rf"\s{{0,40}}(?:\{{\s{{0,40}}\\({_NAME})\s{{0,40}}\}}|\\({_NAME}))"
    r"\s{0,40}(?:\[(\d)\])?\s{0,40}"
)
# TeX's own form. The parameter text is group 3, everything up to the body's brace (TeX allows
# no brace in it), after the blanks TeX skips after a bare name; the body must follow it (a
# space after ``#2`` delimits the argument, so it is part of the parameter text).
_DEF = re.compile(rf"\\([gex]?)def\s{{0,40}}\\({_NAME})(?![A-Za-z@])\s{{0,40}}([^{{}}]{{0,80}}+)")
# A parameter text's parameters: what is between them (and before the first) are delimiters.
_PARAMETER_MARK = re.compile(r"#(.)", re.DOTALL)
# Its prefixes, read back from where it starts (a pattern that opened with them would be
# tried at every character of the source).
_DEF_PREFIXES = ("\\long", "\\global", "\\protected", "\\outer")
# xparse's form: ``\\NewDocumentCommand{\\x}{om}{...}``. Read only when every argument is
# mandatory (``m``), the first one perhaps optional (``o``, empty when not given).
_DOCUMENT_COMMAND = re.compile(
    r"\\(?:New|Renew|Provide|Declare)DocumentCommand\s{0,40}"
    rf"(?:\{{\s{{0,40}}\\({_NAME})\s{{0,40}}\}}|\\({_NAME}))\s{{0,40}}"
)
_MATH_OPERATOR = re.compile(
    rf"\\DeclareMathOperator\*?\s{{0,40}}(?:\{{\s{{0,40}}\\({_NAME})\s{{0,40}}\}}|\\({_NAME}))"
)
# A ``\def`` body that programs TeX rather than printing text (a class's or package's code,
# under ``\makeatletter``): what it computes is not known here, and read as text it would
# print its parts ("\@title" reads "title").
TEX_CODE = re.compile(
    r"\\[A-Za-z]*@|\\(?:if[A-Za-z]*|else|or|fi|expandafter|noexpand|unexpanded|csname|the"
    r"|number|romannumeral|relax|let|futurelet|afterassignment|[gex]?def)(?![A-Za-z])"
)
# ``#2`` in a body; ``##2`` is a parameter of a definition inside it.
_PARAMETER = re.compile(r"(?<!#)#([1-9])")
_LET = re.compile(rf"\\let\s{{0,40}}\\({_NAME})\s{{0,40}}=?\s{{0,40}}\\({_NAME})(?![A-Za-z@])")
_MAKE_AT = re.compile(r"\\makeat(letter|other)(?![A-Za-z@])")
# Blanks inside these patterns are bounded: two unbounded runs side by side re-read a long run
# of blanks from every place in it (quadratic in a hostile source).

# The most macros (and, apart, copies) read from one source.
MAX_MACROS = 200


@dataclass(frozen=True)
class Macro:
    """A macro a definition gives: its name (no backslash), arguments and body."""

    name: str
    arguments: int
    body: str
    default: str | None = None  # the optional first argument's, when it has one
    tex_def: bool = False  # defined with \def and its kin (pylatexenc reads no such definition)
    # A \def's delimited parameter text: the text before #1, then what follows each parameter
    # ("" where it is undelimited); None for plain #1#2... (arguments in braces).
    delimiters: tuple[str, ...] | None = None
    # Defined with \\providecommand (or xparse's \\Provide...): a definition that stands wins.
    provided: bool = False


@dataclass(frozen=True)
class Definition:
    """A definition as written: ``source[start:end]`` is dropped once it is read."""

    start: int
    end: int
    macro: Macro


class _Letters:
    """Whether a name read with an ``@`` in it is one name where it stands: everywhere in a
    package file (``at_letter``), else only between ``\\makeatletter`` and ``\\makeatother``."""

    def __init__(self, source: str, at_letter: bool) -> None:
        self.everywhere = at_letter
        self.spans = [] if at_letter or "@" not in source else letter_spans(source)
        self.starts = [start for start, _ in self.spans]

    def allow(self, at: int, *names: str) -> bool:
        if self.everywhere or not any("@" in name for name in names):
            return True
        # The spans are in order and apart: only the last one starting at or before ``at``.
        index = bisect.bisect_right(self.starts, at) - 1
        return index >= 0 and at < self.spans[index][1]


def letter_spans(source: str) -> list[tuple[int, int]]:
    """Where ``@`` is a letter in ``source``: from each ``\\makeatletter`` to the next
    ``\\makeatother`` (or the end)."""
    spans: list[tuple[int, int]] = []
    start: int | None = None
    for match in _MAKE_AT.finditer(source):
        if match.group(1) == "letter" and start is None:
            start = match.end()
        elif match.group(1) == "other" and start is not None:
            spans.append((start, match.start()))
            start = None
    if start is not None:
        spans.append((start, len(source)))
    return spans


def read_definitions(source: str, *, at_letter: bool = False) -> tuple[dict[str, Macro], str]:
    """The macros ``source`` defines (the last definition of a name wins) and the source
    without their definitions; ``at_letter``: a package file's, where ``@`` is a letter."""
    accepted = accepted_definitions(source, at_letter=at_letter)
    macros: dict[str, Macro] = {}
    for definition in accepted:
        if not (definition.macro.provided and definition.macro.name in macros):
            macros[definition.macro.name] = definition.macro
    return macros, without_spans(source, ((d.start, d.end) for d in accepted))


def accepted_definitions(source: str, *, at_letter: bool = False) -> list[Definition]:
    """The definitions that are expanded, in order."""
    letters = _Letters(source, at_letter)
    found = sorted(
        (d for d in _read_all(source) if d is not None and letters.allow(d.start, d.macro.name)),
        key=lambda d: (d.start, -d.end),
    )
    accepted: list[Definition] = []
    names: set[str] = set()
    position = 0
    for definition in found:
        macro = definition.macro
        # One inside another's body is that macro's business (and goes with it).
        if definition.start < position or len(names) >= MAX_MACROS:
            continue
        if _calls_itself(macro, at_letter):  # recursive: TeX would loop too
            continue
        if any(int(n) > macro.arguments for n in _PARAMETER.findall(macro.body)):
            continue  # a parameter it has not: part of an outer definition TeX never ran
        names.add(macro.name)
        accepted.append(definition)
        position = definition.end
    return accepted


def _calls_itself(macro: Macro, at_letter: bool) -> bool:
    """Whether ``macro``'s body calls it: its name as a whole control word, so that
    ``\\newcommand{\\cit}[1]{\\citep{#1}}`` or ``\\para`` calling ``\\paragraph`` is no loop."""
    letters = "A-Za-z@" if at_letter else "A-Za-z"
    return re.search(rf"\\{re.escape(macro.name)}(?![{letters}])", macro.body) is not None


def _read_all(source: str) -> list[Definition | None]:
    return [
        *(_read_newcommand(source, m) for m in _DEFINITION.finditer(source)),
        *(_read_def(source, m) for m in _DEF.finditer(source)),
        *(_read_math_operator(source, m) for m in _MATH_OPERATOR.finditer(source)),
        *(_read_document_command(source, m) for m in _DOCUMENT_COMMAND.finditer(source)),
    ]


def definition_spans(source: str) -> list[tuple[int, int, str]]:
    """Every command definition in ``source`` with a braced body, read or not (a ``\\def``
    that programs TeX too): (start, end, body)."""
    spans: list[tuple[int, int, str]] = []
    brackets = Brackets()
    for match in _DEFINITION.finditer(source):
        rest = match.end()
        if source.startswith("[", rest):
            bracket = brackets.read(source, rest)
            rest = bracket[1] if bracket is not None else rest
        spans.extend(_span(source, match.start(), rest))
    for match in _DEF.finditer(source):
        spans.extend(_span(source, _prefixed_start(source, match.start()), match.end()))
    for match in _DOCUMENT_COMMAND.finditer(source):
        spec = brace_group(source, match.end())
        if spec is not None:
            spans.extend(_span(source, match.start(), spec[1]))
    return sorted(spans)


def _span(source: str, start: int, rest: int) -> list[tuple[int, int, str]]:
    body = brace_group(source, rest)
    return [] if body is None else [(start, body[1], body[0])]


def _name(match: re.Match[str], pattern: re.Pattern[str]) -> str:
    if pattern is _DEF:
        return match.group(2)
    return match.group(1) or match.group(2)


def _read_newcommand(source: str, match: re.Match[str]) -> Definition | None:
    arguments = int(match.group(3) or 0)
    rest = match.end()
    default: str | None = None
    if source.startswith("[", rest):
        bracket = Brackets().read(source, rest)
        if bracket is None or arguments == 0:
            return None
        default, rest = bracket
    body = brace_group(source, rest)
    if body is None:
        return None
    provided = source.startswith("\\providecommand", match.start())
    macro = Macro(_name(match, _DEFINITION), arguments, body[0], default, provided=provided)
    return Definition(match.start(), body[1], macro)


def _read_def(source: str, match: re.Match[str]) -> Definition | None:
    rest = match.end()
    shape = _parameter_text(match.group(3))
    if shape is None or not source.startswith("{", rest):
        return None
    body = brace_group(source, rest)
    if body is None:
        return None
    if TEX_CODE.search(body[0]):
        return None
    count, delimiters = shape
    macro = Macro(match.group(2), count, body[0], tex_def=True, delimiters=delimiters)
    return Definition(_prefixed_start(source, match.start()), body[1], macro)


def _parameter_text(text: str) -> tuple[int, tuple[str, ...] | None] | None:
    """A \\def's parameters: how many, and their delimiters (None: none delimited); None for a
    parameter text not read here: parameters out of order ("#2#1", which TeX refuses), a
    delimiter with a command or a "#" in it."""
    parts = _PARAMETER_MARK.split(text)
    numbers, delimiters = parts[1::2], tuple(parts[0::2])
    if numbers != [str(n) for n in range(1, len(numbers) + 1)]:
        return None
    if any("\\" in part or "#" in part for part in delimiters):
        return None
    return len(numbers), (delimiters if any(delimiters) else None)


def def_spans(source: str) -> list[tuple[int, int]]:
    """Where every ``\\def`` (and kin) with a body stands, its prefixes included, read or not:
    TeX prints nothing for a definition, while pylatexenc, which knows no ``\\def``, prints
    its parameter text and body."""
    spans: list[tuple[int, int]] = []
    for match in _DEF.finditer(source):
        if not source.startswith("{", match.end()) or (spans and match.start() < spans[-1][1]):
            continue
        body = brace_group(source, match.end())
        if body is not None:
            spans.append((_prefixed_start(source, match.start()), body[1]))
    return spans


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


def drop_defs(source: str) -> str:
    """``source`` without its ``\\def`` definitions (``def_spans``)."""
    return without_spans(source, def_spans(source))


def _read_document_command(source: str, match: re.Match[str]) -> Definition | None:
    """``\\NewDocumentCommand{\\x}{om}{body}``: its arguments all ``m``, the first perhaps
    ``o`` (read as an optional argument whose default is empty); other specifications (``s``,
    ``O{...}``, delimited ones) are not read."""
    spec = brace_group(source, match.end())
    if spec is None:
        return None
    letters = "".join(spec[0].split())
    if not re.fullmatch(r"o?m{0,9}", letters) or len(letters) > 9:
        return None
    body = brace_group(source, spec[1])
    if body is None:
        return None
    default = "" if letters.startswith("o") else None
    provided = source.startswith("\\Provide", match.start())
    macro = Macro(
        _name(match, _DOCUMENT_COMMAND), len(letters), body[0], default, provided=provided
    )
    return Definition(match.start(), body[1], macro)


def _read_math_operator(source: str, match: re.Match[str]) -> Definition | None:
    body = brace_group(source, match.end())
    if body is None:
        return None
    macro = Macro(_name(match, _MATH_OPERATOR), 0, body[0], tex_def=True)
    return Definition(match.start(), body[1], macro)


def brace_group(source: str, start: int) -> tuple[str, int] | None:
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
MAX_BRACKET_MISSES = 5_000


@dataclass
class Brackets:
    """Reads optional arguments, counting those that do not close."""

    misses: int = 0

    def read(self, source: str, start: int) -> tuple[str, int] | None:
        """The content of the ``[...]`` at ``start`` and the index after it, or None."""
        if not source.startswith("[", start) or self.misses >= MAX_BRACKET_MISSES:
            return None
        end = min(len(source), start + _MAX_BRACKET)
        match = _BRACKET.match(source, start, end) if source.find("]", start, end) >= 0 else None
        if match is None:
            self.misses += 1
            return None
        return match.group(1), match.end()


def read_copies(source: str, *, at_letter: bool = False) -> tuple[dict[str, str], str]:
    """``\\let`` copies of built-in macros (copy -> original), and the source without any
    ``\\let``. A copy of one of the paper's own macros is not among them: it copies the
    definition in force where it stands (``own_copies``)."""
    letters = _Letters(source, at_letter)
    first_defined: dict[str, int] = {}
    for pattern in (_DEFINITION, _DEF, _MATH_OPERATOR, _DOCUMENT_COMMAND):
        for definition in pattern.finditer(source):
            name = _name(definition, pattern)
            first_defined[name] = min(first_defined.get(name, len(source)), definition.start())
    copies: dict[str, str] = {}
    for match in _lets(source, letters):
        copy, original = match.group(1), match.group(2)
        own = first_defined.get(original, len(source)) < match.start()
        if not own and len(copies) < MAX_MACROS:
            copies[copy] = original
    return copies, without_spans(source, let_spans(source, at_letter))


def own_copies(
    source: str, accepted: Sequence[Definition], *, at_letter: bool = False
) -> dict[str, Macro]:
    """``\\let`` copies of the source's own macros (copy -> the macro it copies), as TeX copies
    a meaning: the original's last definition read (``accepted``) before the ``\\let`` stands,
    so ``\\let\\oldfoo\\foo`` and then ``\\renewcommand\\foo{\\oldfoo{} more}`` wraps it."""
    copies: dict[str, Macro] = {}
    for match in _lets(source, _Letters(source, at_letter)):
        copy, original = match.group(1), match.group(2)
        before = [d.macro for d in accepted if d.macro.name == original and d.end <= match.start()]
        if before and copy != original and len(copies) < MAX_MACROS:
            copies[copy] = replace(before[-1], name=copy, provided=False)
    return copies


def _lets(source: str, letters: _Letters) -> list[re.Match[str]]:
    return [m for m in _LET.finditer(source) if letters.allow(m.start(), m.group(1), m.group(2))]


def let_spans(source: str, at_letter: bool = False) -> list[tuple[int, int]]:
    """Where every ``\\let`` of ``source`` stands, read as a copy or not."""
    return [match.span() for match in _lets(source, _Letters(source, at_letter))]


def document_command_spans(source: str, at_letter: bool = False) -> list[tuple[int, int]]:
    """Where every xparse definition (``\\NewDocumentCommand{\\x}{spec}{body}``) stands, its
    specification read or not."""
    letters = _Letters(source, at_letter)
    spans: list[tuple[int, int]] = []
    for match in _DOCUMENT_COMMAND.finditer(source):
        if not letters.allow(match.start(), _name(match, _DOCUMENT_COMMAND)):
            continue
        spec = brace_group(source, match.end())
        body = brace_group(source, spec[1]) if spec is not None else None
        if body is not None:
            spans.append((match.start(), body[1]))
    return spans
