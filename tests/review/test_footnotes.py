"""Footnote markers found as written: "[^label]", the label with no blank and no "]"."""

from __future__ import annotations

import pytest

from claimaudit.review.footnotes import blank_markers, drop_markers, marker_spans


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("works.[^1] Next[^note-2].", [(6, 10), (15, 24)]),
        ("[^] [^ a] [^a", []),  # an empty label, a blank in it, no "]"
        ("[^[^1]", [(0, 6)]),  # a label may hold "[^", as the pattern it replaces read it
        ("[^a\n[^b]", [(4, 8)]),
    ],
)
def test_marker_spans(text: str, spans: list[tuple[int, int]]) -> None:
    assert marker_spans(text) == spans


def test_markers_are_blanked_or_dropped() -> None:
    assert blank_markers("a[^1] b") == "a     b"
    assert drop_markers("a[^1] b[^x]") == "a b"


def test_a_long_run_of_marker_openings_is_read_whole() -> None:
    text = "[^" * 200_000 + "1]"
    assert marker_spans(text) == [(0, len(text))]
    assert marker_spans("[^" * 200_000) == []


@pytest.mark.parametrize(
    ("text", "dropped"),
    [
        ("in depth [^1].", "in depth."),  # the blank before a marker before a stop
        ("more [^1] text", "more text"),  # or before another blank
        ("a [^1][^2]. b [^1] [^2].", "a. b."),  # markers side by side
        ("a [^1]b", "a b"),  # a word after it: the blank stays
    ],
)
def test_a_dropped_marker_leaves_no_blank_before_a_stop(text: str, dropped: str) -> None:
    assert drop_markers(text) == dropped
