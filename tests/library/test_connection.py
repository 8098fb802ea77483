"""Opening the library file: a folder that may not be written is named as the cause."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from claimaudit.errors import LibraryMissingError, LibraryOpenError
from claimaudit.library import _connection
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


class _Full:
    """What ``os.statvfs`` reports for a file system with no room left."""

    f_bavail = 0
    f_frsize = 4096


def _disk_io_error(*_: object, **__: object) -> None:
    # What SQLite raises on a full disk when it cannot grow the -shm file, even to read.
    raise sqlite3.OperationalError("disk I/O error")


@pytest.mark.parametrize("full", [True, False])
def test_a_library_on_a_full_disk_says_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, full: bool
) -> None:
    path = make_library(tmp_path / "library.sqlite3")
    monkeypatch.setattr(_connection, "migrate", _disk_io_error)
    if full:
        monkeypatch.setattr(os, "statvfs", lambda _: _Full())
    with pytest.raises(LibraryOpenError) as caught:
        Library.open(path, create=False)
    if full:
        expected = "the disk holding it is full (disk I/O error); free some space and try again"
    else:
        expected = "disk I/O error"  # another cause: SQLite's words, nothing guessed
    assert str(caught.value) == f"cannot open library {path}: {expected}"
