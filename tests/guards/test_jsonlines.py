"""Line ends of JSON Lines (``claimaudit.guards.jsonlines``): a lone CR, and JSON's own."""

from __future__ import annotations

import pytest

from claimaudit.guards.jsonlines import split_on_lone_cr


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
