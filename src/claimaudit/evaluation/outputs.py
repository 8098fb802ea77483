"""Which files ``eval`` may write its rows and figures over: a new or empty one, a stream, or
one an earlier ``eval`` wrote. Anything else (a draft, a batch's records, the dataset itself
under another name) would be replaced whole at the end of the run, as ``batch --out`` refuses
to append to it."""

from __future__ import annotations

import json
from pathlib import Path

from claimaudit.guards.stdio_names import is_stream

# An earlier eval's first row (a record, its claim under 2,000 characters, with the gold) or
# summary is far below this: past it, the file is no eval output.
_READ_LIMIT = 1024 * 1024


def _object(text: bytes) -> dict[str, object] | None:
    try:
        data = json.loads(text)
    except ValueError:  # not JSON, or not UTF-8
        return None
    return data if isinstance(data, dict) else None


def _first_line(path: Path) -> bytes:
    with path.open("rb") as handle:
        for line in iter(lambda: handle.readline(_READ_LIMIT), b""):
            if line.strip():
                return line
    return b""


def is_eval_rows(path: Path) -> bool:
    """Whether ``--out`` may be replaced: missing, a stream, empty, or starting with a row of
    an earlier eval (a record with its ``gold``)."""
    if not path.exists() or is_stream(path):
        return True
    first = _first_line(path)
    row = _object(first)
    return not first or (row is not None and "gold" in row and "verdict" in row)


def is_eval_summary(path: Path) -> bool:
    """Whether ``--summary`` may be replaced: missing, a stream, empty, or an earlier eval's
    figures."""
    if not path.exists() or is_stream(path):
        return True
    with path.open("rb") as handle:
        text = handle.read(_READ_LIMIT + 1)
    figures = _object(text) if len(text) <= _READ_LIMIT else None
    return not text.strip() or (figures is not None and "macroF1" in figures)
