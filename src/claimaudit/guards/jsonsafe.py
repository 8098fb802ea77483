"""JSON text that is safe to show: characters a terminal or a page would obey, written as
``\\u`` escapes. The command line's ``--json`` output and the HTTP API's responses use this one
rule, so both write the same text for the same value.

``json.dumps(..., ensure_ascii=False)`` leaves DEL, the C1 controls, the line and paragraph
separators and the bidirectional embeddings, overrides and isolates raw ("Trojan Source": they
can make text read as something else). Inside JSON these can only sit in strings, where the
escape means the same text to any JSON reader (a lone surrogate included, which could not be
written as UTF-8).
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(r"[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def escape_unsafe(json_text: str) -> str:
    """``json_text`` (written by ``json.dumps``) with the characters above as ``\\u`` escapes."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)


# The same characters, and the C0 controls (ESC starts a terminal's escape sequence), which
# JSON escapes itself but a message's reader then gets raw.
_UNSAFE_IN_TEXT = re.compile(r"[\x00-\x1f]|" + _UNSAFE.pattern)


def escape_unsafe_text(text: str) -> str:
    """``text`` (a message, not JSON) with the characters above written as Python writes them
    in a ``repr`` (``\\x1b``, ``\\u202e``), as a message quoting a value with ``!r`` shows
    them: what a client then prints cannot recolour a terminal or reorder a line."""

    def escaped(match: re.Match[str]) -> str:
        code = ord(match.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _UNSAFE_IN_TEXT.sub(escaped, text)
