"""One rule for JSON that is safe to show, the command line's and the HTTP API's."""

from __future__ import annotations

import json

from claimaudit.cli._terminal import json_text
from claimaudit.guards.jsonsafe import escape_unsafe, escape_unsafe_text
from claimaudit.server.responses import JSONResponse

VALUE = {"title": "a\u202eb\x85c\u2028d \u00e9t\u00e9 \u05e9\u05dc\u05d5\u05dd"}
# Bidi override, C1 control and line separator escaped; accents and Hebrew kept as they are.
WRITTEN = '{"title":"a\\u202eb\\u0085c\\u2028d \u00e9t\u00e9 \u05e9\u05dc\u05d5\u05dd"}'


def test_unsafe_characters_are_escaped_and_read_back_unchanged() -> None:
    text = escape_unsafe(json.dumps(VALUE, ensure_ascii=False, separators=(",", ":")))
    assert text == WRITTEN and json.loads(text) == VALUE


def test_the_command_line_and_the_api_write_the_same_text() -> None:
    assert JSONResponse(VALUE).body.decode() == WRITTEN
    assert json.loads(json_text(VALUE)) == VALUE
    assert json_text(VALUE).replace('": "', '":"') == WRITTEN


def test_a_message_s_unsafe_characters_are_written_as_repr_writes_them() -> None:
    # As the API's messages quoting a value with !r show it; accents and Hebrew kept.
    text = "x\x1b[31m\u202eb\x85c\u2028d \u00e9t\u00e9 \u05e9\u05dc\u05d5\u05dd \\cite"
    assert escape_unsafe_text(text) == repr(text)[1:-1].replace("\\\\", "\\")
    assert escape_unsafe_text(text) == (
        "x\\x1b[31m\\u202eb\\x85c\\u2028d \u00e9t\u00e9 \u05e9\u05dc\u05d5\u05dd \\cite"
    )
