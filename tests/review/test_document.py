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


@pytest.mark.parametrize("title", ["References", "REFERENCES:", "**References**", "Bibliography"])
def test_a_paragraph_that_is_only_a_references_title_heads_the_reference_list(title: str) -> None:
    # QA: a plain-text draft's "References" line was prose: its numbered citations went
    # unread, and each entry was a claim citing its own arXiv id.
    report = (
        "SciPy provides algorithms for scientific computing [1].\n\n"
        f"{title}\n\n"
        "1. Virtanen P, et al. SciPy 1.0. Nature Methods (2020). arXiv:1907.10121\n\n"
        "# Appendix\n\nMore text here.\n"
    )
    document = parse_document(report)
    assert document.has_references_section
    assert [b.text for b in document.references] == [
        "Virtanen P, et al. SciPy 1.0. Nature Methods (2020). arXiv:1907.10121"
    ]
    claims, uncited = extract_claims(report)
    assert [(c.text, [t.paper for t in c.targets]) for c in claims] == [
        ("SciPy provides algorithms for scientific computing.", ["arXiv:1907.10121"])
    ]
    assert [s.text for s in uncited] == ["More text here."]


def test_a_references_title_inside_a_sentence_or_a_list_is_prose() -> None:
    report = "- References\n- Data\n\nThe references were checked by hand.\n"
    document = parse_document(report)
    assert not document.has_references_section
    assert [b.text for b in document.prose][-1] == "The references were checked by hand."
    # A label a heading could give but prose uses too ("Sources" over a table) heads nothing.
    document = parse_document("Sources\n\n| a |\n|---|\n| 1 |\n\nX holds [1].\n")
    assert not document.has_references_section
    assert [b.text for b in document.prose] == ["Sources", "X holds [1]."]


def test_a_reference_list_numbered_1_1_1_reads_as_it_renders() -> None:
    # QA: Markdown's "1. 1. 1." (the renderer numbers the list) made every entry number 1, so
    # [2] and [3] were "no References entry numbered 2".
    report = (
        "SciPy helps [1]. Back up data [2]. Baselines matter [3].\n\n# References\n\n"
        "1. Virtanen arXiv:1907.10121\n1. Wilson arXiv:1609.00037\n1. Lee arXiv:2105.14372\n"
    )
    claims, _ = extract_claims(report)
    assert [[t.paper for t in c.targets] for c in claims] == [
        ["arXiv:1907.10121"],
        ["arXiv:1609.00037"],
        ["arXiv:2105.14372"],
    ]
    # Numbers written in order are kept, gaps and all; one that goes back is the next one.
    document = parse_document("# References\n\n3. a\n5. b\n1. c\n\n- d\n")
    assert [(b.number, b.text) for b in document.references] == [
        (3, "a"),
        (5, "b"),
        (6, "c"),
        (None, "d"),
    ]
