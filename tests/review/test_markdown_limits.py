"""A Markdown draft whose structure would hold the parser for minutes is refused in one line
naming where, before the costly part of the parse; an ordinary draft reads as before."""

from __future__ import annotations

import pytest

from claimaudit.errors import DraftError
from claimaudit.review.claims import extract_claims
from claimaudit.review.document import check_draft, parse_document

CLAIM = "Sparse matrices save memory in scientific code [@a].\n\n"


def _table(columns: int, rows: int) -> str:
    row = "|" + "a|" * columns + "\n"
    return row + "|" + "-|" * columns + "\n" + row * rows


@pytest.mark.parametrize("read", [parse_document, check_draft])
def test_tables_with_too_many_cells_are_refused_naming_the_line(read: object) -> None:
    # 2 x 25,001 cells over two tables: the limit counts the whole draft.
    draft = CLAIM + _table(25_001, 0) + "\n" + _table(5_001, 4)
    with pytest.raises(DraftError) as refused:
        read(draft)  # type: ignore[operator]
    assert str(refused.value) == (
        "the draft's tables have over 50,000 cells (line 6); the parser would take minutes "
        "over them"
    )


@pytest.mark.parametrize("read", [parse_document, check_draft])
def test_brackets_nested_too_deep_are_refused_naming_the_line(read: object) -> None:
    draft = CLAIM + "A paragraph\nwith " + "[" * 9 + "x" + "]" * 9 + "\n"
    with pytest.raises(DraftError) as refused:
        read(draft)  # type: ignore[operator]
    assert str(refused.value) == (
        "the draft nests square brackets more than 8 deep (line 4); the parser would take "
        "minutes over them"
    )


def test_unclosed_brackets_count_and_escaped_ones_do_not() -> None:
    with pytest.raises(DraftError, match="line 3"):
        parse_document(CLAIM + "[a " * 9 + "\n")
    parse_document(CLAIM + "\\[" * 50 + " " + "[x] " * 50 + "\n")


def test_a_table_and_brackets_within_the_limits_read_as_before() -> None:
    draft = CLAIM + _table(20, 1_000) + "\nSee [![a figure](f.png)](https://x.org) [@b].\n"
    claims, _ = extract_claims(draft)
    assert [c.text for c in claims] == [
        "Sparse matrices save memory in scientific code.",
        "See a figure.",
    ]
