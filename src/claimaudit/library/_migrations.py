"""Schema migrations: the runner that brings a library up to this claimaudit's schema version,
each step in its own transaction, and its bookkeeping (the version, the file's mark as a library).

The schema version lives in ``PRAGMA user_version``; step ``n`` takes the database from version
``n - 1`` to ``n``. Steps are append-only: never edit a released step, add a new one, so that a
library written by any older claimaudit upgrades without losing data.

The steps themselves live in ``claimaudit.library._schema_steps``, a module per era:
``tables.py`` (1 to 6), ``normal_forms.py`` (7 to 9), ``scripts.py`` (10 on). A new step goes
at the end of ``STEPS`` in the last of them, ``_schema_steps/scripts.py`` (a step that makes
the search forms again is ``remade_search_forms(17, "...")``, with a comment saying why); a new
era is a module of its own, appended to ``MIGRATIONS`` in ``_schema_steps/__init__.py``. The
runner needs no change: the latest version is the last step's.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

from claimaudit.errors import LibraryOpenError
from claimaudit.guards.diskspace import noting_size_limit
from claimaudit.library import search_text
from claimaudit.library._schema_steps import APPLICATION_ID, MIGRATIONS, Migration
from claimaudit.library.room import ROOM_ADVICE, for_want_of_room, no_room

# Re-exported: the library's health check, repair and tests read them here.
__all__ = [
    "APPLICATION_ID",
    "LATEST_VERSION",
    "MIGRATIONS",
    "Migration",
    "migrate",
    "schema_version",
]

_log = logging.getLogger(__name__)

LATEST_VERSION = MIGRATIONS[-1].version


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, *, target: int = LATEST_VERSION, label: str = "") -> int:
    """Bring ``conn`` (opened with ``isolation_level=None``) up to ``target``; return the version.

    Raises LibraryOpenError for a database from a newer claimaudit or one that is not a library.
    """
    # Steps from 7 on fill a column by a function of claimaudit's (whatever opened ``conn``).
    search_text.register(conn)
    current = schema_version(conn)
    _refuse_newer(current, label)
    if current == 0:
        current = _create(conn, target, label)
        _refuse_newer(current, label)
    _check_is_library(conn, label)
    try:
        _upgrade(conn, current, target, label)
    except BaseException:
        # Ctrl-C or SIGTERM between steps: those committed stay, and must be said, since an
        # older claimaudit cannot open the file now ("the library is unchanged" was all).
        with contextlib.suppress(sqlite3.Error):  # never hiding the error that stopped it
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            _say_upgraded(label, current, schema_version(conn), target)
        raise
    version = schema_version(conn)
    _say_upgraded(label, current, version, target)
    return version


def _say_upgraded(label: str, before: int, now: int, target: int) -> None:
    """Said, not silent: the file changes for good, and an older claimaudit cannot open it. A
    new library is created, not upgraded: nothing to say then."""
    if not 0 < before < now:
        return
    stopped = (
        "" if now >= target else f" (stopped before version {target}: the next command goes on)"
    )
    _log.warning(
        "upgraded the library %s from schema version %d to %d%s; older claimaudit versions "
        "cannot open it now",
        label,
        before,
        now,
        stopped,
    )


def _upgrade(conn: sqlite3.Connection, current: int, target: int, label: str) -> None:
    """Each step from ``current`` to ``target`` in its own transaction."""
    with noting_size_limit() as past_limit:
        _steps(conn, current, target, label, past_limit)


def _steps(
    conn: sqlite3.Connection,
    current: int,
    target: int,
    label: str,
    past_limit: Callable[[], bool],
) -> None:
    for step in MIGRATIONS[current:target]:
        try:
            conn.execute("BEGIN IMMEDIATE")
            if schema_version(conn) >= step.version:
                # Another connection (a second thread of a review, say) applied this step while
                # this one waited for the write lock.
                conn.execute("COMMIT")
                continue
            _apply(conn, step)
            # user_version is part of the database header, so it commits or rolls back with
            # the step: a failed step leaves the previous version fully intact.
            conn.execute(f"PRAGMA user_version = {step.version}")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            # BEGIN itself may have failed (locked), or SQLite rolled back already (disk full):
            # a ROLLBACK then fails too, and its error would hide the real one.
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if _read_only(exc):
                # A library this claimaudit could read as it is, were it at its version: say
                # what stands in the way and what to do, not only SQLite's words.
                folder = getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_DIRECTORY"
                raise LibraryOpenError(
                    f"library {label} was made by an older claimaudit (schema version "
                    f"{current}) and must be upgraded to version {target} before this one can "
                    f"use it, but {'its folder' if folder else 'the file'} may not be written "
                    f"({exc}); let it be written once, or use a copy"
                ) from exc
            why = f"{exc}"
            room = None
            if for_want_of_room(exc) and label:
                # The limit told by the write that passed it (the file, rolled back, is as it
                # was, its journal gone), or by a file near it.
                room = no_room(Path(label), past_limit=past_limit())
            if room is not None:
                # SQLite's bare "disk I/O error" said neither the cause nor what to do, nor
                # that the step was rolled back: the library is as the last step left it.
                kept = schema_version(conn)
                state = (
                    f"the library is unchanged (schema version {kept})"
                    if kept == current
                    else f"the library stays at schema version {kept}, the steps before kept"
                )
                why = f"{room} ({exc}); {state}; {ROOM_ADVICE[room]}"
            raise LibraryOpenError(
                f"could not upgrade library {label} to schema version {step.version} "
                f"({step.description}): {why}"
            ) from exc


def _read_only(exc: sqlite3.Error) -> bool:
    """Whether SQLite refused the write because the file may not be written (its mode, a
    read-only mount), rather than for a fault of the library."""
    name = getattr(exc, "sqlite_errorname", "")
    return name.startswith("SQLITE_READONLY") or "readonly database" in str(exc)


def _apply(conn: sqlite3.Connection, step: Migration) -> None:
    if step.prepare is not None:
        step.prepare(conn)
    for statement in step.statements:
        conn.execute(statement)


def _refuse_newer(version: int, label: str) -> None:
    if version > LATEST_VERSION:
        raise LibraryOpenError(
            f"library {label} has schema version {version}, newer than this claimaudit "
            f"understands (up to {LATEST_VERSION}); upgrade claimaudit to use it"
        )


def _create(conn: sqlite3.Connection, target: int, label: str) -> int:
    """Make a new library, every step up to ``target`` in one transaction under the write lock;
    return the version found there. Several processes opening one new file at once: the first
    makes the whole schema, the others wait for its commit and find a finished library (never a
    half-made one, and nobody says "upgraded" about a library that was just made)."""
    # Somebody else's database is told apart before taking its write lock (it may be
    # read-only), in one statement, so one snapshot: read apart, another process creating this
    # library could commit in between, and its tables beside version 0 looked like a stranger's.
    found, tables = conn.execute(
        "SELECT (SELECT user_version FROM pragma_user_version), "
        "(SELECT count(*) FROM sqlite_master)"
    ).fetchone()
    if found == 0 and tables:
        raise LibraryOpenError(f"{label} is an SQLite database but not a claimaudit library")
    try:
        conn.execute("BEGIN IMMEDIATE")
        found = schema_version(conn)
        if found == 0:
            if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                conn.execute("ROLLBACK")
                raise LibraryOpenError(
                    f"{label} is an SQLite database but not a claimaudit library"
                )
            for step in MIGRATIONS[:target]:
                _apply(conn, step)
            conn.execute(f"PRAGMA user_version = {target}")
            found = target
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        # As in an upgrade: BEGIN may have failed, or SQLite rolled back already.
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise LibraryOpenError(f"could not create the library {label}: {exc}") from exc
    return found


def _check_is_library(conn: sqlite3.Connection, label: str) -> None:
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if app_id != APPLICATION_ID:
        raise LibraryOpenError(f"{label} is an SQLite database but not a claimaudit library")
