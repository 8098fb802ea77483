"""The ``reference_lookups`` table (schema step 5): what arXiv or Crossref said about an
identifier, kept so that a second review does not ask again.

Only SQL lives here; ``claimaudit.refcheck.cache`` turns it into the verifier's cache.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True)
class StoredLookup:
    identifier: str
    source: str
    outcome: str  # "found" or "not_found"
    record: str | None  # the catalogue record as JSON, when found
    reason: str
    checked_at: str  # ISO 8601, UTC


class ReferenceLookupTable:
    """Reads and writes catalogue answers on an open library connection (autocommit mode)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def get(self, identifier: str) -> StoredLookup | None:
        row = self._conn.execute(
            "SELECT identifier, source, outcome, record, reason, checked_at "
            "FROM reference_lookups WHERE identifier = ?",
            (identifier,),
        ).fetchone()
        return None if row is None else StoredLookup(*row)

    def put(self, lookup: StoredLookup) -> None:
        # One statement, atomic on its own; a newer answer replaces the older one.
        self._conn.execute(
            "INSERT OR REPLACE INTO reference_lookups "
            "(identifier, source, outcome, record, reason, checked_at) VALUES (?, ?, ?, ?, ?, ?)",
            (
                lookup.identifier,
                lookup.source,
                lookup.outcome,
                lookup.record,
                lookup.reason,
                lookup.checked_at,
            ),
        )

    def count(self) -> int:
        return int(self._conn.execute("SELECT count(*) FROM reference_lookups").fetchone()[0])
