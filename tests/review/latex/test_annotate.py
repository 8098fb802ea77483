"""The ``--todo`` notes of an annotated LaTeX draft compile: an inline note in any box (a
margin note there stops LaTeX: "Not in outer par mode"), and ``todonotes`` never loaded where
a file of the draft (a preamble's ``\\input`` file) defines ``\\todo`` itself."""

from __future__ import annotations

from pathlib import Path

from claimaudit.checker.pipeline import Checker
from claimaudit.review.latex.annotate import annotate_latex
from claimaudit.review.report import review_latex
from tests.articles import write_article
from tests.fakes import MemorySource, ScriptedJudge, pick


def _annotated(tmp_path: Path, preamble: str, body: str) -> dict[str, str]:
    result = review_latex(
        write_article(tmp_path, body, preamble, name="paper.tex"),
        checker=Checker(MemorySource(), ScriptedJudge(pick("supports", "P001"))),
    )
    return annotate_latex(result, todo=True)


def test_a_sentence_in_a_box_gets_an_inline_note(tmp_path: Path) -> None:
    main = _annotated(
        tmp_path,
        "",
        "\\begin{tcolorbox}[colback=red!5]\nA boxed claim \\cite{a}.\n\\end{tcolorbox}\n\n"
        "\\parbox{5cm}{A parbox claim \\cite{b}.\n}\n\n"
        "\\begin{mdframed}\nA framed claim \\cite{c}.\n\\end{mdframed}\n\n"
        "A plain claim \\cite{d}.\n",
    )["paper.tex"]
    assert "\\todo[inline]{claimaudit: not checked (a)}%" in main
    assert "\\todo[inline]{claimaudit: not checked (b)}%" in main
    assert "\\todo[inline]{claimaudit: not checked (c)}%" in main
    assert "\\todo{claimaudit: not checked (d)}%" in main


def test_a_todo_defined_in_a_preamble_file_is_not_redefined(tmp_path: Path) -> None:
    (tmp_path / "preamble").mkdir()
    (tmp_path / "preamble" / "macros.tex").write_text(
        "\\newcommand{\\todo}[1]{\\textbf{#1}}\n", encoding="utf-8"
    )
    main = _annotated(tmp_path, "\\input{preamble/macros}\n", "A claim \\cite{x}.")["paper.tex"]
    assert "todonotes" not in main
    assert "\\todo{claimaudit: not checked (x)}%" in main


def test_a_note_waits_for_the_mathematics_after_the_sentence(tmp_path: Path) -> None:
    files = _annotated(tmp_path, "", "A claim \\cite{x}. So $o =\n\\frac{i}{s}$ holds.\nNext.")
    lines = files["paper.tex"].splitlines()
    note = lines.index("\\todo{claimaudit: not checked (x)}%")
    assert lines[note - 3 : note - 1] == ["A claim \\cite{x}. So $o =", "\\frac{i}{s}$ holds."]
    assert lines[note - 1].startswith("% claimaudit: x")
