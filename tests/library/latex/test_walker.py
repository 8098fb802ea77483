"""The LaTeX parser reads runs of plain text as one token, and gives pylatexenc's nodes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pylatexenc.latexwalker import LatexNode, LatexToken, LatexWalker
from pylatexenc.macrospec import MacroSpec, ParsedMacroArgs

from claimaudit.library.extract import extract
from claimaudit.library.latex.context import walker_context
from claimaudit.library.latex.walker import RunsWalker
from tests.library.helpers import CONV_TEX, GOOD_ENOUGH_TEX, SCIPY_TEX, SKIMAGE_TEX

_TRICKY = (
    "\\documentclass{article}\\begin{document}\\section*{Intro} Plain words, here: (1) and 2.\n"
    "A \\frac12 and \\textbf x or \\caption*[short]{long} with [brackets] and * stars.\n\n"
    "Quotes ``like'' this -- and --- that, ~ ties, a \\& b, !` and ?` and 50\\% of $a b$ "
    "and \\(x y\\) then \\[ z w \\] or $$q r$$ \\begin{itemize}\\item[x] one\\end{itemize}"
    "\n\n\n  Trailing   spaces   \\emph  {word}  \\\\  end.\n\\end{document}"
)


def _shape(value: Any) -> Any:
    """A node tree as plain values (pylatexenc's nodes compare equal only within one parse)."""
    if isinstance(value, LatexNode):
        state = value.parsing_state
        fields = tuple((name, _shape(getattr(value, name))) for name in value._fields)
        return type(value).__name__, fields, state.in_math_mode if state else None
    if isinstance(value, ParsedMacroArgs):
        return value.argspec, _shape(value.argnlist)
    if isinstance(value, (list, tuple)):
        return tuple(_shape(item) for item in value)
    if hasattr(value, "specials_chars"):
        return value.specials_chars
    return value


def _nodes(walker_class: type[LatexWalker], source: str) -> Any:
    context = walker_context([MacroSpec("caption", "*[{")])
    nodes, _, _ = walker_class(
        source, latex_context=context, tolerant_parsing=True
    ).get_latex_nodes()
    return _shape(nodes)


@pytest.mark.parametrize("path", [CONV_TEX, GOOD_ENOUGH_TEX, SCIPY_TEX, SKIMAGE_TEX])
def test_the_nodes_are_pylatexenc_s_on_the_papers(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert _nodes(RunsWalker, source) == _nodes(LatexWalker, source)


def test_the_nodes_are_pylatexenc_s_where_text_meets_markup() -> None:
    assert _nodes(RunsWalker, _TRICKY) == _nodes(LatexWalker, _TRICKY)


class _Counting(RunsWalker):
    tokens = 0

    def get_token(self, *args: Any, **kwargs: Any) -> LatexToken:
        _Counting.tokens += 1
        return super().get_token(*args, **kwargs)


def test_a_long_run_of_plain_text_is_one_token() -> None:
    # pylatexenc reads one token per character, and copies the text read so far with each:
    # a paragraph of n characters cost n squared.
    body = "\n\n".join(["caffeine reduced sleep, in adults (and children). " * 200] * 50)
    _Counting.tokens = 0
    nodes, _, _ = _Counting(body, latex_context=walker_context()).get_latex_nodes()
    assert [node.chars for node in nodes] == [body]
    assert _Counting.tokens < 10


# Markup where text meets what opens something else, for the differential check below.
_PIECES = (
    "\\verb|a b%c|",
    "\\verb*|a b|",
    "\\verb+x{y+",
    "\\begin{verbatim}a %b\n$c\\end{verbatim}",
    "\\begin{verbatim}unclosed",
    "\\begin{lstlisting}[language=C]a%b\\end{lstlisting}",
    "\\begin{comment} z \\end{comment}",
    "$a b$",
    "\\(x\\)",
    "\\[y\\]",
    "$$q$$",
    "\\catcode`\\@=11 ",
    "\\makeatletter\\a@b\\makeatother",
    "--",
    "---",
    "~",
    "\\\\",
    "\\\\[2pt]",
    "\\\\*",
    "% note\n",
    "%\n\n",
    "é ü 中文",
    "\u00a0",
    "\u2003",
    "\u2028",
    "\x0c",
    "\r\n",
    "\n\n",
    "\n \n",
    "\t",
    "{",
    "}",
    "[",
    "]",
    "*",
    "``",
    "''",
    "`",
    "'",
    "!`",
    "?`",
    "&",
    "#",
    "^",
    "_",
    "\\item[a]",
    "\\textbf",
    "\\frac12",
    "\\section*{A}",
    "\\emph ",
    "\\cite[p.~3]{k}",
    "\\footnote{n}",
    "\\ ",
    "\\%",
    '\\"o',
    "\\begin{align}a&b\\\\c\\end{align}",
    "\\caption[s]{l}",
    "\\",
    "word",
    " ",
    "x",
    "1",
    ",",
    ".",
)


def test_the_nodes_are_pylatexenc_s_on_random_markup_and_pieces_of_the_papers() -> None:
    # A seeded differential check (a longer run of it found no difference in 110,000 inputs).
    papers = [path.read_text(encoding="utf-8") for path in (CONV_TEX, SCIPY_TEX)]
    rng = random.Random(5)
    for _ in range(400):
        parts = []
        for _ in range(rng.randint(1, 12)):
            if rng.random() < 0.3:
                paper = rng.choice(papers)
                start = rng.randrange(len(paper))
                parts.append(paper[start : start + rng.randint(1, 200)])
            else:
                parts.append(rng.choice(_PIECES))
        source = "".join(parts)
        assert _nodes(RunsWalker, source) == _nodes(LatexWalker, source), source


@pytest.mark.parametrize("tail", ["\\verb", "\\verb  \n", "\\verb\\verb"])
def test_a_verb_that_ends_the_source_is_left_out(tail: str, tmp_path: Path) -> None:
    # pylatexenc looked for its delimiter past the end: IndexError, the paper unread.
    path = tmp_path / "truncated.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\nCaffeine reduced sleep." + tail,
        encoding="utf-8",
    )
    assert [block.text for block in extract(path).blocks] == ["Caffeine reduced sleep."]


def test_a_line_break_before_the_word_verb_stays() -> None:
    nodes, _, _ = RunsWalker("A\\\\verb", latex_context=walker_context()).get_latex_nodes()
    assert [node.latex_verbatim() for node in nodes] == ["A", "\\\\", "verb"]


def test_a_long_run_of_bare_verbs_is_left_out_whole() -> None:
    nodes, _, _ = RunsWalker(
        "A " + "\\verb" * 5000, latex_context=walker_context()
    ).get_latex_nodes()
    assert [node.latex_verbatim() for node in nodes] == ["A "]
