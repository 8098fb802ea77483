"""The library's derived tables: a cache table that cannot be recreated is said once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from claimaudit.library import _derived
from claimaudit.library._derived import recreate_missing_caches
from tests.library.damaging import execute, make_library


def _read_only(path: Path) -> sqlite3.Connection:
    # mode=ro: a file this process may not write (file permissions do not bind root).
    return sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, isolation_level=None)


def test_a_cache_that_cannot_be_made_is_warned_about_once_per_library(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fresh process: no library warned about yet (raising=False: older code lacks the set).
    monkeypatch.setattr(_derived, "_WARNED_UNWRITABLE", set(), raising=False)
    first, second = (make_library(tmp_path / f"{n}.sqlite3") for n in ("a", "b"))
    for path in (first, second):
        execute(path, "DROP TABLE judged_results")
    with caplog.at_level("WARNING", logger="claimaudit.library._derived"):
        for path in (first, first, first, second):  # the server opens it for every request
            conn = _read_only(path)
            try:
                recreate_missing_caches(conn, str(path))
            finally:
                conn.close()
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2
    assert [str(first) in said[0], str(second) in said[1]] == [True, True]
    assert all("cannot be made" in line for line in said)
