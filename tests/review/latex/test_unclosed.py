"""A LaTeX draft's environment never closed is refused, as the paper reader refuses it; one a
definition opens or closes, or that one file opens and another closes, is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import InputError
from claimaudit.review.latex.read import read_latex_draft
from tests.articles import write_article


def _draft(folder: Path, body: str, preamble: str = "") -> Path:
    return write_article(folder, body, preamble)


def test_an_environment_never_closed_is_refused_naming_its_line(tmp_path: Path) -> None:
    path = _draft(tmp_path, "A claim \\cite{a}.\n% \\begin{quote} in a comment\n\\begin{quote}\nB.")
    with pytest.raises(InputError) as raised:
        read_latex_draft(path)
    assert str(raised.value) == (
        'main.tex: the environment "quote" that opens on line 5 with "\\begin{quote} B. '
        '\\end{document}" is never closed: "\\end{quote}" is missing (TeX stops there too); '
        "close it and review the draft again"
    )


@pytest.mark.parametrize(
    ("preamble", "body"),
    [
        (
            "\\newcommand{\\bi}{\\begin{itemize}}\n",
            "\\bi\n\\item A claim \\cite{a}.\n\\end{itemize}",
        ),
        (
            "\\newcommand{\\ei}{\\end{itemize}}\n",
            "\\begin{itemize}\n\\item A claim \\cite{a}.\n\\ei",
        ),
        ("\\usepackage{lists}\n", "\\begin{itemize}\n\\item A claim \\cite{a}.\n\\ei"),
        ("", "\\input{head}\n\\item A claim \\cite{a}.\n\\end{itemize}"),
    ],
)
def test_an_environment_a_definition_or_another_file_closes_is_read(
    tmp_path: Path, preamble: str, body: str
) -> None:
    (tmp_path / "lists.sty").write_text("\\newcommand{\\ei}{\\end{itemize}}\n", encoding="utf-8")
    (tmp_path / "head.tex").write_text("Listed:\n\\begin{itemize}\n", encoding="utf-8")
    draft = read_latex_draft(_draft(tmp_path, body, preamble))
    assert [c.keys for c in draft.commands] == [("a",)]


def test_an_argument_never_closed_is_refused_naming_its_macro_and_line(tmp_path: Path) -> None:
    # TeX stops at the file's end ("File ended while scanning use of \footnote"); the review
    # read the rest of the draft as the note and judged its sentences.
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\nA claim \\cite{a}.\\footnote{Open note"
        "\n\nMore text \\cite{b}.\n\\end{document}\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as raised:
        read_latex_draft(path)
    assert str(raised.value) == (
        'main.tex: the argument of \\footnote that opens on line 3 with "{Open note More text '
        '\\cite{b}. \\end{doc" is never closed: a "}" is missing (TeX stops there too); close '
        "it and review the draft again"
    )


def test_an_argument_an_included_file_leaves_open_is_refused_there(tmp_path: Path) -> None:
    (tmp_path / "part.tex").write_text("Included.\n\n\\emph{Open words\n", encoding="utf-8")
    refused = r"^part\.tex: the argument of \\emph that opens on line 3"
    with pytest.raises(InputError, match=refused):
        read_latex_draft(_draft(tmp_path, "A claim \\cite{a}.\n\\input{part}"))


def test_a_group_left_open_is_no_argument_and_is_read(tmp_path: Path) -> None:
    # TeX only warns of an open group and prints it to the end, as the paper reader does.
    draft = read_latex_draft(_draft(tmp_path, "A claim \\cite{a}. {\\bf Bold to the end."))
    assert [c.keys for c in draft.commands] == [("a",)]
