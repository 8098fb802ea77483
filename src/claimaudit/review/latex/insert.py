"""Where an annotation line may go after a sentence of a LaTeX file: the end of the first line,
from the sentence's end on, at which every brace group, verbatim-like environment and piece
of mathematics opened after the sentence has closed again.

A line inserted inside a ``\\footnote{...}`` that runs on to the next line would become part of
the footnote, and one inside ``verbatim`` would be printed; a ``\\todo`` inside ``$...$``,
``\\[...\\]`` or an ``align`` stops LaTeX. Groups the sentence itself sits in (a footnote's own
sentence) are not waited for: their annotation belongs inside them.
"""

from __future__ import annotations

import re

# Environments whose body TeX reads as characters: braces and "%" there mean nothing.
VERBATIM_ENVIRONMENTS = frozenset(
    "verbatim verbatim* Verbatim Verbatim* BVerbatim LVerbatim spverbatim lstlisting minted "
    "comment filecontents filecontents* pyverbatim pycode pyblock pyconsole".split()
)
# Environments whose body is mathematics: no text (nor a note) may go inside.
MATH_ENVIRONMENTS = frozenset(
    f"{name}{star}"
    for name in "equation align alignat gather multline eqnarray flalign displaymath math "
    "dmath darray".split()
    for star in ("", "*")
)
_TOKEN = re.compile(
    r"\\[\\{}%$]"  # an escaped brace, percent or dollar sign, backslash: plain characters
    r"|\$\$|\$"  # display or inline mathematics, opened or closed
    r"|\\[\[\]()]"  # \[ \] \( \): display or inline mathematics
    r"|\\end\s*\{(?P<end>[^{}\s]{1,40})\}"
    r"|\\verb\*?(?P<delim>[^a-zA-Z\s*])"  # \verb|...|: up to the same delimiter
    r"|\\begin\s*\{(?P<env>[^{}\s]{1,40})\}"
    r"|%[^\n]*"  # a comment, up to (not including) its newline
    r"|[{}\n]"
)


def _skip_verbatim(text: str, name: str, position: int) -> int:
    """Where the verbatim-like environment ``name``, whose body starts at ``position``, ends;
    -1 when it never does."""
    end = re.compile(r"\\end\s*\{" + re.escape(name) + r"\}").search(text, position)
    return -1 if end is None else end.end()


def annotation_offset(text: str, start: int, offset: int) -> int:
    """Where the annotation of the sentence from ``start`` to ``offset`` goes: just after a
    newline (or at the text's end). Without such a point (a group or environment never
    closed), the end of the sentence's line."""
    if offset > start and text[offset - 1] == "\n":
        return offset  # the sentence takes its line's end with it
    depth = 0
    math: str | None = None  # the mathematics open: "$", "$$", "\\[", "\\(" or its environment
    position = offset
    while True:
        token = _TOKEN.search(text, position)
        if token is None:
            return len(text) if depth == 0 and math is None else _line_end(text, offset)
        position = token.end()
        kind = token.group()
        if token.group("delim") is not None:
            close = text.find(token.group("delim"), position)
            # An unclosed \verb stops at the line's end, as TeX complains there.
            position = close + 1 if close >= 0 else _line_end(text, position) - 1
        elif kind in ("$", "$$", "\\[", "\\("):
            math = kind if math is None else (None if math == kind else math)
        elif kind in ("\\]", "\\)"):
            math = None if math == {"\\]": "\\[", "\\)": "\\("}[kind] else math
        elif token.group("end") is not None:
            math = None if math == token.group("end") else math
        elif token.group("env") is not None:
            if math is None and token.group("env") in MATH_ENVIRONMENTS:
                math = token.group("env")
            elif token.group("env") in VERBATIM_ENVIRONMENTS:
                position = _skip_verbatim(text, token.group("env"), position)
                if position < 0:
                    return _line_end(text, offset)
        elif kind == "{":
            depth += 1
        elif kind == "}":
            depth = max(0, depth - 1)  # closing a group the sentence sits in: nothing to wait
        elif kind == "\n" and depth == 0 and math is None:
            return position


def _line_end(text: str, offset: int) -> int:
    """Where the line holding ``offset`` ends (its newline included), or the text's end."""
    newline = text.find("\n", offset)
    return len(text) if newline < 0 else newline + 1
