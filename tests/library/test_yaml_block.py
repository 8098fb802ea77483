"""A YAML block is read with the safe loader, and refused with a reason where it cannot be."""

from __future__ import annotations

import datetime
import sys

import pytest

from claimaudit.library.yaml_block import (
    MAX_YAML_CHARS,
    MAX_YAML_DEPTH,
    UnreadableYaml,
    load_yaml,
)


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


def test_deep_nesting_is_refused_whatever_the_recursion_limit() -> None:
    # QA: the refusal came from RecursionError, so in a process whose limit was raised (mypy's
    # API sets 16,384; the test suite met it) the same front matter was read.
    deep = "k: " + "[" * 5000 + "]" * 5000
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        with pytest.raises(UnreadableYaml, match="nested too deeply"):
            load_yaml(deep)
    finally:
        sys.setrecursionlimit(limit)


def test_nesting_within_the_bound_is_read_and_brackets_in_text_do_not_add_up() -> None:
    nested = "k: " + "[" * MAX_YAML_DEPTH + "x" + "]" * MAX_YAML_DEPTH
    assert load_yaml(nested) is not None
    # An unclosed bracket in each title is counted from its own line: a key at the margin.
    titles = "".join(f"t{i}: 'a [note'\n" for i in range(MAX_YAML_DEPTH + 5))
    assert load_yaml(titles) == {f"t{i}": "a [note" for i in range(MAX_YAML_DEPTH + 5)}


def test_a_date_or_number_that_cannot_be_built_stays_as_written() -> None:
    # QA: a date that does not exist or a number past 4,300 digits raised a plain ValueError
    # (a 500 on upload and review, a traceback in the CLI). A real date is still a date.
    long = "9" * 4_301
    block = f"date: 2024-13-45\nwhen: 2020-02-30 10:00:00\nn: {long}\nd: 2024-01-02\nk: 12\n"
    data = load_yaml(block)
    assert isinstance(data, dict)
    assert (data["date"], data["when"], data["n"]) == ("2024-13-45", "2020-02-30 10:00:00", long)
    assert (data["d"], data["k"]) == (datetime.date(2024, 1, 2), 12)


def test_as_text_keeps_every_scalar_as_written() -> None:
    assert load_yaml("n: 1907.10120\nd: 2020-02-03\nb: yes\n", as_text=True) == {
        "n": "1907.10120",
        "d": "2020-02-03",
        "b": "yes",
    }
    with pytest.raises(UnreadableYaml, match="over 10 characters"):
        load_yaml("k: " + "v" * 20, max_chars=10)
