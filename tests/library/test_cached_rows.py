"""The library's caches are read as caches: a library that cannot be read is a miss."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import LibraryError
from claimaudit.library.cached_rows import cached_row, row_count
from claimaudit.library.store import Library

_LOOKUP = "SELECT identifier, outcome FROM reference_lookups WHERE identifier = ?"


def _library_with_a_lookup(path: Path) -> Path:
    with Library.open(path) as library:
        library.connection.execute(
            "INSERT INTO reference_lookups (identifier, source, outcome, record, reason, "
            "checked_at) VALUES ('doi:10.1/x', 'crossref', 'found', NULL, '', "
            "'2026-01-01T00:00:00+00:00')"
        )
        library.connection.commit()
    return path


def test_a_row_found_is_given_and_one_not_found_is_none(tmp_path: Path) -> None:
    path = _library_with_a_lookup(tmp_path / "library.sqlite3")
    assert cached_row(path, _LOOKUP, ("doi:10.1/x",)) == ("doi:10.1/x", "found")
    assert cached_row(path, _LOOKUP, ("doi:10.1/y",)) is None
    assert row_count(path, "reference_lookups") == 1


def test_a_library_that_cannot_be_read_is_a_miss_but_its_count_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    assert cached_row(missing, _LOOKUP, ("doi:10.1/x",)) is None
    not_a_library = tmp_path / "notes.sqlite3"
    not_a_library.write_text("not a database", encoding="utf-8")
    assert cached_row(not_a_library, _LOOKUP, ("doi:10.1/x",)) is None
    with pytest.raises(LibraryError):
        row_count(missing, "reference_lookups")
    assert not missing.exists()  # read, never made
