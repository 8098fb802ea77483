"""Outputs opened to append, a FIFO nobody reads yet included.

Opening a FIFO to write blocks until some program opens it to read: a run given one with no
reader sat without a word (``batch --out``, ``review --out``). The wait is said once, through
the caller's ``waiting``, before it starts."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO

Waiting = Callable[[], None]


def open_records(out: Path, waiting: Waiting | None = None) -> IO[str]:
    """``out`` opened to append UTF-8 text (``append_fd``)."""
    return open(append_fd(out, waiting), "a", encoding="utf-8")


def open_appending(path: Path, waiting: Waiting | None = None) -> IO[bytes]:
    """``path`` opened to append bytes (``append_fd``)."""
    return os.fdopen(append_fd(path, waiting), "ab")


def append_fd(path: Path, waiting: Waiting | None = None) -> int:
    """A descriptor appending to ``path`` (made where missing, by the umask). When it is a
    FIFO that no program reads yet, ``waiting`` is called once, and the open then waits for a
    reader as it always did (Ctrl-C stops it)."""
    if waiting is not None and _is_fifo(path):
        try:
            # Non-blocking, an open for writing fails at once (ENXIO) where there is no reader.
            # Kept, never closed and opened again: a reader would see that close as the end.
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as error:
            if error.errno != errno.ENXIO:
                raise
            waiting()
        else:
            os.set_blocking(fd, True)  # the writes themselves wait for the reader as usual
            return fd
    return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o666)


def _is_fifo(path: Path) -> bool:
    try:
        return stat.S_ISFIFO(path.stat().st_mode)
    except OSError:
        return False
