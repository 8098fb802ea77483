"""A paper's own simple macros, expanded before the LaTeX is read as text.

pylatexenc does not expand ``\\newcommand`` definitions: an unknown macro's arguments come out
glued together, so ``\\practice{1b}{Ensure ...}`` read "1bEnsure ..." and
``\\withurl{Storage}{https://...}`` read "Storagehttps://...". Definitions with a fixed number
of arguments (``\\newcommand``, ``\\renewcommand``, ``\\providecommand``, the form with braces
or without) are expanded as TeX would, ``#1`` to ``#9`` replaced by the arguments given in
braces; definitions with an optional argument, and uses whose arguments are not braced, are
left alone. Expansion is bounded (passes, macros, size), so no source can make it loop.

``\\let\\copy\\original`` keeps a built-in macro's meaning under a new name, usually to wrap it
(``\\renewcommand\\epigraph[2]{\\originalepigraph{\\textit{#1}}{\\textsc{#2}}}``): after
expansion the copy is read as the original, which pylatexenc knows. Left in, pylatexenc would
not know the copy, and the epigraph's quote ran into its author.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DEFINITION = re.compile(
    r"\\(?:re|provide)?newcommand\*?\s{0,40}(?:\{\s{0,40}\\([A-Za-z]+)\s{0,40}\}|\\([A-Za-z]+))"
    r"\s{0,40}(?:\[(\d)\])?\s{0,40}"
)
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


def expand_macros(source: str, limit: int) -> str:
    """``source`` with its simple macros expanded and their definitions removed; never longer
    than ``limit`` characters (expansion stops short of it)."""
    copies, source = _copies(source)
    macros, source = _definitions(source)
    if not macros:
        return _restore_copies(_LENGTH_ASSIGNMENT.sub("", source), copies)
    pattern = re.compile(
        r"\\(" + "|".join(re.escape(m.name) for m in macros.values()) + r")(?![A-Za-z@])"
    )
    for _ in range(_MAX_PASSES):
        expanded = _expand_once(source, pattern, macros, limit)
        if expanded == source:
            break
        source = expanded
    return _restore_copies(_LENGTH_ASSIGNMENT.sub("", source), copies)


def _copies(source: str) -> tuple[dict[str, str], str]:
    """``\\let`` copies of built-in macros (copy -> original), and the source without any
    ``\\let``. A copy of one of the paper's own macros is dropped: which definition it copied
    depends on where it stood, and TeX's meaning cannot be rebuilt here."""
    first_defined: dict[str, int] = {}
    for definition in _DEFINITION.finditer(source):
        first_defined.setdefault(definition.group(1) or definition.group(2), definition.start())
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


def simple_macros(source: str) -> dict[str, tuple[int, str]]:
    """The simple macros ``source`` defines: name -> (number of arguments, body)."""
    return {name: (m.arguments, m.body) for name, m in _definitions(source)[0].items()}


def expand_call(body: str, arguments: list[str]) -> str:
    """A simple macro's body with ``#1``... replaced by ``arguments``, as TeX would."""
    for number, argument in enumerate(arguments, start=1):
        body = body.replace(f"#{number}", argument)
    return body


def _definitions(source: str) -> tuple[dict[str, _Macro], str]:
    macros: dict[str, _Macro] = {}
    kept: list[str] = []
    position = 0
    for match in _DEFINITION.finditer(source):
        if match.start() < position:
            continue
        name = match.group(1) or match.group(2)
        arguments = int(match.group(3) or 0)
        rest = match.end()
        if source.startswith("[", rest):  # an optional argument's default: not expanded
            continue
        body = _group(source, rest)
        if body is None or "@" in name or len(macros) >= _MAX_MACROS:
            continue
        text, end = body
        if f"\\{name}" in text:  # recursive: TeX would loop too
            continue
        macros[name] = _Macro(name, arguments, text)
        kept.append(source[position : match.start()])
        position = end
    kept.append(source[position:])
    return macros, "".join(kept)


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


def _expand_once(
    source: str, pattern: re.Pattern[str], macros: dict[str, _Macro], limit: int
) -> str:
    out: list[str] = []
    position = 0
    size = 0
    for match in pattern.finditer(source):
        if match.start() < position:
            continue
        macro = macros[match.group(1)]
        end = match.end()
        arguments: list[str] = []
        for _ in range(macro.arguments):
            group = _group(source, end)
            if group is None:
                break
            arguments.append(group[0])
            end = group[1]
        if len(arguments) < macro.arguments:
            continue
        body = macro.body
        for number, argument in enumerate(arguments, start=1):
            body = body.replace(f"#{number}", argument)
        piece = source[position : match.start()] + "{" + body + "}"
        size += len(piece)
        if size > limit:
            return source
        out.append(piece)
        position = end
    out.append(source[position:])
    return "".join(out)
