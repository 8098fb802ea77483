"""pylatexenc's parser, reading runs of plain text as one token instead of one per character.

pylatexenc returns each character of text as a token of its own and appends it to the text
read so far (``lastchars += chars``, a copy of the whole run each time): a paragraph of n
characters costs n squared, and a long source (a book, a generated body of text) took many
minutes. Here a run of characters that pylatexenc would read one by one as text is returned
as one "char" token. Where such a token goes, into the text of a ``LatexCharsNode``, the node
is the same: its text is the source's characters either way (``tests`` compare the nodes).

A run is only formed where the parser reads a list of nodes in text mode (``environments``
on, no extra brace characters): a macro's argument read without braces (``\\frac12``) is
still one character, and a run never holds a character that opens anything (a macro, a
group, mathematics, a comment, an optional argument, a star, one of the context's specials).
A ``\\verb`` that ends the source with no delimiter is left out (pylatexenc fails on it).
"""

from __future__ import annotations

import re
from typing import Any

from pylatexenc.latexwalker import LatexToken, LatexWalker
from pylatexenc.macrospec import LatexContextDb

# Characters that begin something other than text, whatever the context's specials.
_OPENERS = r"\\{}$%\[\]*"


def _run_pattern(context: LatexContextDb) -> re.Pattern[str]:
    specials = sorted(
        {spec.specials_chars for spec in context.iter_specials_specs()}, key=len, reverse=True
    )
    not_special = f"(?!{'|'.join(map(re.escape, specials))})" if specials else ""
    plain = f"(?:{not_special}[^\\s{_OPENERS}])"
    # Spaces only between plain characters: the spaces after a run stay the next token's, as
    # pylatexenc reads them. A blank line in a run is text in the same node as well.
    return re.compile(f"(?:\\s*+{plain}++)*+")


def _without_unfinished_verb(source: str) -> str:
    """``source`` without the ``\\verb`` (or ``\\verb\\verb``: the first reads "\\" as its
    delimiter, finds no second, and the walker goes on to the next) that ends it with only
    blanks after: pylatexenc looks for its delimiter past the end (IndexError, a traceback
    for a truncated file). Scanned back from the end, each character once."""
    end = len(source)
    while True:
        cut = end
        while cut and source[cut - 1].isspace():
            cut -= 1
        start = cut - len("\\verb")
        if start < 0 or source[start:cut] != "\\verb":
            return source[:end]
        backslashes = start
        while backslashes and source[backslashes - 1] == "\\":
            backslashes -= 1
        if (start - backslashes) % 2:
            return source[:end]  # "\\\\verb": a line break, then the word
        end = start


class RunsWalker(LatexWalker):  # type: ignore[misc]  # pylatexenc has no type hints
    """``LatexWalker`` whose text-mode tokens span runs of plain text (see the module)."""

    def __init__(self, s: str, latex_context: LatexContextDb, **kwargs: Any) -> None:
        super().__init__(_without_unfinished_verb(s), latex_context=latex_context, **kwargs)
        self._run = _run_pattern(latex_context)

    def get_token(
        self,
        pos: int,
        include_brace_chars: Any = None,
        environments: bool = True,
        keep_inline_math: Any = None,
        parsing_state: Any = None,
        **kwargs: Any,
    ) -> LatexToken:
        token = super().get_token(
            pos,
            include_brace_chars=include_brace_chars,
            environments=environments,
            keep_inline_math=keep_inline_math,
            parsing_state=parsing_state,
            **kwargs,
        )
        in_math = parsing_state is not None and parsing_state.in_math_mode
        if (
            token.tok != "char"
            or token.len != 1
            or token.arg.isspace()
            or token.arg in _OPENERS
            or not environments
            or include_brace_chars
            or kwargs
            or in_math
        ):
            return token
        run = self._run.match(self.s, token.pos + 1)  # matches, maybe empty: all is optional
        end = run.end() if run is not None else token.pos + 1
        if end == token.pos + 1:
            return token
        return LatexToken(
            tok="char",
            arg=self.s[token.pos : end],
            pos=token.pos,
            len=end - token.pos,
            pre_space=token.pre_space,
        )
