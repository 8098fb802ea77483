"""Line ends of JSON Lines (``claimaudit.guards.jsonlines``): a lone CR, and JSON's own."""

from __future__ import annotations

import json

import pytest

from claimaudit.guards.jsonlines import json_problem, split_on_lone_cr


@pytest.mark.parametrize(
    ("body", "lines"),
    [
        (b'{"id": 1}', [b'{"id": 1}']),
        (b'{"id": 1,\r"claim": "c"}', [b'{"id": 1,\r"claim": "c"}']),  # whitespace in JSON
        (b'\xef\xbb\xbf{"id":\r 1}', [b'\xef\xbb\xbf{"id":\r 1}']),
        (b'{"id": 1}\r{"id": 2}', [b'{"id": 1}', b'{"id": 2}']),  # a classic Mac file
        (b'\r\r{"id": 1}', [b"", b"", b'{"id": 1}']),  # its blank lines stay lines
        (b'{"id": 1}\r', [b'{"id": 1}', b""]),
        (b'{"id": 1,\r"broken', [b'{"id": 1,', b'"broken']),
    ],
)
def test_a_lone_cr_ends_a_line_unless_it_is_inside_one_json_value(
    body: bytes, lines: list[bytes]
) -> None:
    assert split_on_lone_cr(body) == lines


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"claim": "a\x00b"}', "a raw NUL byte in a string; write it as \\u0000"),
        ('{"claim": "a\tb"}', "a raw control character U+0009 in a string; write it as \\u0009"),
        ('{"id":\x1b 1}', "a raw control character U+001B outside a string"),
        ('{"id": 1,}', "Expecting property name enclosed in double quotes"),
    ],
)
def test_a_raw_control_character_is_named_with_how_to_write_it(text: str, problem: str) -> None:
    # json said "Invalid control character at", naming neither the character nor the fix.
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    assert json_problem(caught.value) == problem
