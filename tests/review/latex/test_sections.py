"""The section a draft's paragraph is in, as the review names it (the HTML report's headings),
is the one the library's reader names for the same paragraph of a paper."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.review.latex.read import read_latex_draft

_BODY = (
    "\\section{Method}\nIntro.\n\n"
    "\\subsubsection{Setting.} We use X.\n\n"
    "\\paragraph{Data.} We use Y.\n\n"
    "\\subparagraph{Fine} Z holds.\n"
)


@pytest.mark.parametrize(
    ("document_class", "sections"),
    [
        ("article", ["Method", "Setting.", "Setting.", "Setting."]),
        # llncs runs its \subsubsection in, as every class runs \paragraph in.
        ("llncs", ["Method", "Method", "Method", "Method"]),
    ],
)
def test_a_run_in_heading_names_no_section_as_in_the_library(
    tmp_path: Path, document_class: str, sections: list[str]
) -> None:
    # QA: the review named the section of "\paragraph{Data.} We use Y." "Data.", where the
    # library's reader of the same source (the paragraph's first words) kept "Setting.".
    path = tmp_path / "paper.tex"
    path.write_text(
        f"\\documentclass{{{document_class}}}\n\\begin{{document}}\n{_BODY}\\end{{document}}\n",
        encoding="utf-8",
    )
    review = [block.section for block in read_latex_draft(path).blocks]
    library = [block.section for block in extract(path).blocks]
    assert review == library == sections


def test_a_part_names_its_section_in_the_review_as_in_the_library(tmp_path: Path) -> None:
    # QA: "\part{Theory}" named the section of the text after it in a review, but not in the
    # library's reader, which knew no shape for it and stored "PART: Theory" in the text of
    # the section before.
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{report}\n\\begin{document}\n\\section{Intro}\nFirst.\n\n"
        "\\part{Theory}\nX holds.\n\n\\chapter{Proofs}\nY holds.\n\n\\part*{Coda}\nZ.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    review = [(block.section, block.text) for block in read_latex_draft(path).blocks]
    library = [(block.section, block.text) for block in extract(path).blocks]
    assert (
        review
        == library
        == [
            ("Intro", "First."),
            ("Theory", "X holds."),
            ("Proofs", "Y holds."),
            ("Coda", "Z."),
        ]
    )
