"""A YAML block is read with the safe loader, and refused with a reason where it cannot be."""

from __future__ import annotations

import pytest

from claimaudit.library.yaml_block import MAX_YAML_CHARS, UnreadableYaml, load_yaml


def test_a_block_is_read_as_yaml_reads_it() -> None:
    assert load_yaml("title: 'It''s'\nauthor: [A, B]\n") == {"title": "It's", "author": ["A", "B"]}


def test_an_alias_is_shared_not_copied() -> None:
    block = "a: &a [x, y]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n"
    data = load_yaml(block)
    assert isinstance(data, dict)
    assert data["c"][0] is data["b"] and data["b"][0] is data["a"]


@pytest.mark.parametrize(
    ("block", "reason"),
    [
        ("title: [a", "expected ',' or ']'"),
        ("k: " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        ("k: {" * 3000 + "}" * 3000, "nested too deeply"),
        ("title: x\n" + "k: v\n" * (MAX_YAML_CHARS // 5), "over 500,000 characters"),
    ],
)
def test_a_block_that_cannot_be_read_is_refused_with_its_reason(block: str, reason: str) -> None:
    with pytest.raises(UnreadableYaml, match=reason):
        load_yaml(block)


def test_as_text_keeps_every_scalar_as_written() -> None:
    assert load_yaml("n: 1907.10120\nd: 2020-02-03\nb: yes\n", as_text=True) == {
        "n": "1907.10120",
        "d": "2020-02-03",
        "b": "yes",
    }
    with pytest.raises(UnreadableYaml, match="over 10 characters"):
        load_yaml("k: " + "v" * 20, max_chars=10)
