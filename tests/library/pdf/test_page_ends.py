"""A page whose text ends early (a chapter's end, the page before a full-page figure) is not
cut by its end: what follows overleaf starts afresh."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from claimaudit.library.extract import extract

NAMES = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omicron sigma".split()


def _prose(sentences: int, seed: int) -> str:
    """Sentences that differ from page to page (a line repeated at each page's top would be
    taken for a running head)."""
    return " ".join(
        f"Sentence {NAMES[(seed + i) % len(NAMES)]} {NAMES[(3 * seed + i) % len(NAMES)]} holds "
        "plain words to read as text."
        for i in range(sentences)
    )


def _blocks(tmp_path: Path, pages: list[str]) -> list[tuple[tuple[int, int], str]]:
    """The blocks of a PDF of ``pages``, each page's text set from its top in 11 pt."""
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    pdf.set_font("helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.set_xy(20, 20)
        pdf.multi_cell(170, 5.5, text)
    path = tmp_path / "paper.pdf"
    pdf.output(str(path))
    return [(block.pages or (0, 0), block.text) for block in extract(path).blocks]


def test_a_sentence_before_a_pages_blank_rest_is_not_continued_overleaf(tmp_path: Path) -> None:
    # The chapter's last sentence was joined to the next page's first one: one passage ran
    # "... This chapter ends here. The next chapter opens on a new page. ...".
    blocks = _blocks(
        tmp_path,
        [
            _prose(12, 1) + " This chapter ends here.",
            "The next chapter opens on a new page. " + _prose(80, 2) + " A full page ends here.",
            "This page carries on the paragraph that the page end cut. " + _prose(4, 3),
        ],
    )
    assert [pages for pages, _ in blocks] == [(1, 1), (2, 3)]
    assert blocks[0][1].endswith("This chapter ends here.")
    assert blocks[1][1].startswith("The next chapter opens on a new page.")
    # A full page cut the paragraph, sentence end or not: it runs on overleaf.
    assert "A full page ends here. This page carries on the paragraph" in blocks[1][1]


def test_a_clause_before_a_pages_blank_rest_still_runs_on(tmp_path: Path) -> None:
    # "as follows:" before a full-page figure, and a line ending mid-sentence: not ended.
    for end in ("The steps are as follows:", "The steps are taken in the order"):
        blocks = _blocks(
            tmp_path,
            [
                _prose(12, 1) + " " + end,
                "Each of them is described here. " + _prose(60, 2),
                _prose(60, 3),
            ],
        )
        assert f"{end} Each of them is described here." in blocks[0][1]
