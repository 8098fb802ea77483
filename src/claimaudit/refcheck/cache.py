"""Catalogue answers kept in the library (table ``reference_lookups``), so a reference is asked
about once a month, not on every review.

An answer older than ``max_age`` (default 30 days) is asked again: a paper may be retracted or
withdrawn after it was first checked. A library that cannot be opened or written is only a
cache: the verifier then asks the catalogue and carries on.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from claimaudit.library.errors import LibraryError
from claimaudit.library.reference_lookups import StoredLookup
from claimaudit.library.store import Library

MAX_AGE = timedelta(days=30)


class LibraryReferenceCache:
    def __init__(self, path: Path | None = None, *, max_age: timedelta = MAX_AGE) -> None:
        self.path = path
        self.max_age = max_age
        self.hits = 0

    def get(self, identifier: str) -> StoredLookup | None:
        try:
            with Library.open(self.path, create=False) as library:
                found = library.reference_lookups().get(identifier)
        except (LibraryError, sqlite3.Error):
            return None
        if found is None:
            return None
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
                library.reference_lookups().put(lookup)
        except (LibraryError, sqlite3.Error):
            return
