"""Macros whose argument TeX reads as characters, not as LaTeX: a URL (``\\url``, ``\\href``'s
first argument, ``\\nolinkurl``, url's ``\\path``), where "%" and "#" are part of the address,
and inline code (``\\verb*``, fancyvrb's ``\\Verb``, ``\\lstinline``, minted's
``\\mintinline``), where a ``\\cite`` is just text. pylatexenc reads them as ordinary
arguments: a "%" in a URL starts a comment that hides the rest of the line (and the closing
brace, so the rest of the document), and a ``\\cite`` in code becomes a citation. Here such an
argument is one characters node, read as TeX reads it; ``latex_comments`` keeps its "%" too.
"""

from __future__ import annotations

import re
from typing import Any

from pylatexenc import latexwalker
from pylatexenc.macrospec import MacroSpec, MacroStandardArgsParser, ParsedMacroArgs

# "v": an argument read verbatim: in braces (nested braces balanced, as \url reads them) or
# between two equal characters (\verb|x|, \lstinline!x!). Other letters as pylatexenc's.
VERBATIM_SHAPES = {
    "url": "v",
    "href": "v{",
    "nolinkurl": "v",
    "path": "v",
    "verb": "*v",
    "Verb": "*[v",
    "lstinline": "[v",
    "mintinline": "[{v",
    # A listing read from a file: its argument is a file name ("code/run_1.py", where "_" is
    # no subscript), and what it prints is code, never prose.
    "lstinputlisting": "[v",
    "inputminted": "[{v",
    "verbatiminput": "*v",
    "VerbatimInput": "*[v",
    "BVerbatimInput": "*[v",
    "LVerbatimInput": "*[v",
}
# Environments whose body TeX reads as characters up to the literal ``\\end{name}``: code,
# a file written out (``filecontents``), a comment. A "%" or a brace there is no LaTeX, and
# none of it is prose; ``latex_comments`` empties such a body before anything reads it.
VERBATIM_ENVIRONMENTS = frozenset(
    "verbatim verbatim* Verbatim Verbatim* BVerbatim LVerbatim spverbatim lstlisting minted "
    "comment filecontents filecontents* pyverbatim pycode pyblock pyconsole".split()
)
_BEGIN_NAME = re.compile(r"[ \t]*\{([A-Za-z*]{1,40})\}")
# The code macros: their text is code, not prose (dropped from a sentence, as \verb's), and
# so is a listing read from a file (its file name was read as a sentence's words).
CODE_MACROS = frozenset(
    {"verb", "Verb", "lstinline", "mintinline", "lstinputlisting", "inputminted"}
    | {"verbatiminput", "VerbatimInput", "BVerbatimInput", "LVerbatimInput"}
)
# The longest verbatim argument read, and its deepest braces: an address or a piece of inline
# code is short; the bounds keep a source of many unclosed ones (each read to its bound) fast.
MAX_VERBATIM_CHARS = 4000
MAX_VERBATIM_DEPTH = 8
# A delimiter is no letter or blank, nor what opens TikZ's ``\\path (0,0) -- ...`` or
# ``\\path[draw]`` (a path, not url's ``\\path|dir/a%b|``), nor a macro, nor the brace that
# closes a definition's name (``\\renewcommand{\\path}``).
_NOT_DELIMITERS = "([\\}"
# In braces: the next brace, a character after a backslash (``\\}``) none, or a blank line, the
# paragraph's end, which no verbatim argument crosses (TeX stops there). What lies between is
# skipped in one step.
_BRACE_TOKENS = re.compile(r"(?:[^{}\\\n]++|\\.|\n(?![ \t\r]*\n))*+(?P<mark>[{}]|\n)", re.DOTALL)


class VerbatimArgsParser(MacroStandardArgsParser):  # type: ignore[misc]  # pylatexenc untyped
    """Arguments in pylatexenc's shapes ("{", "[", "*"), plus "v": a verbatim one."""

    def __init__(self, argspec: str) -> None:
        super().__init__(argspec=argspec.replace("v", "{"))
        self.shape = argspec

    def parse_args(self, w: Any, pos: int, parsing_state: Any = None) -> tuple[Any, int, int]:
        if parsing_state is None:
            parsing_state = w.make_parsing_state()
        argnlist: list[Any] = []
        p = pos
        for kind in self.shape:
            if kind != "v":
                parsed, start, length = MacroStandardArgsParser(argspec=kind).parse_args(
                    w, p, parsing_state=parsing_state
                )
                argnlist.extend(parsed.argnlist)
                p = start + length
                continue
            node, p = _verbatim(w, p, parsing_state)
            argnlist.append(node)
        return ParsedMacroArgs(argspec=self.argspec, argnlist=argnlist), pos, p - pos


