"""File names in messages (``claimaudit.guards.filenames``): that very file, safe to print."""

from __future__ import annotations

import subprocess

import pytest

from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import without_controls


@pytest.mark.parametrize("name", ["out.jsonl", "/tmp/a b/ç.jsonl", "-x.json", "C:\\runs\\o.jsonl"])
def test_a_name_without_controls_is_shown_as_it_is(name: str) -> None:
    assert shown_name(name) == name


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("bad\x01name.jsonl", "$'bad\\x01name.jsonl'"),
        ("x\x1b[31m.jsonl", "$'x\\x1b[31m.jsonl'"),
        ("tab\there\nand\rthere", "$'tab\\there\\nand\\rthere'"),
        ("it's\x7f\\.jsonl", "$'it\\'s\\x7f\\\\.jsonl'"),
        ("rtl\u202eq\x85", "$'rtl\\u202eq\\u0085'"),
        ("byte\udcff.jsonl", "$'byte\\xff.jsonl'"),  # an undecodable byte of the name
    ],
)
def test_a_name_with_controls_is_quoted_with_each_escaped(name: str, shown: str) -> None:
    # Dropping the controls named another file: "bad\x01name.jsonl" printed as "badname.jsonl".
    assert shown_name(name) == shown
    assert without_controls(shown) == shown  # nothing in it a terminal obeys


def test_the_quoted_name_is_that_file_to_the_shell() -> None:
    name = "bad\x01it's\\\u202e.jsonl"
    said = subprocess.run(
        ["bash", "-c", f"printf %s {shown_name(name)}"], capture_output=True, check=True
    )
    assert said.stdout.decode("utf-8") == name
