from __future__ import annotations

from claimaudit.library.models import TextBlock
from claimaudit.library.passages import make_passages
from claimaudit.passage import passage_id


def test_ids_are_stable_and_ordered() -> None:
    assert [passage_id(i) for i in (0, 1, 998, 999)] == ["P001", "P002", "P999", "P1000"]


def test_tiny_fragments_merge_within_a_section_only() -> None:
    blocks = [
        TextBlock("Short heading-like line.", "A"),
        TextBlock("A real paragraph " * 20, "A"),
        TextBlock("Next section text " * 20, "B"),
        TextBlock("tiny", "B"),
    ]
    passages = make_passages(blocks)
    assert [p.section for p in passages] == ["A", "B"]
    assert passages[0].text.startswith("Short heading-like line. A real paragraph")
    assert passages[1].text.endswith("tiny")


def test_whitespace_is_normalised_and_empty_blocks_dropped() -> None:
    passages = make_passages([TextBlock("  a\n\tb  "), TextBlock("   ")])
    assert [p.text for p in passages] == ["a b"]
