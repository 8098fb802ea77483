"""Struck spans of a Markdown text: deleted text, whose citations cite nothing."""

from __future__ import annotations

import pytest

from claimaudit.review.citations import find_citations
from claimaudit.review.struck import struck_spans


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("X ~~old~~ y", [(2, 9)]),
        ("a ~~ b ~~ c", []),  # no non-blank after the opener: text, as CommonMark reads it
        ("H~2~O", []),  # one tilde is Pandoc's subscript
        ("`~~code~~` ~~x~~", [(11, 16)]),
        ("~~open only", []),
    ],
)
def test_struck_spans(text: str, spans: list[tuple[int, int]]) -> None:
    code = [(0, 10)] if text.startswith("`") else []
    assert struck_spans(text, code) == spans


def test_a_struck_citation_cites_nothing() -> None:
    # QA: "X holds ~~[1]~~ [2]." checked paper 1 too, a citation the author struck out.
    found = find_citations("X holds ~~[1]~~ [2].", numbered=True)
    assert [c.label for c in found] == ["[2]"]
    assert find_citations("X holds ~~[@a]~~.", in_text=lambda _: None) == []
