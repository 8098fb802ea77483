"""The shared PDFs' passages in their sections and on their pages, as the LaTeX sources have
them and as the pages print them."""

from __future__ import annotations

import functools
from pathlib import Path

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.passage import Passage
from tests.library.helpers import DATA

PDFS = DATA / "papers-pdf"
SCIPY = PDFS / "scipy-1.0_virtanen2020.pdf"


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
