"""Text TeX never prints (``\\iffalse``, ``comment`` environments, a file after ``\\endinput``) is
neither stored nor quoted; the spans found keep the paragraphs around them as TeX sets them."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.extract import extract
from claimaudit.library.ingest import add_path
from claimaudit.library.latex.unprinted import blank_unprinted, drop_unprinted
from claimaudit.library.passages import make_passages
from claimaudit.library.store import Library

HIDDEN = "This text is inside iffalse and must not appear in the library."
AFTER_END = "The sentence after endinput must never be quoted."
MAIN = rf"""\documentclass{{article}}
\usepackage{{comment}}
\excludecomment{{private}}
\begin{{document}}
\section{{Intro}}
Visible first sentence.
\iffalse {HIDDEN} \fi
Visible second sentence.
\begin{{comment}}
Comment environment text must not appear.
\end{{comment}}
\begin{{private}}
Private environment text must not appear.
\end{{private}}
\input{{sections/detail}}
Main text after the input.
\end{{document}}
"""
DETAIL = f"Detail text is printed.\n\\endinput\n{AFTER_END}\n"


def _paper(folder: Path) -> Path:
    (folder / "sections").mkdir(parents=True, exist_ok=True)
    (folder / "sections" / "detail.tex").write_text(DETAIL, encoding="utf-8")
    main = folder / "main.tex"
    main.write_text(MAIN, encoding="utf-8")
    return main


def test_unprinted_text_is_not_stored(tmp_path: Path) -> None:
    ref = parse_ref("local:unprinted")
    with Library.open(tmp_path / "library.sqlite3") as library:
        add_path(library, _paper(tmp_path / "paper"), ref=ref)
        texts = [p.text for p in library.passages(ref)]
    assert texts == [
        "Visible first sentence. Visible second sentence.",
        "Detail text is printed.",
        "Main text after the input.",
    ]
    assert not any(word in " ".join(texts) for word in ("iffalse", "environment", "endinput"))


def test_endinput_in_the_main_file_ends_the_paper(tmp_path: Path) -> None:
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\nKept words.\n\\endinput\n"
        "Dropped words.\n\\end{document}\n",
        encoding="utf-8",
    )
    assert [p.text for p in make_passages(extract(path).blocks)] == ["Kept words."]


@pytest.mark.parametrize(
    ("source", "printed"),
    [
        # A conditional nested in the skipped branch has its own \fi.
        ("A \\iffalse x \\ifnum1=1 y \\fi z \\fi B", "A  B"),
        # The \else branch is printed; its \fi prints nothing.
        ("A \\iffalse x \\else y \\fi B", "A  y \\fi B"),
        # A \fi in a comment is not TeX's; \ifthenelse has no \fi.
        ("A \\iffalse x % \\fi\n\\ifthenelse{1}{2}{3} y \\fi B", "A  B"),
        # A flag made with \newif nests like any conditional.
        ("\\newif\\ifdraft\nA \\iffalse \\ifdraft x \\fi y \\fi B", "\\newif\\ifdraft\nA  B"),
        # Never closed: TeX would stop with an error; the text is kept.
        ("A \\iffalse x", "A \\iffalse x"),
        ("A\n\\begin{comment}\nx\n", "A\n\\begin{comment}\nx\n"),
        # Whole lines go with their line end: no paragraph is split or joined.
        ("A\n\\iffalse\nx\n\n\\fi\nB", "A\nB"),
        ("A\n\n  \\begin{comment}\nx\n\\end{comment}\n\nB", "A\n\n\nB"),
        # TeX reads the rest of \endinput's line, then stops the file.
        ("A \\endinput B\nC\n", "A  B\n"),
    ],
)
def test_dropped_spans(source: str, printed: str) -> None:
    assert drop_unprinted(source) == printed


def test_blanking_keeps_every_offset() -> None:
    source = "A \\iffalse x\ny \\fi B\n\\endinput\nC"
    blanked = blank_unprinted(source)
    assert len(blanked) == len(source)
    assert blanked.split() == ["A", "B"]
    assert blanked.index("B") == source.index("B")


@pytest.mark.parametrize(
    ("source", "printed"),
    [
        ("\\newenvironment{q}{\\begin{quote}\\itshape}{\\end{quote}}\nA", "A"),
        ("\\renewenvironment*{q}[1][x]{\\begin{center}#1}{\\end{center}}\nA", "A"),
        ("\\provideenvironment{q}{{\\bf}}{}\nA", "A"),
        ("\\NewDocumentEnvironment{q}{O{}m}{\\begin{center}}{\\end{center}}\nA", "A"),
        # Arguments never closed: TeX would stop with an error; the text is kept.
        ("\\newenvironment{q}{\\begin{quote}\nA", "\\newenvironment{q}{\\begin{quote}\nA"),
    ],
)
def test_an_environment_s_definition_prints_nothing(source: str, printed: str) -> None:
    assert drop_unprinted(source) == printed


def test_a_definition_that_opens_an_environment_loses_no_paper(tmp_path: Path) -> None:
    # The definition's halves, read as text, put the rest of the paper in a table (left out).
    path = tmp_path / "main.tex"
    path.write_text(
        "\\documentclass{article}\n\\newenvironment{boxed}{\\begin{center}\\begin{tabular}"
        "{|p{0.9\\textwidth}|}\\hline}{\\\\\\hline\\end{tabular}\\end{center}}\n"
        "\\begin{document}\n\\section{Intro}\nKept words.\n"
        "\\begin{boxed}Boxed words.\\end{boxed}\n\\section{Results}\nRESULTS para.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    blocks = extract(path).blocks
    assert [(b.section, " ".join(b.text.split())) for b in blocks] == [
        ("Intro", "Kept words. Boxed words."),
        ("Results", "RESULTS para."),
    ]
