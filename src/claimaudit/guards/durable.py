"""Making a write survive a crash of the machine (power lost, a kernel panic), not only of the
process: ``flush`` hands the bytes to the system, which may keep them in memory for many
seconds; ``fsync`` is what puts them on the disk. A rename, or a new file's name, is a change
of its folder, which needs the folder synced as well."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

# What a descriptor that cannot be synced answers (a pipe, a terminal, /dev/stdout; a file
# system that keeps nothing to sync): nothing there to lose, so nothing to say.
_NOTHING_TO_SYNC = frozenset({errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EROFS})


def sync_file(fd: int) -> None:
    """The bytes written to ``fd`` put on the disk. An OSError other than "this cannot be
    synced" is a write the disk failed (EIO): raised, since what was written may be lost."""
    try:
        os.fsync(fd)
    except OSError as error:
        if error.errno not in _NOTHING_TO_SYNC:
            raise


def sync_folder(folder: Path) -> None:
    """The names in ``folder`` (a file renamed into it, or made there) put on the disk. Best
    effort: where a folder cannot be opened or synced (Windows, some network file systems) the
    file's own data was synced, and nothing better can be done."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class PacedSync:
    """Syncs a file written a record at a time (``batch --out``) at most once a ``pace`` of
    seconds, and on ``finish``: each record synced by itself would cost a run of cached
    answers far more than their judging; a crash then loses at most the last ``pace`` of
    records, which a resumed run checks again."""

    def __init__(self, fd: int, pace: float = 1.0) -> None:
        self._fd = fd
        self._pace = pace
        self._last: float | None = None
        self._pending = False

    def wrote(self) -> None:
        """A record was written (and flushed): synced now if the last sync is ``pace`` old."""
        self._pending = True
        now = time.monotonic()
        if self._last is None or now - self._last >= self._pace:
            self.finish()
            self._last = now

    def finish(self) -> None:
        """Every record written so far on the disk."""
        if self._pending:
            sync_file(self._fd)
            self._pending = False
