"""Inline code spans as CommonMark reads them: a backtick run closed by the next run of its
length; a run with none is literal text."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from claimaudit.review.code_spans import code_spans


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("run `x` now", [(4, 7)]),
        ("``a ` b`` and `c`", [(0, 9), (14, 17)]),  # a shorter run inside is code
        ("``a` b", []),  # no closer of the opening run's length: literal
        ("` a `` b ` c", [(0, 10)]),  # the longer run inside the span is code
        ("`` x `y`", [(5, 8)]),  # the unclosed run is literal; a later run still opens
        ("x" + "`" * 5, []),
        ("`a\nb`", [(0, 5)]),  # a span crosses a line break
    ],
)
def test_code_spans_follow_commonmark(text: str, spans: list[tuple[int, int]]) -> None:
    assert code_spans(text) == spans
    inline = MarkdownIt().parseInline(text)[0].children or []
    assert len(spans) == sum(1 for token in inline if token.type == "code_inline")


def test_a_long_run_of_backticks_is_literal() -> None:
    assert code_spans("`" * 40_000) == []
    assert code_spans("`" * 40_000 + " x " + "`" * 40_000) == [(0, 80_003)]


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        # An escaped backtick is literal: it neither opens a span nor pairs with a later one.
        ("a \\` tick [@smith] and `code`", [(23, 29)]),
        ("\\``x`", [(2, 5)]),  # the escape takes one backtick; the rest of the run opens
        ("\\\\`x`", [(2, 5)]),  # an escaped backslash: the backtick is not escaped
        ("`a\\`", [(0, 4)]),  # inside a span a backslash is text: the run closes it
    ],
)
def test_an_escaped_backtick_opens_no_code_span(text: str, spans: list[tuple[int, int]]) -> None:
    assert code_spans(text) == spans
    inline = MarkdownIt().parseInline(text)[0].children or []
    codes = [token.content for token in inline if token.type == "code_inline"]
    assert codes == [text[start:end].strip("`") for start, end in spans]
