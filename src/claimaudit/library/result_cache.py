"""The results cache kept in the library database: the ``judged_results`` table (schema step 3)
and ``LibraryResultCache``, the ``ResultCache`` (see ``claimaudit.checker.cache``) over it.

The database is opened per call, like the library source does, so one cache object is safe to
share between the threads of a review and never holds the file open between checks. It is only
a cache: a library that cannot be read or written is a miss, never a failed check.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from claimaudit.checker.cache import CacheKey
from claimaudit.errors import LibraryError
from claimaudit.library.cached_rows import cached_row, row_count
from claimaudit.library.store import Library
from claimaudit.net.redaction import mask_url_credentials, redact_text
from claimaudit.records import CheckedRecord, record_from_dict, record_to_dict


class LibraryResultCache:
    """Judged results in the ``judged_results`` table of the library at ``path``."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.hits = 0
        self.misses = 0
        # Judgements this object wrote: an interrupted run says they are kept only when some
        # were (not with a read-only library, nor a judge whose answers are never cached).
        self.stored = 0
        self._lock = threading.Lock()

    def get(self, key: CacheKey) -> CheckedRecord | None:
        record = self._read(key)
        with self._lock:
            if record is None:
                self.misses += 1
            else:
                self.hits += 1
        return record

    def put(self, key: CacheKey, record: CheckedRecord) -> None:
        data = record_to_dict(record)
        data.pop("id", None)  # a batch line id belongs to the batch, not to the judgement
        try:
            with Library.open(self.path, create=False) as library:
                written = _insert(
                    library.connection,
                    key,
                    json.dumps(data, ensure_ascii=False),
                    record.paper_content_hash,
                )
        except (LibraryError, sqlite3.Error):
            return  # only a cache: the record still reaches the caller
        with self._lock:
            self.stored += written

    def count(self) -> int:
        """How many judgements the library keeps."""
        return row_count(self.path, "judged_results")

    def _read(self, key: CacheKey) -> CheckedRecord | None:
        row = cached_row(
            self.path, "SELECT record FROM judged_results WHERE key = ?", (key.digest,)
        )
        if row is None:
            return None
        try:
            record = record_from_dict(json.loads(str(row[0])))
        except (ValueError, ValidationError):
            return None  # written by another schema; judged afresh and overwritten
        return record if isinstance(record, CheckedRecord) else None


def _insert(
    conn: sqlite3.Connection, key: CacheKey, record_json: str, content_hash: str | None
) -> int:
    # One statement, so it is atomic on its own; a rerun of the same pair overwrites. A paper
    # read from the library is stored only while the library still holds that content: one
    # removed or replaced while it was being judged took its judgements with it, and this one
    # would quote the text it no longer has (checked in the same statement, so no removal can
    # come in between).
    held = "" if content_hash is None else _STILL_HELD
    cursor = conn.execute(
        "INSERT OR REPLACE INTO judged_results (key, claim, paper_ref, matched_ref, "
        "fingerprint, judge, judge_identity, record, created_at) "
        f"SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?{held}",
        (
            key.digest,
            mask_url_credentials(key.claim),  # as the record holds it: no secret kept at rest
            key.paper_ref,
            key.matched_ref,
            key.fingerprint,
            key.judge,
            # Kept to be read, beside the digest of it as given: a plugin's identity may name
            # its endpoint with a password, a base URL may hold a ";token=" path parameter.
            redact_text(key.judge_identity),
            record_json,
            datetime.now(UTC).isoformat(timespec="seconds"),
            *(() if content_hash is None else (key.matched_ref, content_hash)),
        ),
    )
    return max(cursor.rowcount, 0)


_STILL_HELD = " WHERE EXISTS (SELECT 1 FROM papers WHERE ref = ? AND content_hash = ?)"
