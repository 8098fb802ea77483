"""Guards for text from outside: valid Unicode, and nesting bounded before a parser recurses.

Lone surrogates reach Python strings from invalid UTF-8 in command-line arguments (decoded with
``surrogateescape``) and from JSON escapes such as ``"\\ud800"``; they cannot be written as
UTF-8, so a string holding one must be refused where it enters, not fail deep inside.

Parsers that recurse per nesting level (Python's ``json``, pylatexenc) exhaust the interpreter's
stack on input nested a few hundred levels deep. The scanners here measure the depth in one
linear pass, so input over the limit is refused with a clear message before parsing starts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from claimaudit.errors import InvalidTextError, NestingError

# Real documents nest far less: JSON records a handful of levels, LaTeX a few dozen.
MAX_JSON_DEPTH = 64
MAX_LATEX_DEPTH = 64
MAX_BIBTEX_DEPTH = 64

_SURROGATE = re.compile(r"[\ud800-\udfff]")
# A JSON string (its closing quote optional, so an unterminated one is consumed, not retried
# from every later quote) or a bracket. Possessive quantifiers keep the scan linear.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]', re.DOTALL)
# LaTeX groups and environments; ``\{``, ``\}`` and ``\\`` are escapes, not groups.
_LATEX_TOKEN = re.compile(r"\\(?:begin|end)(?![A-Za-z])|\\[{}\\]|[{}]")
_BRACE_TOKEN = re.compile(r"\\[{}\\]|[{}]")


_ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC: title, hyperlink, clipboard
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"  # DCS, SOS, PM, APC strings
    r"|\x1b[ -/]*[0-~]"  # any other escape sequence
    r"|\x9b[0-?]*[ -/]*[@-~]"  # the 8-bit CSI
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # 8-bit string controls
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # every other control character but tab and newline
    # Bidirectional embeddings, overrides and isolates: they can make "evil.exe" print as
    # something else ("Trojan Source"); right-to-left text reads correctly without them.
    r"|[\u202a-\u202e\u2066-\u2069]"
)


# What a refusal calls a character it names; any other is "a control character".
CONTROL_NAMES = {
    "\x00": "a null character",
    "\t": "a tab",
    "\n": "a line feed",
    "\r": "a carriage return",
    "\x7f": "a delete character",
    "\u202a": "a left-to-right embedding",
    "\u202b": "a right-to-left embedding",
    "\u202c": "a pop directional formatting",
    "\u202d": "a left-to-right override",
    "\u202e": "a right-to-left override",
}
# What no one-line name (a model id) holds: any control character, tab and line breaks too,
# and the bidi controls, which make it read otherwise on screen than in a request.
_NAME_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def name_problem(value: str, what: str) -> str | None:
    """Why ``value`` cannot be a one-line name such as a model id, naming ``what`` (a flag, a
    variable) and the first character it must not hold, never echoing it; None when it can."""
    problem = text_problem(value, what)
    if problem is not None:
        return problem
    match = _NAME_CONTROL.search(value)
    if match is None:
        return None
    char = match.group()
    name = CONTROL_NAMES.get(char, "a control character")
    return f"{what} holds U+{ord(char):04X} ({name}) at character {match.start() + 1}"


def without_controls(text: str) -> str:
    """``text`` without escape sequences, control characters (but tab and newline) or
    bidirectional overrides: text from outside that a terminal or a page would obey."""
    return _ESCAPE.sub("", text)


def text_problem(value: str, what: str) -> str | None:
    """Why ``value`` is not valid text, naming ``what`` and where (never echoing the bad
    text), or None when it is."""
    match = _SURROGATE.search(value)
    if match is None:
        return None
    return (
        f"{what} is not valid text: invalid UTF-8 or a lone surrogate at character "
        f"{match.start() + 1}"
    )


def check_text(value: str, what: str) -> str:
    """``value`` unchanged, or InvalidTextError naming ``what`` (never echoing the bad text)."""
    problem = text_problem(value, what)
    if problem is not None:
        raise InvalidTextError(problem)
    return value


def has_surrogates(value: str) -> bool:
    return _SURROGATE.search(value) is not None


def scrub_surrogates(value: str) -> str:
    """Lone surrogates replaced by U+FFFD: for text extracted from files, which is kept."""
    return _SURROGATE.sub("\ufffd", value)


def as_text(value: str) -> str:
    """``value`` made encodable: an undecodable byte of a file name (decoded by Python with
    ``surrogateescape``) shown as ``\\xff``, any other lone surrogate as ``\\ud800``."""
    try:
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return value.encode("utf-8", "backslashreplace").decode("utf-8")


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _peak(text: str, tokens: re.Pattern[str], opening: frozenset[str], limit: int) -> int | None:
    """The offset where nesting first passes ``limit``, or None."""
    depth = 0
    for match in tokens.finditer(text):
        token = match.group()
        if token[0] == '"' or token in ("\\{", "\\}", "\\\\"):
            continue
        if token in opening:
            depth += 1
            if depth > limit:
                return match.start()
        elif depth:
            depth -= 1
    return None


def check_json_depth(text: str, limit: int = MAX_JSON_DEPTH) -> None:
    where = _peak(text, _JSON_TOKEN, frozenset("[{"), limit)
    if where is not None:
        raise NestingError(f"JSON nested more than {limit} levels deep (at character {where + 1})")


def load_json(
    text: str,
    limit: int = MAX_JSON_DEPTH,
    *,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
) -> Any:
    """``json.loads`` for untrusted text: NestingError past ``limit`` levels, else
    json.JSONDecodeError for text that is not JSON."""
    check_json_depth(text, limit)
    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:
        raise too_long_number(exc, text) from exc


class NumberTooLongError(json.JSONDecodeError):
    """JSON as written, holding a whole number too long for Python to read: a caller asking
    whether text is JSON of some shape can tell it from text that is not JSON at all."""


def too_long_number(error: ValueError, text: str) -> json.JSONDecodeError:
    """The JSONDecodeError (a ``NumberTooLongError``) for the plain ValueError ``json.loads``
    raises on ``text``.

    Python refuses to read a whole number of more than sys.get_int_max_str_digits() digits
    (4,300 by default) with a plain ValueError, which callers would not expect."""
    why = str(error).split(";")[0]
    return NumberTooLongError(f"a number too long to read: {why}", text, 0)


def check_latex_depth(text: str, limit: int = MAX_LATEX_DEPTH) -> None:
    where = _peak(text, _LATEX_TOKEN, frozenset({"{", "\\begin"}), limit)
    if where is not None:
        raise NestingError(
            f"groups and environments nested more than {limit} levels deep "
            f"(line {line_of(text, where)})"
        )


def check_brace_depth(text: str, limit: int = MAX_BIBTEX_DEPTH) -> None:
    where = _peak(text, _BRACE_TOKEN, frozenset("{"), limit)
    if where is not None:
        line = line_of(text, where)
        raise NestingError(f"braces nested more than {limit} levels deep (line {line})")
