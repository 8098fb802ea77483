"""A write to the library that found no room: a full disk or a file size limit, which SQLite
calls a bare "disk I/O error" or "database or disk is full", told apart with the advice for
each (opening, writing and upgrading a library all say it alike)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from claimaudit.guards.diskspace import disk_full, size_limit_reached

_DISK_FULL = "the disk holding it is full"
_SIZE_LIMIT = "it has reached this process's file size limit"
ROOM_ADVICE = {
    _DISK_FULL: "free some space and try again",
    _SIZE_LIMIT: "raise the limit (ulimit -f) and try again",
}


def no_room(path: Path, *, past_limit: bool = False) -> str | None:
    """Why a write to the library at ``path`` found no room, where it can be told: a full disk,
    or a file size limit (EFBIG, which SQLite calls a bare "disk I/O error"), known to be
    passed (``past_limit``, from ``diskspace.noting_size_limit``) or near one of its files."""
    if past_limit:
        return _SIZE_LIMIT
    if disk_full(path):
        return _DISK_FULL
    if size_limit_reached(path) is not None:
        return _SIZE_LIMIT
    return None


def for_want_of_room(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "")
    words = str(exc)
    return (
        name.startswith(("SQLITE_IOERR", "SQLITE_FULL"))
        or "disk I/O error" in words
        or "disk is full" in words
    )
