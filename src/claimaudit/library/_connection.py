"""Opening the library's SQLite file: created where allowed, migrated, its derived caches
recreated, and switched to WAL, with SQLite's errors turned into one line that says why."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from claimaudit.errors import (
    LibraryBusyError,
    LibraryError,
    LibraryFolderError,
    LibraryMissingError,
    LibraryOpenError,
)
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import make_folder
from claimaudit.library._derived import recreate_missing_caches
from claimaudit.library._migrations import migrate
from claimaudit.library.casefold import register as register_casefold
from claimaudit.library.paths import resolve_library_path
from claimaudit.library.room import ROOM_ADVICE, for_want_of_room, no_room


def connect(path: Path | None, *, create: bool) -> tuple[sqlite3.Connection, Path]:
    """The open, migrated connection to the library at ``path`` (default
    ``default_library_path()``) and the file's resolved path; with ``create=False`` a missing
    file is an error instead of a new empty library."""
    resolved = resolve_library_path(path)
    if resolved.is_dir():
        raise LibraryOpenError(f"library path {shown_name(resolved)} is a directory, not a file")
    if not resolved.exists():
        if not create:
            raise LibraryMissingError(resolved)
        make_library_folder(resolved)
    elif not resolved.is_file():
        # /dev/null, a FIFO, a device: SQLite would open it, or wait on it, and fail later.
        raise not_a_regular_file(resolved)
    elif not create and resolved.stat().st_size == 0:
        # An empty file holds no library, and one that only reads must not make it one.
        raise LibraryMissingError(resolved)
    try:
        # Autocommit mode: every write below runs in an explicit transaction we control.
        conn = sqlite3.connect(resolved, isolation_level=None)
    except sqlite3.Error as exc:
        raise open_error(exc, resolved) from exc
    try:
        # Before anything else: title look-ups compare case-blind in any script with it.
        register_casefold(conn)
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 5000")
        migrate(conn, label=shown_name(resolved))
        recreate_missing_caches(conn, shown_name(resolved))
        # WAL (set only once the file is known to be a library): readers never wait for a
        # writer nor a writer for readers, so the server's threads, each with its own
        # connection, share one file. The mode is stored in the file and persists.
        _use_wal(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise open_error(exc, resolved) from exc
    except LibraryError:
        conn.close()
        raise
    return conn, resolved


# What SQLite says when the folder, not the file, stops it: "unable to open database file" for
# a new library, "attempt to write a readonly database" (SQLITE_READONLY_DIRECTORY) for one in
# WAL mode, whose -wal and -shm files cannot be made.
_FOLDER_WORDS = ("unable to open database file", "attempt to write a readonly database")


def open_error(exc: sqlite3.Error, path: Path) -> LibraryOpenError:
    """The one line that says why the library at ``path`` cannot be opened."""
    if is_busy(exc):
        return busy_error(path)
    return LibraryOpenError(f"cannot open library {shown_name(path)}: {why_unopened(exc, path)}")


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite giving up on a lock another connection holds (after the busy
    timeout): a wait to retry, not a fault of the library."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    name = getattr(exc, "sqlite_errorname", "")
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in str(exc)


def busy_error(path: Path, *, waited: float | None = None) -> LibraryBusyError:
    """What to say when another process kept the write lock past the busy timeout: who holds
    it and what to do, where SQLite's "database is locked" says neither. ``waited``: the
    seconds a write waited for it, said with the fact that nothing was written."""
    if waited is None:
        return LibraryBusyError(
            f"another process is writing the library {shown_name(path)}; try again when it is done"
        )
    return LibraryBusyError(
        f"another process kept the library {shown_name(path)} locked for writing for "
        f"{span(waited)}; nothing was written; try again when it is done",
        waited=waited,
    )


def span(seconds: float) -> str:
    """``seconds`` in words: "10 minutes", "0.2 s"."""
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} s"


def why_unopened(exc: sqlite3.Error, path: Path) -> str:
    """SQLite's words, with the cause it leaves out where it can be told: a library in a folder
    that may not be written cannot be opened at all, since WAL mode keeps its -wal and -shm
    files beside the database."""
    folder = getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_DIRECTORY" or (
        any(words in str(exc) for words in _FOLDER_WORDS) and not _may_write(path.parent)
    )
    if folder:
        return (
            f"{exc} (its folder {shown_name(path.parent)} may not be written, and SQLite keeps "
            "the -wal and -shm files there)"
        )
    if for_want_of_room(exc) and (room := no_room(path)) is not None:
        # Even a read needs room: SQLite grows the -shm file beside the library to read it.
        return f"{room} ({exc}); {ROOM_ADVICE[room]}"
    return str(exc)


def write_refusal(
    exc: BaseException, path: Path, *, file: Path | None = None
) -> LibraryOpenError | None:
    """The one line for a write to the library at ``path`` that SQLite refused for want of
    permission or room, naming the file and the cause ("library database error: attempt to
    write a readonly database" named neither); None for any other failure. ``file``: the
    database file written, where it is not ``path`` (a new library's draft), whose size tells
    a file size limit. The transaction was rolled back, so nothing of it was written."""
    if not isinstance(exc, sqlite3.OperationalError):
        return None
    name = getattr(exc, "sqlite_errorname", "")
    named = shown_name(path)
    if name.startswith("SQLITE_READONLY") or "readonly database" in str(exc):
        if name == "SQLITE_READONLY_DIRECTORY" or not _may_write(path.parent):
            why = f"its folder {shown_name(path.parent)} may not be written ({exc})"
        else:
            why = f"the file may not be written ({exc})"
        return LibraryOpenError(f"cannot write library {named}: {why}; nothing was written")
    if not for_want_of_room(exc):
        return None
    room = no_room(file or path)
    if room is None:  # an I/O error of the disk itself: SQLite's words are all there is
        return LibraryOpenError(f"cannot write library {named}: {exc}; nothing was written")
    return LibraryOpenError(
        f"cannot write library {named}: {room} ({exc}); nothing was written; {ROOM_ADVICE[room]}"
    )


def _may_write(folder: Path) -> bool:
    # The effective ids, as SQLite's own open uses: root without its permission override (a
    # dropped capability) may not write a folder its real id would be allowed to.
    effective = os.access in os.supports_effective_ids
    return os.access(folder, os.W_OK, effective_ids=effective)


_WAL_WAIT_SECONDS = 5.0


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL once. The switch needs the file to itself and SQLite answers
    "locked" at once, without the busy timeout, while another process still reads it (several
    opening one new library together): wait for it as the busy timeout would."""
    deadline = time.monotonic() + _WAL_WAIT_SECONDS
    while True:
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def not_a_regular_file(resolved: Path) -> LibraryOpenError:
    """The refusal of a library path that is not a regular file, as every command words it."""
    return LibraryOpenError(f"cannot open library {shown_name(resolved)}: it is not a regular file")


def make_library_folder(resolved: Path) -> list[Path]:
    """The folder a new library file at ``resolved`` goes in, made if missing; the folders
    made (``userfiles.make_folder``), or one line naming it and its reason when it cannot be."""
    try:
        return make_folder(resolved.parent)
    except OSError as exc:
        raise LibraryFolderError(
            f"cannot create the library folder {shown_name(resolved.parent)}: {exc.strerror or exc}"
        ) from exc
