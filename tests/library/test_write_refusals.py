"""A write the system refuses (a read-only file, no room, a file size limit) is one line that
names the library and the cause, and leaves the library as it was: SQLite's "library database
error: attempt to write a readonly database" named neither."""

from __future__ import annotations

import sqlite3
import textwrap
from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import make_library
from tests.permissions import ordinary_permissions
from tests.signals import run_python_limited


def _paper(ref: str, count: int = 1, words: int = 8) -> NewPaper:
    passages = [
        Passage(f"P{i:05d}", f"Passage {i} says " + "sleep helps memory " * words, "Intro")
        for i in range(1, count + 1)
    ]
    return NewPaper(parse_ref(ref), "Sleep", passages, f"hash-{ref}-{count}")


def _papers(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return [r[0] for r in conn.execute("SELECT ref FROM papers ORDER BY ref")]


def test_a_read_only_library_file_names_itself_and_why(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    before = _papers(path)
    path.chmod(0o444)
    try:
        with ordinary_permissions(), Library.open(path, create=False) as library:
            with pytest.raises(LibraryOpenError) as added:
                library.add_paper(_paper("local:notes"))
            with pytest.raises(LibraryOpenError) as removed:
                library.remove(parse_ref(before[0]))
    finally:
        path.chmod(0o644)
    said = (
        f"cannot write library {path}: the file may not be written (attempt to write a "
        "readonly database); nothing was written"
    )
    assert str(added.value) == str(removed.value) == said
    assert _papers(path) == before


def test_a_library_full_to_its_page_limit_names_itself(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    before = _papers(path)
    with Library.open(path, create=False) as library:
        # SQLite's own "database or disk is full" (SQLITE_FULL), with room left on the disk.
        pages = library.connection.execute("PRAGMA page_count").fetchone()[0]
        library.connection.execute(f"PRAGMA max_page_count = {pages + 2}")
        with pytest.raises(LibraryOpenError) as raised:
            library.add_paper(_paper("local:notes", count=200))
    assert str(raised.value) == (
        f"cannot write library {path}: database or disk is full; nothing was written"
    )
    assert _papers(path) == before


def test_a_file_size_limit_met_while_writing_names_the_library_and_the_limit(
    tmp_path: Path,
) -> None:
    # A real limit (ulimit -f) in a child: its writes past it fail with EFBIG, which SQLite
    # calls a bare "disk I/O error". Python ignores SIGXFSZ, so the child lives to say so.
    path = make_library(tmp_path / "lib.sqlite3")
    before = _papers(path)
    # Room for the library and SQLite's 32 KiB -shm file, not for 2,000 more passages.
    limit = path.stat().st_size + 256 * 1024
    code = textwrap.dedent(
        f"""
        from pathlib import Path
        from claimaudit.errors import LibraryError
        from claimaudit.library.store import Library
        from tests.library.test_write_refusals import _paper
        with Library.open(Path({str(path)!r}), create=False) as library:
            try:
                library.add_paper(_paper("local:big", count=2000, words=20))
            except LibraryError as error:
                print(error)
        """
    )
    assert _said_under_a_file_size_limit(code, limit) == _size_limit_met(path)
    assert _papers(path) == before


def test_a_file_size_limit_met_by_a_new_librarys_first_import_is_said(tmp_path: Path) -> None:
    # A first add writes a hidden draft, not the library's path: the limit was told from the
    # path's size (no file yet), so the line gave only "disk I/O error".
    path = tmp_path / "new.sqlite3"
    limit = 256 * 1024
    code = textwrap.dedent(
        f"""
        from pathlib import Path
        from claimaudit.errors import LibraryError
        from claimaudit.library.first_add import library_for_adding
        from tests.library.test_write_refusals import _paper
        try:
            with library_for_adding(Path({str(path)!r})) as library:
                library.add_paper(_paper("local:big", count=2000, words=20))
        except LibraryError as error:
            print(error)
        """
    )
    assert _said_under_a_file_size_limit(code, limit) == _size_limit_met(path)
    assert list(tmp_path.iterdir()) == []  # no library, no draft left


def _said_under_a_file_size_limit(code: str, limit: int) -> str:
    """What ``code`` prints, run in a process whose files may grow to ``limit`` bytes."""
    done = run_python_limited(code, limit, path=(Path(__file__).resolve().parents[2],))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _size_limit_met(path: Path) -> str:
    """The line a library write at the file size limit is refused with."""
    return (
        f"cannot write library {path}: it has reached this process's file size limit (disk "
        "I/O error); nothing was written; raise the limit (ulimit -f) and try again"
    )
