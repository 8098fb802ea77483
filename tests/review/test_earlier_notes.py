"""A draft that is an annotated copy, reviewed again: its new annotated copy holds the new
notes in place of claimaudit's earlier ones (Markdown footnotes, LaTeX comment and to-do
lines), never both; the draft's own notes and text are kept."""

from __future__ import annotations

from pathlib import Path

from claimaudit.checker.pipeline import Checker
from claimaudit.review import review_report
from claimaudit.review.annotate import SEPARATOR
from claimaudit.review.earlier_notes import rewrite
from claimaudit.review.latex.annotate import annotate_latex
from claimaudit.review.report import review_latex
from tests.fakes import MemorySource, ScriptedJudge, pick


def _checker() -> Checker:
    return Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))


REPORT = (
    "# Draft\r\n\r\nSciPy has sparse matrices [@arxiv:1907.10121]. Plain.[^1]\r\n\r\n"
    "A claim in a note's sentence follows.[^2]\r\n\r\n"
    "[^1]: The author's own note.\r\n\r\n"
    "[^2]: Smith showed that X reduces Y [@doi:10.1234/none].\r\n"
)


def test_a_markdown_copy_annotated_again_replaces_its_notes() -> None:
    first = review_report(REPORT, checker=_checker()).annotated_markdown
    again = review_report(first, checker=_checker()).annotated_markdown
    assert again == first
    assert again.count(SEPARATOR) == 1 and "claimaudit2" not in again
    assert "[^1]: The author's own note." in again  # the draft's own notes stay


def test_only_claimaudit_s_own_notes_after_its_separator_go() -> None:
    first = review_report(REPORT, checker=_checker()).annotated_markdown
    # The author wrote a note labelled as claimaudit labels its own, before the separator, and
    # a paragraph after claimaudit's notes.
    edited = first.replace(
        "[^1]: The author's", "[^claimaudit-9]: Mine.\r\n\r\n[^1]: The author's"
    ).replace("Plain.[^1]", "Plain.[^1][^claimaudit-9]")
    edited += "\r\nA paragraph the author added at the end.\r\n"
    again = review_report(edited, checker=_checker()).annotated_markdown
    assert "[^claimaudit-9]: Mine." in again and "Plain.[^1][^claimaudit-9]" in again
    assert "A paragraph the author added at the end." in again
    assert again.count(SEPARATOR) == 1
    # The earlier note is gone; the new one is labelled apart from the author's "claimaudit-9".
    assert "[^claimaudit-1]" not in again
    assert again.count("[^claimaudit2-1]") == 2  # one marker, one note


def test_a_copy_annotated_twice_before_loses_both_rounds_of_notes() -> None:
    # Copies written before this fix kept the first round's notes beside the second's.
    first = review_report(REPORT, checker=_checker()).annotated_markdown
    body, _, notes = first.partition("\r\n" + SEPARATOR + "\r\n")
    twice = (
        body.replace("[^claimaudit-1]", "[^claimaudit-1][^claimaudit2-1]")
        + f"\r\n{SEPARATOR}\r\n{notes}\r\n{SEPARATOR}\r\n"
        + notes.replace("[^claimaudit-", "[^claimaudit2-")
    )
    again = review_report(twice, checker=_checker()).annotated_markdown
    assert again == first


def _write(folder: Path, text: str) -> Path:
    path = folder / "paper.tex"
    path.write_text(text, encoding="utf-8", newline="")
    return path


def test_a_latex_copy_annotated_again_replaces_its_lines(tmp_path: Path) -> None:
    draft = (
        "\\documentclass{article}\n\\begin{document}\n"
        "A claim \\cite{a}. More text.\n% The author's comment: claimaudit: keep.\n\n"
        "Another claim \\cite{b}.\n\\end{document}\n"
    )
    first = annotate_latex(review_latex(_write(tmp_path, draft), checker=_checker()), todo=True)
    assert first["paper.tex"].count("\\usepackage{todonotes}") == 1
    again_result = review_latex(_write(tmp_path, first["paper.tex"]), checker=_checker())
    again = annotate_latex(again_result, todo=True)["paper.tex"]
    assert again == first["paper.tex"]
    assert "% The author's comment: claimaudit: keep." in again


def test_rewrite_leaves_spans_out_and_inserts_at_offsets_as_read() -> None:
    text = "abc[^x]def"
    assert rewrite(text, [(3, 7)], [(7, "!"), (3, "?"), (10, ".")]) == "abc?!def."
    assert rewrite(text, [], [(0, "<"), (0, ">")]) == "<>abc[^x]def"
