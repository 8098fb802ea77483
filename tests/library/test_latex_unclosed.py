"""A brace that opens a macro's argument and never closes stops TeX; the reader refuses such a
paper with one line, where it had read the rest of the paper into that argument (a footnote
of the whole paper, a section heading printed as text, code left out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import InputError
from claimaudit.library.extract import extract


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
