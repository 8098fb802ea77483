"""The schema runner (``library._migrations``): a new library made at the latest version, an
older one upgraded step by step and said so, and what it refuses (a newer or foreign file)."""

from __future__ import annotations

import os
import signal
import sqlite3
from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.library import _migrations
from claimaudit.library._migrations import APPLICATION_ID, LATEST_VERSION, migrate
from claimaudit.library.store import Library
from tests.library.old_libraries import (
    open_at,
)
from tests.permissions import ordinary_permissions


def test_new_library_is_at_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    Library.open(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION >= 2
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_library_from_the_future_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    Library.open(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(LibraryOpenError, match="newer than this claimaudit"):
        Library.open(path)


def test_an_older_library_that_may_not_be_written_says_it_must_be_upgraded(
    tmp_path: Path,
) -> None:
    # A library at this version opens read-only; an older one must be upgraded first, which
    # failed as "could not upgrade library ... to schema version 5 (catalogue answers about
    # cited references ...): attempt to write a readonly database", naming neither the
    # older claimaudit nor what to do.
    path = tmp_path / "old.sqlite3"
    conn = open_at(path, 4)
    conn.execute("PRAGMA journal_mode = WAL")  # as every claimaudit library has been
    conn.close()
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        with ordinary_permissions(), pytest.raises(LibraryOpenError) as refused:
            Library.open(path)
    finally:
        path.chmod(0o644)
    assert str(refused.value) == (
        f"library {path} was made by an older claimaudit (schema version 4) and must be "
        f"upgraded to version {LATEST_VERSION} before this one can use it, but the file may "
        "not be written (attempt to write a readonly database); let it be written once, or use "
        "a copy"
    )
    assert path.read_bytes() == before
    with Library.open(path) as library:  # once it may be written, it upgrades as ever
        assert library.list_papers() == []


def test_other_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE stuff (x)")
    with pytest.raises(LibraryOpenError, match="not a claimaudit library"):
        Library.open(path)
    with sqlite3.connect(path) as conn:  # and it was not touched
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0


def test_non_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(LibraryOpenError, match="cannot open library"):
        Library.open(path)


def test_missing_library_without_create(tmp_path: Path) -> None:
    with pytest.raises(LibraryOpenError, match="no library at"):
        Library.open(tmp_path / "absent.sqlite3", create=False)
    assert not (tmp_path / "absent.sqlite3").exists()


def test_failed_step_rolls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from claimaudit.library import _migrations

    broken = _migrations.Migration(2, "broken", ("CREATE TABLE x (a)", "NOT SQL AT ALL"))
    monkeypatch.setattr(_migrations, "MIGRATIONS", (_migrations.MIGRATIONS[0], broken))
    monkeypatch.setattr(_migrations, "LATEST_VERSION", 2)
    conn = sqlite3.connect(tmp_path / "lib.sqlite3", isolation_level=None)
    assert _migrations.migrate(conn, target=1) == 1
    with pytest.raises(LibraryOpenError, match="schema version 2"):
        _migrations.migrate(conn, target=2)
    assert _migrations.schema_version(conn) == 1
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "x" not in tables and "papers" in tables


def test_failed_creation_leaves_an_empty_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new library is made in one transaction: all of its steps, or none of them."""
    from claimaudit.library import _migrations

    broken = _migrations.Migration(2, "broken", ("CREATE TABLE x (a)", "NOT SQL AT ALL"))
    monkeypatch.setattr(_migrations, "MIGRATIONS", (_migrations.MIGRATIONS[0], broken))
    monkeypatch.setattr(_migrations, "LATEST_VERSION", 2)
    conn = sqlite3.connect(tmp_path / "lib.sqlite3", isolation_level=None)
    with pytest.raises(LibraryOpenError, match="could not create the library"):
        _migrations.migrate(conn, target=2)
    assert _migrations.schema_version(conn) == 0
    assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


def test_a_step_applied_meanwhile_by_another_connection_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimaudit.library import _migrations

    path = tmp_path / "lib.sqlite3"
    first = open_at(path, 2)
    second = sqlite3.connect(path, isolation_level=None)
    assert migrate(first) == LATEST_VERSION  # one connection upgrades the file...
    real = _migrations.schema_version
    stale = iter([2])  # ...after the other read version 2, before it took the write lock
    monkeypatch.setattr(_migrations, "schema_version", lambda c: next(stale, None) or real(c))
    assert migrate(second) == LATEST_VERSION  # its upgrade skips the step already applied
    tables = [r[0] for r in second.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert tables.count("judged_results") == 1


def test_an_upgrade_is_said_and_a_new_library_is_not(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    old = tmp_path / "old.sqlite3"
    open_at(old, 1).close()
    with caplog.at_level("WARNING", logger="claimaudit.library._migrations"):
        Library.open(tmp_path / "new.sqlite3").close()
        assert caplog.records == []
        Library.open(old).close()
    [said] = [r.getMessage() for r in caplog.records]
    assert f"from schema version 1 to {LATEST_VERSION}" in said and "older claimaudit" in said


def test_a_step_that_cannot_begin_reports_why_not_a_failed_rollback(tmp_path: Path) -> None:
    # BEGIN IMMEDIATE fails on a library another connection holds for writing: the message must
    # say "locked", not "cannot rollback - no transaction is active".
    path = tmp_path / "old.sqlite3"
    conn = open_at(path, 1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    waiting = sqlite3.connect(path, isolation_level=None, timeout=0.1)
    try:
        with pytest.raises(LibraryOpenError, match="locked"):
            migrate(waiting)
    finally:
        holder.execute("ROLLBACK")
        for handle in (holder, waiting, conn):
            handle.close()


def test_a_library_in_a_folder_that_may_not_be_written_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite says only "unable to open database file"; the cause is the folder (WAL mode keeps
    # its -wal and -shm files there). A read-only mount cannot be made here, so the failure is.
    import os

    from claimaudit.library import _connection

    path = tmp_path / "lib.sqlite3"
    Library.open(path).close()
    writable = os.access
    monkeypatch.setattr(
        _connection.os,
        "access",
        lambda p, mode, **kw: False if Path(p) == tmp_path else writable(p, mode, **kw),
    )
    error = sqlite3.OperationalError("unable to open database file")
    why = _connection.why_unopened
    assert "its folder" in why(error, path) and str(tmp_path) in why(error, path)
    assert why(sqlite3.OperationalError("disk I/O error"), path) == "disk I/O error"


def test_an_upgrade_stopped_between_steps_says_how_far_it_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Ctrl-C (a real SIGINT) as step 5 begins: steps 2 to 4 are committed, and an older
    # claimaudit can no longer open the file, yet nothing said so (only "interrupted; ...
    # the library is unchanged"); the next open goes on from step 5.
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 1
    conn.close()
    real_apply = _migrations._apply

    def interrupted_at_5(conn: sqlite3.Connection, step: _migrations.Migration) -> None:
        if step.version == 5:
            os.kill(os.getpid(), signal.SIGINT)
        real_apply(conn, step)

    monkeypatch.setattr(_migrations, "_apply", interrupted_at_5)
    with caplog.at_level("WARNING"), pytest.raises(KeyboardInterrupt):
        Library.open(path)
    assert [r.getMessage() for r in caplog.records] == [
        f"upgraded the library {path} from schema version 1 to 4 (stopped before version "
        f"{LATEST_VERSION}: the next command goes on); older claimaudit versions cannot open "
        "it now"
    ]
    monkeypatch.undo()
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == 4
    Library.open(path).close()
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION


def test_each_step_is_numbered_by_its_place_in_the_order() -> None:
    # The steps live in several modules (``library._schema_steps``): one appended to the wrong
    # module, or numbered twice, would upgrade a library in the wrong order.
    versions = [step.version for step in _migrations.MIGRATIONS]
    assert versions == list(range(1, len(versions) + 1))
    assert versions[-1] == LATEST_VERSION
