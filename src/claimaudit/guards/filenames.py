"""A file's name as a message prints it: the very file, and safe on a terminal.

Messages are made safe to print by dropping control characters (``untrusted.without_controls``),
so that no escape sequence reaches the terminal. For a file name that made the message name
another file: ``--out $'bad\\x01name.jsonl'`` was reported as ``wrote 3 records to
badname.jsonl``, and the advice to rerun with that name resumed nothing. A name holding such a
character is written instead in the shell's ``$'...'`` quoting, each such character escaped:
nothing a terminal obeys is left in it, it names that one file, and a command copied from the
message works. Any other name is printed as it is.
"""

from __future__ import annotations

import os
import re

# What a terminal would obey or ``shown`` would drop or change: control characters (tab and
# line breaks included: in a one-line message they would break it), bidirectional controls,
# and lone surrogates (an undecodable byte of the name, decoded with ``surrogateescape``).
_UNSHOWN = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
# Inside $'...' a backslash and a single quote are escaped too.
_ESCAPED = re.compile(_UNSHOWN.pattern[:-1] + r"\\'" + "]")
_SHORT = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", "'": "\\'"}


def shown_name(name: str | os.PathLike[str]) -> str:
    """``name`` as it is, or in ``$'...'`` quoting when it holds a character that a terminal
    would obey or that would not print (see the module's docstring)."""
    text = os.fspath(name)
    if not _UNSHOWN.search(text):
        return text
    return "$'" + _ESCAPED.sub(_escape, text) + "'"


def name_spellings(name: str | os.PathLike[str]) -> tuple[str, ...]:
    """Each way a message may spell ``name``, longest first: as ``shown_name`` prints it, as it
    is, and escaped as inside ``$'...'`` (a longer quoted name, ``$'dir\\x01/a.db'``, holds
    its folder so). Whoever hides a name (the server hides its library's path) replaces them
    all, or the quoted form would still tell it."""
    text = os.fspath(name)
    spellings = {shown_name(text), text, _ESCAPED.sub(_escape, text)}
    return tuple(sorted(spellings, key=len, reverse=True))


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char in _SHORT:
        return _SHORT[char]
    if 0xDC80 <= code <= 0xDCFF:  # the byte surrogateescape kept: bash's \xff is that byte
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x80:
        return f"\\x{code:02x}"
    # A character, not a byte: bash's \u0085 is its UTF-8 encoding, as the name holds it.
    return f"\\u{code:04x}"
