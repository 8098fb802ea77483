"""Case-blind comparison of any script inside SQLite: its own ``lower()`` and ``LIKE`` fold
ASCII letters only, so "Über" or "Влияние" typed exactly never matched a stored title. Every
library connection registers ``py_casefold``, Python's full case folding after NFKC (so
full-width letters and precomposed or decomposed accents compare equal too)."""

from __future__ import annotations

import sqlite3
import unicodedata

SQL_NAME = "py_casefold"


def folded(text: str) -> str:
    """``text`` as compared case-blind: NFKC, then case-folded ("ß" is "ss")."""
    return unicodedata.normalize("NFKC", text).casefold()


# What SQLite hands a Python function and takes back.
_SqlValue = str | bytes | int | float | None


def _sql_folded(value: _SqlValue) -> _SqlValue:
    # NULL stays NULL, and a non-text value (a blob another tool stored) compares as itself.
    return folded(value) if isinstance(value, str) else value


def register(conn: sqlite3.Connection) -> None:
    """Make ``py_casefold(x)`` callable in ``conn``'s SQL (deterministic: SQLite may reuse it)."""
    conn.create_function(SQL_NAME, 1, _sql_folded, deterministic=True)
