"""The ``judged_results`` table (schema step 3): judged records kept for reuse.

Only SQL lives here; ``claimaudit.library.result_cache`` turns it into a ``ResultCache``.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from claimaudit.cache import CacheKey


class ResultTable:
    """Reads and writes judged results on an open library connection (autocommit mode)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def get(self, digest: str) -> str | None:
        row = self._conn.execute(
            "SELECT record FROM judged_results WHERE key = ?", (digest,)
        ).fetchone()
        return None if row is None else str(row[0])

    def put(self, key: CacheKey, record_json: str) -> None:
        # One statement, so it is atomic on its own; a rerun of the same pair overwrites.
        self._conn.execute(
            "INSERT OR REPLACE INTO judged_results (key, claim, paper_ref, matched_ref, "
            "fingerprint, judge, judge_identity, record, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key.digest,
                key.claim,
                key.paper_ref,
                key.matched_ref,
                key.fingerprint,
                key.judge,
                key.judge_identity,
                record_json,
                datetime.now(UTC).isoformat(timespec="seconds"),
            ),
        )

    def count(self) -> int:
        return int(self._conn.execute("SELECT count(*) FROM judged_results").fetchone()[0])
