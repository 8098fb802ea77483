"""Text from drafts, references and papers made safe to print on a terminal.

A paper or a draft may hold escape sequences (ANSI colours, OSC 8 links, OSC 52 clipboard writes,
cursor moves, a carriage return that overwrites the line) that a terminal would obey. Whatever
such a source supplies is printed through ``shown``: escape sequences, control characters and
bidirectional overrides go, newlines and tabs stay (in a one-line field, ``shown_line``, a line
break is a space), and an undecodable byte of a file name is
written as ``\\xff`` instead of failing to encode. JSON printed to a terminal gets the same
treatment as escapes.
"""

from __future__ import annotations

import json
import re

from rich.text import Text

from claimaudit.guards.jsonsafe import escape_unsafe
from claimaudit.guards.untrusted import as_text, without_controls


def shown(text: str) -> str:
    """``text`` without escape sequences or control characters, encodable as UTF-8."""
    return as_text(without_controls(text))


# What ends a line on a terminal or in a reader: in a one-line field (a title, a reference, a
# file name) it would print a line that forges output ("ref: local:fake").
_LINE_BREAK = re.compile(r"\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")


def shown_line(text: str) -> str:
    """``shown(text)`` for a one-line field: each line or paragraph break a space."""
    return shown(_LINE_BREAK.sub(" ", text))


def shown_line_text(text: str, style: str = "") -> Text:
    """A rich ``Text`` of ``shown_line(text)``."""
    return Text(shown_line(text), style=style)


def shown_text(text: str, style: str = "") -> Text:
    """A rich ``Text`` of ``shown(text)``: never markup, never an escape sequence."""
    return Text(shown(text), style=style)


def json_text(value: object, *, indent: int | None = None) -> str:
    """``value`` as JSON (non-ASCII kept) that is also safe on a terminal: the control
    characters json leaves raw (DEL, the C1 range) are written as ``\\u`` escapes."""
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    return escape_unsafe(text)
