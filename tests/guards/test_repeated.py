"""Repeated JSON keys are found wherever they are, with how often each was given."""

from __future__ import annotations

from claimaudit.guards.repeated import load_json_once, repeated_keys, repeated_names


def test_repeated_keys_are_found_at_any_level() -> None:
    value = load_json_once(
        '{"a": 1, "a": 2, "b": [{"c": 1, "c": 2, "c": 3}], "d": {"e": {"f": 1, "f": 1}}}'
    )
    assert repeated_keys(value) == [(("a",), 2), (("b", 0, "c"), 3), (("d", "e", "f"), 2)]


def test_the_same_key_in_different_objects_is_no_repeat() -> None:
    assert repeated_keys(load_json_once('{"a": {"a": 1}, "b": [{"a": 1}]}')) == []


def test_repeated_names() -> None:
    assert repeated_names(["ref", "file", "ref", "ref", "title"]) == {"ref": 3}
