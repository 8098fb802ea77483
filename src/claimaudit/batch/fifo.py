"""``--out`` opened to append records, a FIFO nobody reads yet included.

Opening a FIFO to write blocks until some program opens it to read: a run given one with no
reader sat at "checking 0/N" without a word. The wait is said once before it starts."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO


def open_records(out: Path, waiting: Callable[[], None] | None = None) -> IO[str]:
    """``out`` opened to append text. When it is a FIFO that no program reads yet, ``waiting``
    is called once, and the open then waits for a reader as it always did (Ctrl-C stops it)."""
    if waiting is not None and _is_fifo(out):
        try:
            # Non-blocking, an open for writing fails at once (ENXIO) where there is no reader.
            fd = os.open(out, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as error:
            if error.errno != errno.ENXIO:
                raise
            waiting()
        else:
            os.set_blocking(fd, True)  # the writes themselves wait for the reader as usual
            return open(fd, "a", encoding="utf-8")
    return out.open("a", encoding="utf-8")


def _is_fifo(path: Path) -> bool:
    try:
        return stat.S_ISFIFO(path.stat().st_mode)
    except OSError:
        return False