def verbatim_end(s: str, start: int, opening: str) -> int | None:
    """Where the verbatim argument whose text starts at ``start``, after ``opening``, ends (the
    index of its closing character): in braces, the brace that balances ``opening`` in the
    same paragraph; else the next ``opening`` on the same line. None when it is not closed so,
    or only past MAX_VERBATIM_CHARS."""
    limit = min(len(s), start + MAX_VERBATIM_CHARS)
    if opening != "{":
        line_end = s.find("\n", start, limit)
        end = s.find(opening, start, limit if line_end < 0 else line_end)
        return end if end >= 0 else None
    depth, pos = 1, start
    # Token after token from where the last ended (``finditer`` would try again from every
    # character after a failed match).
    while (token := _BRACE_TOKENS.match(s, pos, limit)) is not None:
        mark = token.group("mark")
        if mark == "\n" or depth >= MAX_VERBATIM_DEPTH:
            return None
        depth += 1 if mark == "{" else -1
        if depth == 0:
            return token.start("mark")
        pos = token.end()
    return None


def is_delimiter(char: str) -> bool:
    """Whether ``char`` may open a verbatim argument (``{`` in braces, another between two)."""
    return not (char.isalpha() or char.isspace() or char in _NOT_DELIMITERS)


def verbatim_arguments_end(s: str, pos: int, shape: str) -> int | None:
    """For a macro of ``shape`` (VERBATIM_SHAPES) whose name ends at ``pos``: where its last
    verbatim argument ends (after its closing character), or None where it has none that is
    closed. The arguments before it are skipped as TeX reads them (``\\mintinline[o]{c}``)."""
    shape = shape[: shape.rindex("v") + 1]
    for kind in shape:
        pos = _skip_blanks(s, pos)
        if kind == "*":
            pos += s.startswith("*", pos)
        elif kind == "[" and s.startswith("[", pos):
            end = verbatim_end(s, pos + 1, "]")
            if end is None:
                return None
            pos = end + 1
        elif kind in "{v":
            if pos >= len(s) or not (s[pos] == "{" or (kind == "v" and is_delimiter(s[pos]))):
                return None
            end = verbatim_end(s, pos + 1, s[pos])
            if end is None:
                return None
            pos = end + 1
    return pos


def _skip_blanks(s: str, pos: int) -> int:
    """Past the blanks at ``pos`` and at most one line end among them, as TeX skips them."""
    while pos < len(s) and s[pos] in " \t":
        pos += 1
    if s.startswith("\n", pos) or s.startswith("\r\n", pos):
        pos = s.index("\n", pos) + 1
        while pos < len(s) and s[pos] in " \t":
            pos += 1
    return pos


def _verbatim(w: Any, pos: int, parsing_state: Any) -> tuple[Any, int]:
    """The verbatim argument at ``pos`` (blanks skipped): a characters node, and where the
    reader goes on (blanks and one line end before it skipped, as TeX skips them). Unclosed:
    up to the line's end (TeX stops with an error; ``latex_unclosed`` refuses an unclosed brace);
    none: nothing."""
    s: str = w.s
    start = pos
    pos = _skip_blanks(s, pos)
    if pos >= len(s) or not is_delimiter(s[pos]):
        return None, start
    start = pos + 1
    end = verbatim_end(s, start, s[pos])
    if end is None:
        line_end = s.find("\n", start)
        end = line_end if line_end >= 0 else len(s)
    node = w.make_node(
        latexwalker.LatexCharsNode,
        parsing_state=parsing_state,
        chars=s[start:end],
        pos=start,
        len=end - start,
    )
    return node, min(end + 1, len(s))


def verbatim_specs() -> list[MacroSpec]:
    return [
        MacroSpec(name, args_parser=VerbatimArgsParser(shape))
        for name, shape in VERBATIM_SHAPES.items()
    ]


def verbatim_body(s: str, pos: int) -> tuple[int, int] | None:
    """For a ``\\begin`` whose name ends at ``pos``: where the body of the verbatim environment
    it opens starts (past its ``[options]`` and ``{arguments}``, as minted's language) and where
    its ``\\end`` starts; None if it opens no such environment or it is never closed."""
    name = _BEGIN_NAME.match(s, pos)
    if name is None or name.group(1) not in VERBATIM_ENVIRONMENTS:
        return None
    end = s.find(f"\\end{{{name.group(1)}}}", name.end())
    if end < 0:
        return None  # unclosed: refused where environments are checked
    start = name.end()
    for _ in range(3):  # lstlisting's options, minted's options and language
        if start >= end or s[start] not in "[{":
            break
        close = verbatim_end(s, start + 1, "]" if s[start] == "[" else "{")
        if close is None or close >= end:
            break
        start = close + 1
    return start, end
