"""A brace that opens a macro's argument and never closes stops TeX; the reader refuses such a
paper with one line, where it had read the rest of the paper into that argument (a footnote
of the whole paper, a section heading printed as text, code left out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import InputError
from claimaudit.library.extract import extract
from claimaudit.library.latex.definitions import MAX_MACROS
from claimaudit.library.latex.unclosed import drop_open_definitions
from tests.articles import write_article


def _paper(tmp_path: Path, line: str) -> Path:
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n\\section{Intro}\n"
        f"{line} AFTER words.\n\nSecond para.\n\n\\section{{Results}}\nRESULTS para.\n"
        "\\end{document}",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("line", "macro", "opening"),
    [
        ("Set \\footnote{x before.", "footnote", "{x before. AFTER words. Second para."),
        ("Set \\textbf{x before.", "textbf", "{x before. AFTER words. Second para."),
        ("Set \\lstinline{x before.", "lstinline", "{x before. AFTER words."),
        ("Set \\url{http://a.org/{x}y before.", "url", "{http://a.org/{x}y before. AFTER"),
    ],
)
def test_an_argument_left_open_is_refused_in_one_line(
    tmp_path: Path, line: str, macro: str, opening: str
) -> None:
    path = _paper(tmp_path, line)
    with pytest.raises(InputError) as error:
        extract(path)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f'{path}: the argument of \\{macro} that opens "{opening}')
    assert 'is never closed: a "}" is missing' in message


@pytest.mark.parametrize(
    "line",
    [
        # A bare group left open: TeX prints on to the end (it only warns), and so does the
        # reader.
        "Set {\\itshape x before.",
        # Closed arguments, with escaped and nested braces in them.
        "Set \\footnote{a \\{ b} and \\url{http://a.org/{x}y} and \\emph{c {d} e} before.",
    ],
)
def test_closed_arguments_and_a_bare_group_are_read(tmp_path: Path, line: str) -> None:
    blocks = extract(_paper(tmp_path, line)).blocks
    assert [b.section for b in blocks if b.kind == "text"][-1] == "Results"
    assert blocks[-1].text == "RESULTS para."


def _body(tmp_path: Path, preamble: str, body: str) -> Path:
    tail = f"{body}\n\\section{{Results}}\nRESULTS para."
    return write_article(tmp_path, tail, f"{preamble}\n", section="Intro", name="paper.tex")


@pytest.mark.parametrize(
    "body",
    [
        # Never closed: TeX stops at \end{document} ("\begin{itemize} ... ended by").
        "Text.\n\\begin{itemize}\n\\item one\n\\item two",
        # Closed by another's \end: TeX stops there too.
        "Text.\n\\begin{itemize}\n\\item one\n\\end{enumerate}",
        # Left open in a group: TeX stops at its brace ("forgotten \end{itemize}").
        "Text.\n{\\begin{itemize}\n\\item one}",
        # A list inside it closed: it is no \end of the outer one.
        "Text.\n\\begin{itemize}\n\\item one\n\\begin{itemize}\n\\item x\n\\end{itemize}",
    ],
)
def test_an_environment_left_open_is_refused_naming_its_line(tmp_path: Path, body: str) -> None:
    path = _body(tmp_path, "% a comment\n\\usepackage{x}", body)
    with pytest.raises(InputError) as error:
        extract(path)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f'{path}: the environment "itemize" that opens on line 7 with ')
    assert 'is never closed: "\\end{itemize}" is missing' in message


def test_an_environment_left_open_after_an_expanded_macro_is_refused_without_a_line(
    tmp_path: Path,
) -> None:
    # A macro's expansion adds an opening the main file does not hold: its line is not sure.
    preamble = "\\newcommand{\\bi}{\\begin{itemize}}\n\\newcommand{\\ei}{\\end{itemize}}"
    path = _body(tmp_path, preamble, "\\bi\n\\item a\n\\ei\n\\begin{itemize}\n\\item b")
    with pytest.raises(InputError) as error:
        extract(path)
    assert str(error.value).startswith(
        f'{path}: the environment "itemize" that opens with "\\begin{{itemize}} \\item b'
    )


def test_an_environment_a_macro_not_expanded_closes_is_not_refused(tmp_path: Path) -> None:
    # Past the most macros a paper's own are expanded (MAX_MACROS), \ei is left as it is:
    # whether it closes the list is not known, and TeX, which expands it, reads it closed.
    names = [f"\\mac{a}{b}" for a in "abcdefghij" for b in "abcdefghijklmnopqrstuvwxyz"]
    preamble = "".join(f"\\newcommand{{{name}}}{{x}}\n" for name in names[:MAX_MACROS])
    preamble += "\\newcommand{\\ei}{\\end{itemize}}"
    path = _body(tmp_path, preamble, "Text one.\n\\begin{itemize}\n\\item a\n\\ei\nText two.")
    assert [b.section for b in extract(path).blocks][-1] == "Results"


@pytest.mark.parametrize(
    "preamble",
    [
        # A definition not expanded (its body names a parameter it has not): TeX prints no
        # definition; read as text, its environment took the whole paper (no text found).
        "\\newcommand{\\bi}{\\begin{itemize}#1}",
        # "@" is no letter outside \makeatletter: no definition of \my read, none expanded.
        "\\newcommand{\\my@bi}{\\begin{itemize}}",
        "\\def\\bi{\\begin{itemize}\\relax}",
        # Expanded ones, set in braces, open and close in groups of their own.
        "\\newcommand{\\bi}{\\begin{itemize}}\n\\newcommand{\\ei}{\\end{itemize}}",
        # A preamble's hook opens an environment for the whole document.
        "\\AtBeginDocument{\\begin{center}}\n\\AtEndDocument{\\end{center}}",
    ],
)
def test_definitions_and_hooks_that_open_an_environment_are_not_refused(
    tmp_path: Path, preamble: str
) -> None:
    body = "Text one.\n\n\\begin{itemize}\n\\item a\n\\end{itemize}\nText two."
    blocks = extract(_body(tmp_path, preamble, body)).blocks
    assert [(b.section, b.text) for b in blocks] == [
        ("Intro", "Text one."),
        ("Intro", "a"),
        ("Intro", "Text two."),
        ("Results", "RESULTS para."),
    ]


def test_a_definition_opening_an_environment_is_dropped_with_those_inside_it() -> None:
    # The inner definition stands inside the outer one's body: it goes with it, once.
    source = (
        "\\newcommand{\\bi}{\\begin{itemize}\\def\\x{\\end{enumerate}}}"
        "\\newcommand{\\ok}{\\begin{center}x\\end{center}}Text."
    )
    kept, names = drop_open_definitions(source)
    assert kept == "\\newcommand{\\ok}{\\begin{center}x\\end{center}}Text."
    assert names == {"itemize", "enumerate"}
