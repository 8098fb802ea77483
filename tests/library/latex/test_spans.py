"""Cutting spans out of a source, as the LaTeX readers drop what TeX does not print."""

from __future__ import annotations

from claimaudit.library.latex.spans import without_spans


def test_each_span_is_cut_and_the_text_between_them_kept() -> None:
    source = "keep DROP keep drop keep"
    assert without_spans(source, [(5, 10), (15, 20)]) == "keep keep keep"


def test_spans_at_the_ends_and_side_by_side() -> None:
    assert without_spans("abcdef", [(0, 1), (1, 3), (5, 6)]) == "de"


def test_no_spans_keeps_the_source_and_a_whole_span_empties_it() -> None:
    assert without_spans("\\def\\x{1} text", []) == "\\def\\x{1} text"
    assert without_spans("\\def\\x{1}", [(0, 9)]) == ""


def test_spans_may_come_one_at_a_time() -> None:
    spans = ((start, start + 1) for start in range(0, 10, 2))
    assert without_spans("a1b2c3d4e5", spans) == "12345"
