"""A ``ResultCache`` kept in the library database, next to the papers it judged.

The database is opened per call, like the library source does, so one cache object is safe to
share between the threads of a review and never holds the file open between checks.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from pydantic import ValidationError

from claimaudit.cache import CacheKey
from claimaudit.errors import LibraryError
from claimaudit.library.store import Library
from claimaudit.records import CheckedRecord, record_from_dict, record_to_dict


class LibraryResultCache:
    """Judged results in the ``judged_results`` table of the library at ``path``."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.hits = 0
        self.misses = 0
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
                library.results().put(key, json.dumps(data, ensure_ascii=False))
        except (LibraryError, sqlite3.Error):
            return  # only a cache: the record still reaches the caller

    def _read(self, key: CacheKey) -> CheckedRecord | None:
        try:
            with Library.open(self.path, create=False) as library:
                stored = library.results().get(key.digest)
        except (LibraryError, sqlite3.Error):
            return None
        if stored is None:
            return None
        try:
            record = record_from_dict(json.loads(stored))
        except (ValueError, ValidationError):
            return None  # written by another schema; judged afresh and overwritten
        return record if isinstance(record, CheckedRecord) else None
