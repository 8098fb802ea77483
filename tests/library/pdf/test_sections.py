"""The shared PDFs' passages in their sections and on their pages, as the LaTeX sources have
them and as the pages print them."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.passage import Passage
from tests.library.helpers import DATA

PDFS = DATA / "papers-pdf"
SCIPY = PDFS / "scipy-1.0_virtanen2020.pdf"
GEP = PDFS / "good-enough-practices_wilson2017.pdf"
GEP_TWO_COLUMNS = PDFS / "good-enough-practices_wilson2017.twocolumn.pdf"


@functools.cache
def passages(path: Path) -> list[Passage]:
    return make_passages(extract(path).blocks)


def starting(path: Path, words: str) -> Passage:
    [found] = [p for p in passages(path) if p.text.startswith(words)]
    return found


def test_each_piece_of_a_paragraph_cut_in_two_is_on_its_own_pages() -> None:
    # Paragraphs running over a page end, each cut into passages: the piece printed wholly on
    # the later page is on that page only.
    assert starting(SCIPY, "In 2005, Travis Oliphant combined").pages == (4, 4)
    assert starting(SCIPY, "A detailed comparison of the characteristics").pages == (10, 10)
    # The pieces before them hold the page end.
    assert starting(SCIPY, "At this point, scientific Python started").pages == (3, 4)


@pytest.mark.parametrize("path", [GEP, GEP_TWO_COLUMNS], ids=["one-column", "two-column"])
def test_a_boxs_bold_heading_is_the_section_of_the_box_only(path: Path) -> None:
    # Each box is a quote set in its section (the LaTeX source's \begin{quote}\textbf{...}):
    # what the box holds is under its heading, what follows it under the section's again.
    sections = {
        "Almost all modern text editors provide tab completion": "Tab Completion",
        "Make dependencies and requirements explicit (2g)": "2 Software",
        "We recommend against the \u201cno commercial use\u201d": "What Not To Do",
        "Make the project citable (3e)": "3 Collaboration",
        "If src is for human-readable source code": "External Scripts",
        "Name all files to reflect their content or function (4f)": "4 Project Organization",
        "This project doesn\u2019t have a bin directory": "4 Project Organization",
        "Copying everything like this may seem wasteful": "Data is Cheap, Time is Expensive",
        "This manual procedure satisfies the requirements": "Manual Versioning",
    }
    assert {words: starting(path, words).section for words in sections} == sections


def test_a_heading_set_in_typewriter_type_heads_its_section() -> None:
    # scipy-1.0's \subsubsection*{\texttt{cKDTree}}, its own line on p. 8 in bold typewriter.
    opening = starting(SCIPY, "The scipy.spatial.ckdtree module, which implements")
    assert (opening.section, opening.pages) == ("cKDTree", (8, 8))
    assert starting(SCIPY, "In 2015 the cKDTree dual tree counting").section == "cKDTree"
    assert starting(SCIPY, "scipy.sparse offers seven sparse matrix").section == "Sparse matrices"
