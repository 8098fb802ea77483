"""The Markdown draft reader's text: a Pandoc table caption read without its "Table:", and no
blank left where an inline note was cut out before a stop."""

from __future__ import annotations

import pytest

from claimaudit.review.claims import extract_claims
from claimaudit.review.document import parse_document

TABLE = "| a | b |\n|---|---|\n| 1 | 2 |\n"


@pytest.mark.parametrize(
    ("report", "caption"),
    [
        (f"{TABLE}\nTable: SciPy offers sparse matrices [@arxiv:1907.10121].\n", "Table: "),
        (f": SciPy offers sparse matrices [@arxiv:1907.10121].\n\n{TABLE}", ": "),
        (f"{TABLE}\ntable:SciPy offers sparse matrices [@arxiv:1907.10121].\n", "table:"),
    ],
)
def test_a_table_caption_is_read_without_its_opening(report: str, caption: str) -> None:
    claims, uncited = extract_claims(report)
    assert [c.text for c in claims] == ["SciPy offers sparse matrices."]
    assert uncited == []
    # The sentence starts at its first word, in the report as written.
    start = report.index(caption) + len(caption)
    assert claims[0].sentence.start == start
    assert report[start:].startswith("SciPy")
    block = parse_document(report).prose[0]
    assert block.text.startswith("SciPy") and block.offsets[0] == start


def test_a_paragraph_opening_with_table_away_from_a_table_is_read_as_written() -> None:
    report = f"{TABLE}\nText between.\n\nTable: a word that opens a sentence here.\n"
    _, uncited = extract_claims(report)
    assert [s.text for s in uncited] == [
        "Text between.",
        "Table: a word that opens a sentence here.",
    ]


def test_no_blank_is_left_where_an_inline_note_was_cut_out() -> None:
    report = (
        "The method is explained in depth ^[See the appendix.]. Next one ^[a] ^[b] here.\n\n"
        "Sparse matrices are stored ^[As CSR.]^[Or CSC.] [@arxiv:1907.10121].\n"
    )
    claims, uncited = extract_claims(report)
    assert [c.text for c in claims] == ["Sparse matrices are stored."]
    texts = [s.text for s in uncited if s.text.startswith(("The method", "Next"))]
    assert texts == ["The method is explained in depth.", "Next one here."]
    # Only the blanks where a note was cut: a sentence keeps its other spaces, and its
    # position in the report.
    first = next(s for s in uncited if s.text.startswith("The method"))
    assert report[first.start : first.end].endswith("appendix.].")
