"""Opening the library file: a folder that may not be written is named as the cause."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.library.store import Library
from tests.library.damaging import make_library
from tests.permissions import ordinary_permissions


@contextmanager
def _read_only(folder: Path) -> Iterator[None]:
    folder.chmod(0o555)
    try:
        with ordinary_permissions():
            yield
    finally:
        folder.chmod(0o755)


def _folder_hint(folder: Path) -> str:
    return (
        f"(its folder {folder} may not be written, and SQLite keeps the -wal and -shm files there)"
    )


def test_a_new_library_in_a_folder_that_may_not_be_written_says_why(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    with _read_only(tmp_path), pytest.raises(LibraryOpenError) as raised:
        Library.open(path)
    assert str(raised.value) == (
        f"cannot open library {path}: unable to open database file {_folder_hint(tmp_path)}"
    )
    assert not path.exists()


def test_a_library_in_a_folder_that_may_not_be_written_says_why(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    with _read_only(tmp_path), pytest.raises(LibraryOpenError) as raised:
        Library.open(path, create=False)
    # SQLite's own words name the file (SQLITE_READONLY_DIRECTORY); the folder is the cause.
    assert str(raised.value) == (
        f"cannot open library {path}: attempt to write a readonly database {_folder_hint(tmp_path)}"
    )


def test_a_read_only_file_in_a_writable_folder_is_read(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    path.chmod(0o444)
    try:
        with ordinary_permissions(), Library.open(path, create=False) as library:
            assert library.count_papers() == 2
    finally:
        path.chmod(0o644)
