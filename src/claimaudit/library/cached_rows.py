"""Reading the caches the library database keeps (judged results, reference look-ups): opened
per call, and only a cache, so a library that cannot be read is a miss, never a failure."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from claimaudit.errors import LibraryError
from claimaudit.library.store import Library


def cached_row(
    path: Path | None, sql: str, parameters: tuple[object, ...]
) -> tuple[Any, ...] | None:
    """The first row ``sql`` finds in the library at ``path`` (the default one for None); None
    when it finds none, or the library cannot be opened or read."""
    try:
        with Library.open(path, create=False) as library:
            row = library.connection.execute(sql, parameters).fetchone()
    except (LibraryError, sqlite3.Error):
        return None
    return None if row is None else tuple(row)


def row_count(path: Path | None, table: str) -> int:
    """How many rows ``table`` of the library at ``path`` holds; LibraryError (or
    sqlite3.Error) when it cannot be read, as the count is asked for, not a cache read.
    ``table`` is one of the package's own tables, never a user's text."""
    with Library.open(path, create=False) as library:
        row = library.connection.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(row[0])
