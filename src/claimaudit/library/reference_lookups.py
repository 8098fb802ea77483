"""The reference look-ups cache kept in the library database: the ``reference_lookups`` table
(schema step 5) and ``LibraryReferenceCache``, what arXiv or Crossref said about an identifier,
so that a second review does not ask again.

An answer older than ``max_age`` (default 30 days) is asked again: a paper may be retracted or
withdrawn after it was first checked. The database is opened per call, as the results cache
does; a library that cannot be opened or written is only a cache: the verifier then asks the
catalogue and carries on.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from claimaudit.errors import LibraryError
from claimaudit.library.cached_rows import cached_row, row_count
from claimaudit.library.store import Library

MAX_AGE = timedelta(days=30)


@dataclass(frozen=True)
class StoredLookup:
    identifier: str
    source: str
    outcome: str  # "found" or "not_found"
    record: str | None  # the catalogue record as JSON, when found
    reason: str
    checked_at: str  # ISO 8601, UTC


class LibraryReferenceCache:
    """Catalogue answers in the ``reference_lookups`` table of the library at ``path``."""

    def __init__(self, path: Path | None = None, *, max_age: timedelta = MAX_AGE) -> None:
        self.path = path
        self.max_age = max_age
        self.hits = 0

    def get(self, identifier: str) -> StoredLookup | None:
        row = cached_row(
            self.path,
            "SELECT identifier, source, outcome, record, reason, checked_at "
            "FROM reference_lookups WHERE identifier = ?",
            (identifier,),
        )
        if row is None:
            return None
        found = StoredLookup(*row)
        try:
            when = datetime.fromisoformat(found.checked_at)
        except ValueError:
            return None
        if datetime.now(UTC) - when > self.max_age:
            return None
        self.hits += 1
        return found

    def put(self, lookup: StoredLookup) -> None:
        try:
            with Library.open(self.path, create=True) as library:
                # One statement, atomic on its own; a newer answer replaces the older one.
                library.connection.execute(
                    "INSERT OR REPLACE INTO reference_lookups "
                    "(identifier, source, outcome, record, reason, checked_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        lookup.identifier,
                        lookup.source,
                        lookup.outcome,
                        lookup.record,
                        lookup.reason,
                        lookup.checked_at,
                    ),
                )
        except (LibraryError, sqlite3.Error):
            return

    def count(self) -> int:
        """How many catalogue answers the library keeps."""
        return row_count(self.path, "reference_lookups")
