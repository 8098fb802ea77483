"""Telling a full disk from other failures, which SQLite and the system name vaguely: SQLite
says "disk I/O error" when it cannot grow its -shm file on a full disk, even to only read."""

from __future__ import annotations

import errno
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

# The errors of a write the disk (or the user's quota on it) has no room for.
NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT})

# Less free space than this is a full disk for SQLite, which grows files a page at a time.
_FULL_BELOW = 64 * 1024


def disk_full(path: Path) -> bool:
    """Whether the file system holding ``path`` (a file, or a folder) has no room left for
    this user; False when that cannot be told."""
    folder = path if path.is_dir() else path.parent
    try:
        found = os.statvfs(folder)
    except (OSError, AttributeError):  # no such folder, or no statvfs (Windows)
        return False
    return found.f_bavail * found.f_frsize < _FULL_BELOW


def is_no_room(error: OSError) -> bool:
    """Whether ``error`` is a write the disk had no room for."""
    return error.errno in NO_ROOM


def size_limit_reached(path: Path) -> int | None:
    """This process's file size limit (``ulimit -f``, RLIMIT_FSIZE), in bytes, when ``path`` or
    one of SQLite's files beside it has come within a page or two of it: a write past it fails
    with EFBIG, which SQLite reports as a bare "disk I/O error". None when there is no limit,
    it is far off, or it cannot be told (Windows)."""
    try:
        import resource  # POSIX only
    except ImportError:
        return None
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    if limit == resource.RLIM_INFINITY:
        return None
    largest = 0
    for name in (path, *(Path(f"{path}{side}") for side in ("-wal", "-shm", "-journal"))):
        try:
            largest = max(largest, name.stat().st_size)
        except OSError:
            continue
    return limit if limit - largest < _FULL_BELOW else None


@contextmanager
def noting_size_limit() -> Iterator[Callable[[], bool]]:
    """A test, within the block, of whether a write of this thread went past this process's
    file size limit (``ulimit -f``). The sizes ``size_limit_reached`` reads cannot tell it
    after SQLite rolled a transaction back: the file is as it was, its journal gone. The
    kernel signals each such write (SIGXFSZ) to the thread making it; Python ignores the
    signal, which is then lost, but blocked here it stays pending, to be seen and then taken
    away (never delivered: its default action ends the process). Always False where it cannot
    be told (Windows, no limit, a system that drops an ignored signal even when blocked)."""
    mask = getattr(signal, "pthread_sigmask", None)
    xfsz = getattr(signal, "SIGXFSZ", None)
    if mask is None or xfsz is None or not _size_limited() or _pending(xfsz):
        yield lambda: False
        return
    before = mask(signal.SIG_BLOCK, {xfsz})
    seen = False

    def reached() -> bool:
        nonlocal seen
        seen = seen or _pending(xfsz)
        return seen

    try:
        yield reached
    finally:
        if _pending(xfsz) and xfsz not in before:
            signal.sigwait({xfsz})  # returns at once: it is pending
        mask(signal.SIG_SETMASK, before)


def _size_limited() -> bool:
    try:
        import resource  # POSIX only
    except ImportError:
        return False
    return resource.getrlimit(resource.RLIMIT_FSIZE)[0] != resource.RLIM_INFINITY


def _pending(number: int) -> bool:
    return number in signal.sigpending()
