"""Where the lines of a JSON Lines file end, a lone carriage return included.

A line ends at "\\r\\n", "\\n" or a lone "\\r" (a classic Mac OS file). But JSON allows a raw
"\\r" as whitespace between tokens (``{"id": 1,\\r"claim": ...}``), and splitting there made two
bad lines of one good one. So a line holding a lone "\\r" that is one JSON value with it stays
one line; a "\\r" before or after the value, or between two values, still ends a line. The
split depends on the line alone, so a file is numbered the same by every run.
"""

from __future__ import annotations

import json

from claimaudit.errors import NestingError
from claimaudit.guards.untrusted import load_json

_BOM = b"\xef\xbb\xbf"


def split_on_lone_cr(body: bytes) -> list[bytes]:
    """``body`` (a line without its "\\n" or "\\r\\n") as the lines its lone "\\r"s end."""
    if b"\r" not in body or _one_value_across_cr(body):
        return [body]
    return body.split(b"\r")


def _one_value_across_cr(body: bytes) -> bool:
    """Whether ``body`` is one JSON value with each "\\r" between its tokens."""
    inner = body.removeprefix(_BOM).strip(b" \t")
    if inner.startswith(b"\r") or inner.endswith(b"\r"):
        return False  # blank lines of a classic Mac file before or after a line
    try:
        load_json(inner.decode("utf-8", "replace"))
    except (ValueError, NestingError):  # JSONDecodeError and a too-long number among them
        return False
    return True


def json_problem(error: json.JSONDecodeError) -> str:
    """Why a line is not JSON, in json's words but where it stopped at a raw control character:
    that character named, and how to write it ("Invalid control character at" named neither,
    and a NUL byte between tokens, as a binary file holds them, was "Expecting value")."""
    at = error.doc[error.pos] if 0 <= error.pos < len(error.doc) else ""
    in_string = error.msg.startswith("Invalid control character")
    if not at or ord(at) >= 0x20 or (at in " \t\n\r" and not in_string):
        return error.msg
    name = "NUL byte" if at == "\x00" else f"control character U+{ord(at):04X}"
    if in_string:
        return f"a raw {name} in a string; write it as \\u{ord(at):04x}"
    return f"a raw {name} outside a string"
