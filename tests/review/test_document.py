"""The Markdown draft reader's text: no blank left where an inline note was cut out before a
stop."""

from __future__ import annotations

from claimaudit.review.claims import extract_claims


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
