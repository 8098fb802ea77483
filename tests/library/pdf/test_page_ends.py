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


def test_a_table_at_a_pages_foot_under_its_caption_keeps_the_page_full(tmp_path: Path) -> None:
    # The table's rows are left out, so the caption over them was the page's last line, far
    # above the foot: the paragraph the page end cut after a sentence was split in two.
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    pdf.set_font("helvetica", size=11)
    pdf.add_page()
    pdf.set_xy(20, 20)
    pdf.multi_cell(170, 5.5, _prose(30, 1) + " The page end cuts this paragraph.")
    pdf.text(70, 150, "Table 1: Scores of the three models on each split.")
    for row in range(22):
        for column, x in enumerate((40, 90, 130, 170)):
            pdf.text(x, 160 + 5.5 * row, f"{row}.{column}" if column else f"Split {row}")
    for text in ("It carries on overleaf, flush left. " + _prose(70, 2), _prose(70, 3)):
        pdf.add_page()
        pdf.set_xy(20, 20)
        pdf.multi_cell(170, 5.5, text)
    pdf.output(str(tmp_path / "table.pdf"))
    texts = [block.text for block in extract(tmp_path / "table.pdf").blocks]
    assert "The page end cuts this paragraph. It carries on overleaf, flush left." in texts[0]
    assert not any("Split" in text for text in texts)
