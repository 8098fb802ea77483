"""TeX's comments taken out of a LaTeX source, as TeX reads them: a "%" starts a comment up to
the end of its line, but not ``\\%`` (a percent sign) and not a "%" in an argument TeX reads as
characters (a URL, inline code: ``latex_verbatim``). (A "%" after ``\\\\``, a line break,
is left to pylatexenc, which reads it as a comment that takes its line's end along.)

A verbatim environment's body (code, an embedded ``filecontents`` bibliography) is emptied, its
line ends kept: a "%" in it ("printf("%d")", a URL's "%20") had hidden its ``\\end`` or a
closing brace, and a ``\\input`` or ``\\newcommand`` shown in it was followed or defined."""

from __future__ import annotations

import re

from claimaudit.library.latex.verbatim import (
    VERBATIM_SHAPES,
    verbatim_arguments_end,
    verbatim_body,
)

# A whole-line comment vanishes with its newline (it must not split a paragraph).
_COMMENT_LINE = re.compile(r"^[ \t]*(?<!\\)%.*\n", re.MULTILINE)
# What the scan stops at: a macro's name (``@`` a letter, as in packages, so ``\url@x`` is no
# ``\url``), a control symbol (``\%``, ``\{``: both characters read), a comment.
_TOKEN = re.compile(r"\\([A-Za-z@]+)|\\[^\\]|%", re.DOTALL)


def strip_comments(text: str) -> str:
    """``text`` without its comments; a trailing comment vanishes up to its newline."""
    text = _COMMENT_LINE.sub("", text)
    kept: list[str] = []
    start = pos = 0  # ``start``: where the text not yet kept begins
    while (match := _TOKEN.search(text, pos)) is not None:
        if match.group() == "%":
            kept.append(text[start : match.start()])
            end = text.find("\n", match.end())
            start = pos = len(text) if end < 0 else end
            continue
        pos = match.end()
        body = verbatim_body(text, pos) if match.group(1) == "begin" else None
        if body is not None:
            kept.append(text[start : body[0]])
            kept.append("\n" * text.count("\n", *body))  # lines kept, for the lines errors name
            start = pos = body[1]
            continue
        shape = VERBATIM_SHAPES.get(match.group(1) or "")
        if shape is not None:
            # A closed verbatim argument is kept whole, a "%" in it too; an unclosed one is
            # no argument TeX reads, and its "%" starts a comment.
            pos = verbatim_arguments_end(text, pos, shape) or pos
    kept.append(text[start:])
    return "".join(kept)
