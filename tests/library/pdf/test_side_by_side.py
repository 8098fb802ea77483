"""Cards side by side read one after the other, and a borderless table whose cells hold
phrases left out, where a paragraph's short last line above them leaves no gutter."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from tests.library.helpers import pdf_passages, prose_page

AFTER = "After them, the text goes on in one column as before, in a paragraph of its own."


def _cards(cards: list[tuple[str, ...]], *, boxed: bool) -> FPDF:
    """Cards side by side under a paragraph whose last line is short, each a line or two."""
    pdf = prose_page(11)
    pdf.set_font("helvetica", size=10)
    width = 180 / len(cards)
    for index, lines in enumerate(cards):
        x = 15 + index * width
        if boxed:
            pdf.rect(x, 60, width - 6, 20)
        for row, text in enumerate(lines):
            pdf.text(x + 2, 67 + 6 * row, text)
    pdf.set_font("helvetica", size=11)
    pdf.set_xy(15, 95)
    pdf.multi_cell(180, 6, AFTER)
    return pdf


TWO = [
    ("Version control keeps every change to the files.", "Commit early and often, and push."),
    ("Tests catch the errors before the users do.", "Run them on every commit you make."),
]
THREE = [
    ("Version control keeps changes.", "Commit early, commit often."),
    ("Tests catch the errors early.", "Run them on every commit."),
    ("Plain text formats last longer.", "Open them in any editor."),
]


def test_short_cards_side_by_side_are_read_one_after_the_other(tmp_path: Path) -> None:
    # Two cards of two lines read row by row ("files. Tests catch ... Commit early"), and three
    # were cut into cells and left out as a table.
    for name, cards, boxed in (("two", TWO, False), ("three", THREE, True)):
        passages = pdf_passages(_cards(cards, boxed=boxed), tmp_path / f"{name}.pdf")
        assert passages[1:] == [" ".join(lines) for lines in cards] + [AFTER], name


def test_names_side_by_side_on_a_title_page_are_no_cards(tmp_path: Path) -> None:
    # Two authors, each over an affiliation: no prose, so read across as before.
    pdf = _cards([("Ann Author", "Nowhere University"), ("Ben Author", "Elsewhere Institute")],
                 boxed=False)  # fmt: skip
    passages = pdf_passages(pdf, tmp_path / "names.pdf")
    assert not any(p.startswith("Ann Author Nowhere University") for p in passages)


ROWS = [
    ("Manual review by an expert reader", "Slow but careful, and it catches subtle errors"),
    ("Keyword search over the full text", "Fast, but it misses paraphrased claims entirely"),
    ("A language model as the judge", "Reads each passage and weighs the evidence given"),
]


def _table(rows: list[tuple[str, str]]) -> FPDF:
    pdf = prose_page(11)
    pdf.set_font("helvetica", size=10)
    for index, (left, right) in enumerate(rows):
        pdf.text(15, 60 + 6 * index, left)
        pdf.text(105, 60 + 6 * index, right)
    pdf.set_font("helvetica", size=11)
    pdf.set_xy(15, 60 + 6 * len(rows) + 8)
    pdf.multi_cell(180, 6, AFTER)
    return pdf


def test_a_borderless_table_of_phrases_is_left_out(tmp_path: Path) -> None:
    # Two long cells a row, each a phrase of several words: read as prose, row by row.
    passages = pdf_passages(_table(ROWS), tmp_path / "table.pdf")
    assert not any("Manual review" in p or "Keyword search" in p for p in passages)
    assert passages[-1] == AFTER


def test_two_columns_of_a_paragraph_each_are_read_one_after_the_other(tmp_path: Path) -> None:
    # Lines that go on in lower case are a paragraph's, in two columns: no table, and each
    # column read whole.
    rows = [
        ("Version control systems keep every version", "Tests are small programs that check"),
        ("of a project's files, and branches let a", "that the code does what it should, and"),
        ("team work on several changes at once.", "they are run on every change made."),
    ]
    passages = pdf_passages(_table(rows), tmp_path / "columns.pdf")
    left, right = (" ".join(row[side] for row in rows) for side in (0, 1))
    assert left in passages and right in passages
