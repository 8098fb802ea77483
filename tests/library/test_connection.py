"""Opening the library file: a folder that may not be written is named as the cause."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from claimaudit.errors import LibraryMissingError, LibraryOpenError
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


def test_what_is_not_a_regular_file_is_refused_before_sqlite_opens_it(tmp_path: Path) -> None:
    fifo = tmp_path / "lib.fifo"
    os.mkfifo(fifo)
    for path in (Path("/dev/null"), fifo):
        with pytest.raises(LibraryOpenError, match=r": it is not a regular file$"):
            Library.open(path, create=False)


def test_an_empty_file_is_no_library_to_read_and_is_left_empty(tmp_path: Path) -> None:
    empty = tmp_path / "lib.sqlite3"
    empty.touch()
    with pytest.raises(LibraryMissingError, match=r"^no library at "):
        Library.open(empty, create=False)
    assert empty.stat().st_size == 0  # no schema written into it
    Library.open(empty).close()  # a command that adds makes it one
    assert empty.stat().st_size > 0
