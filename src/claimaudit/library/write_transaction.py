"""One write transaction on the library's connection: the write lock waited for while another
process writes, the commit, and a failure turned into the one line that says why (damage, a
lock held too long, a read-only file or a full disk). ``Library`` writes through it."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from claimaudit.errors import LibraryDamagedError
from claimaudit.library._connection import busy_error, is_busy, span, write_refusal
from claimaudit.library.damage import (
    INDEX_DAMAGED,
    as_damage,
    looks_damaged,
    missing_index_triggers,
)
from claimaudit.library.held_signals import signals_held

# The name the warning always had (``--debug`` prints it): this was part of the store.
_log = logging.getLogger("claimaudit.library.store")

# A write's wait for the lock another process holds (see ``Library.write_wait_seconds``), and
# the pauses between its tries.
WRITE_WAIT_SECONDS = 600.0
_FIRST_PAUSE = 0.05
_LONGEST_PAUSE = 1.0


@contextmanager
def write_transaction(
    conn: sqlite3.Connection,
    path: Path,
    *,
    wait_seconds: float,
    writes_passages: bool = True,
    committed: Callable[[], None] | None = None,
) -> Iterator[sqlite3.Connection]:
    """One write transaction on ``conn``, the library at ``path``. One that ``writes_passages``
    (adds or removes them) first makes sure the triggers that keep the index in step are all
    there, under the write lock: without them SQLite would store the passages and leave the
    index without them (searches then silently miss them), so nothing is written.
    ``committed`` runs once the body's writes are committed, before Ctrl-C is acted on."""
    begin_write(conn, path, wait_seconds)
    try:
        if writes_passages and missing_index_triggers(conn):
            raise LibraryDamagedError(INDEX_DAMAGED, part="index")
        yield conn
    except BaseException as exc:
        if conn.in_transaction:  # SQLite may have rolled back already
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.IntegrityError):
            # Every write checks first what it could collide with: a constraint that fails
            # anyway means rows claimaudit did not leave so (changed by another tool).
            raise LibraryDamagedError(
                f"the library holds rows that do not fit together ({exc}); nothing was written",
                part="database",
            ) from exc
        # Writing passages writes the index too (triggers): a damaged one fails the write.
        if isinstance(exc, sqlite3.Error) and looks_damaged(exc, conn):
            damage = as_damage(conn, exc)
            if damage is not None:
                raise damage from exc
        if is_busy(exc):  # a write inside that waited past the busy timeout
            raise busy_error(path) from exc
        if (refused := write_refusal(exc, path, file=database_file(conn, path))) is not None:
            raise refused from exc  # a read-only file, a full disk: said, file named
        raise
    # Ctrl-C held back from the commit to its note: stored, a paper is said to be so.
    with signals_held():
        commit(conn, path)
        if committed is not None:
            committed()


def begin_write(conn: sqlite3.Connection, path: Path, wait_seconds: float) -> None:
    """BEGIN IMMEDIATE, waiting up to ``wait_seconds`` for another process's write (a long
    ``library import``) to end. The paper was read before this (extraction can take minutes):
    giving up after SQLite's 5 s busy timeout threw that work away."""
    deadline = time.monotonic() + wait_seconds
    pause = _FIRST_PAUSE
    said = False
    while True:
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
            if time.monotonic() >= deadline:
                raise busy_error(path, waited=wait_seconds) from exc
        if not said:  # a command silent for minutes would look hung
            said = True
            _log.warning(
                "another process is writing the library %s; waiting up to %s for it",
                path,
                span(wait_seconds),
            )
        # Each try already waited the busy timeout; a pause keeps a zero timeout from spinning.
        time.sleep(pause)
        pause = min(pause * 2, _LONGEST_PAUSE)


def database_file(conn: sqlite3.Connection, path: Path) -> Path:
    """The database file ``conn`` writes: ``path``, or a new library's draft."""
    try:
        row = conn.execute("PRAGMA database_list").fetchone()
    except sqlite3.Error:
        return path
    return Path(row[2]) if row is not None and row[2] else path


def commit(conn: sqlite3.Connection, path: Path) -> None:
    """COMMIT, or, where SQLite cannot write it (the disk filled as the WAL grew), a rollback
    and the one line that says why."""
    try:
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if is_busy(exc):
            raise busy_error(path) from exc
        if (refused := write_refusal(exc, path, file=database_file(conn, path))) is not None:
            raise refused from exc
        raise
