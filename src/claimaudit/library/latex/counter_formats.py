"""How a paper prints a counter it renumbers itself: a supplement's "Figure S1"
(``\\renewcommand{\\thefigure}{S\\arabic{figure}}``), "Theorem A"
(``\\renewcommand{\\thetheorem}{\\Alph{theorem}}``).
Counted as the standard classes print them, such a paper's references read "1" where the PDF
prints "S1". A redefinition made of text and the standard number styles (``\\arabic``,
``\\alph``, ``\\Alph``, ``\\roman``, ``\\Roman``, another counter's ``\\the...``) is followed;
any other leaves that counter's numbers unknown (a reference to it prints nothing). One in the
preamble holds from the start; one in the document body, or in a definition
(``\\newcommand{\\beginsupplement}{...}``), from where it stands or is called (a supplement
renumbers its figures after the main text's), so it is left there as ``COUNTER_FORMAT``, which
the count reads in its place and which prints nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from claimaudit.library.latex.inputs import BEGIN_DOCUMENT

# What a redefinition in the body is left as: a private macro the count reads.
COUNTER_FORMAT = "claimauditcounterformat"
_BRACE = re.compile(r"\\.|[{}]", re.DOTALL)

_REDEFINED = re.compile(
    r"\\(?:(?:re)?newcommand\*?|providecommand\*?|[gex]?def(?![A-Za-z@]))"
    r"\s{0,40}\{?\s{0,40}\\the([A-Za-z]+)\s{0,40}\}?\s{0,40}\{((?:[^{}]|\{[^{}]{0,40}\}){0,200})\}"
)
_PIECE = re.compile(
    r"\\(arabic|alph|Alph|roman|Roman)\s{0,40}\{\s{0,40}([A-Za-z]+)\s{0,40}\}"
    r"|\\the([A-Za-z]+)(?![A-Za-z])"
    r"|([A-Za-z0-9.,:()\- ]+)"
)
# A piece: ("text", text), (style, counter) or ("the", counter).
Template = tuple[tuple[str, str], ...]
_ROMAN = (
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
)


@dataclass(frozen=True)
class CounterFormats:
    """The preamble's settings (counter -> how it prints, None: in a way not followed), and
    those of the body, each marked in the source by its index here."""

    preamble: dict[str, Template | None] = field(default_factory=dict)
    body: list[tuple[str, Template | None]] = field(default_factory=list)


def counter_formats(source: str) -> tuple[str, CounterFormats]:
    """``source`` with each redefinition of a ``\\the...`` in its body marked by
    ``COUNTER_FORMAT`` (``\\claimauditcounterformat{3}``), and what each sets. Read before the
    paper's macros are expanded, which drops definitions."""
    begin = BEGIN_DOCUMENT.search(source)
    start = begin.start() if begin is not None else 0
    formats = CounterFormats()
    depth = 0
    braces = _BRACE.finditer(source)
    brace = next(braces, None)

    def mark(match: re.Match[str]) -> str:
        nonlocal depth, brace
        while brace is not None and brace.start() < match.start():
            depth += {"{": 1, "}": -1}.get(brace.group(), 0)
            brace = next(braces, None)
        while brace is not None and brace.start() < match.end():
            brace = next(braces, None)  # its own braces are balanced
        template = _template(match.group(2))
        if match.start() < start and depth <= 0:
            formats.preamble[match.group(1)] = template
            return ""
        # In the body, or in a definition (``\\newcommand{\\beginsupplement}{...}``), which
        # takes it to where it is called.
        formats.body.append((match.group(1), template))
        return f"\\{COUNTER_FORMAT}{{{len(formats.body) - 1}}}"

    return _REDEFINED.sub(mark, source), formats


def _template(body: str) -> Template | None:
    pieces: list[tuple[str, str]] = []
    position = 0
    body = body.strip()
    while position < len(body):
        piece = _PIECE.match(body, position)
        if piece is None:
            return None
        position = piece.end()
        if piece.group(1):
            pieces.append((piece.group(1), piece.group(2)))
        elif piece.group(3):
            pieces.append(("the", piece.group(3)))
        else:
            pieces.append(("text", piece.group(4)))
    return tuple(pieces)


def render_template(
    template: Template, values: Mapping[str, int], numbers: Mapping[str, str]
) -> str:
    """The number ``template`` prints, from the counters' ``values`` and the ``numbers``
    (``\\the...``) printed last."""
    out: list[str] = []
    for kind, name in template:
        if kind == "text":
            out.append(name)
        elif kind == "the":
            out.append(numbers.get(name, "0"))
        else:
            out.append(_styled(kind, values.get(name, 0)))
    return "".join(out)


def _styled(style: str, value: int) -> str:
    if style == "arabic" or value <= 0:
        return str(value)
    if style in ("alph", "Alph"):
        letter = chr(ord("a") + value - 1) if value <= 26 else str(value)
        return letter.upper() if style == "Alph" else letter
    roman = ""
    for amount, digits in _ROMAN:
        while value >= amount:
            roman += digits
            value -= amount
    return roman.upper() if style == "Roman" else roman
