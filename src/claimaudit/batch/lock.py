"""One batch (or eval) run per ``--out`` at a time.

Two runs appending to one ``--out`` would each judge every pair (neither sees the other's records
when it reads the file to resume), so the file would end with every pair twice. A run holds an
exclusive advisory lock (``flock``) for its whole life, on a lock file beside ``--out``:
``.NAME.lock`` (``.ca-HASH.lock`` where that name is too long) in the folder of the file
``--out`` names (a symbolic link followed). The run also locks ``--out`` itself (an ``flock`` on
a read-only descriptor of it, the file made empty when missing and removed at the end if still
empty): ``flock`` locks the open file's inode, so a hard link to ``--out``, which has a lock
file of another name, is still refused, even one made while the run writes (records taken out
by ``--retry-not-checked`` are taken out in place, ``batch_rewrite``, so the inode stays
``--out``'s). Once locked, a rewrite that a killed run left unfinished is undone
(``restore_interrupted``) before anything reads ``--out``. The kernel drops the lock
when its process ends, however it ends; the file is removed when the run ends, and one left by a
killed run is locked and removed by the next run; folders made for it are removed too when the
run leaves them empty. An output that is a stream (``/dev/stdout``, a
FIFO) is never resumed from, so it is not locked. Windows has no ``flock``; there no lock is taken
(the project targets Linux and macOS). ``eval --out`` takes the same lock: two evals writing one
file from its start would write over each other's lines.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from claimaudit.batch.rewrite import hidden_sibling, restore_interrupted, undo_path
from claimaudit.errors import BatchLockedError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import opened_as
from claimaudit.guards.userfiles import make_folder, remove_empty_folders

if sys.platform != "win32":
    import fcntl


def lock_path(out: Path) -> Path:
    """The lock file of ``out``: beside the file it names, hidden; named by a hash of that name
    where ``.NAME.lock`` would be too long a name (a valid ``--out`` refused otherwise)."""
    return hidden_sibling(out, "lock")


def _refusal(out: Path) -> BatchLockedError:
    # Both batch and eval take this lock, and the refused run cannot tell which holds it.
    return BatchLockedError(f"another batch or eval run is writing {shown_name(out)}")


@contextmanager
def batch_lock(out: Path) -> Iterator[None]:
    """Hold ``out``'s lock while the block runs; BatchLockedError ("another batch or eval run
    is writing ``out``") at once when another run holds it, OSError when the lock file cannot
    be made."""
    # ``eval --out -`` while standard output is claimed (``own_stdout``): /dev/stdout leads
    # to stderr then, and the file locked must be the one standard output is redirected to.
    opened = opened_as(out)
    if sys.platform == "win32" or (opened.exists() and not opened.is_file()):
        yield
        return
    path = lock_path(opened)
    made, fd = _make_and_acquire(path, out)
    held_out: tuple[int, bool] | None = None
    # One release, whether the set-up below fails or the block ends, by an error too.
    try:
        held_out = _lock_output(opened)
        if held_out is not None and held_out[1]:
            # ``--out`` was removed since a rewrite of it was cut short: its old records with it.
            undo_path(opened).unlink(missing_ok=True)
        elif held_out is not None:
            restore_interrupted(opened)
        yield
    finally:
        if held_out is not None:
            _release_output(opened, *held_out)
        # Removed before it is unlocked: a run waiting on this file then finds it gone and
        # makes a new one (see _acquire), so no two runs ever hold two different files.
        path.unlink(missing_ok=True)
        os.close(fd)
        remove_empty_folders(made)


def _make_and_acquire(path: Path, out: Path) -> tuple[list[Path], int]:
    """The folders made for ``path`` (deepest first), and a descriptor of it holding its lock."""
    for tries in range(3):
        made = make_folder(path.parent)
        try:
            return made, _acquire(path, out)
        except FileNotFoundError:
            # Another run that made the folder removed it, empty, as it ended: make it again.
            if tries == 2:
                raise
        except BaseException:
            remove_empty_folders(made)
            raise
    raise AssertionError("unreachable")


def _lock_output(out: Path) -> tuple[int, bool] | None:
    """A descriptor of ``out`` itself holding its lock, and whether this made the file; None
    when ``out`` cannot be opened (a dangling symbolic link)."""
    # Made now when missing, so a hard link to it made while the run writes is covered too.
    try:
        fd, made = os.open(out, os.O_RDONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), True
    except FileExistsError:
        try:
            fd, made = os.open(out, os.O_RDONLY | os.O_CLOEXEC), False
        except FileNotFoundError:
            return None
    _hold(fd, out)
    return fd, made


def _release_output(out: Path, fd: int, made: bool) -> None:
    """Unlock ``out``; a file this lock made that the run left empty is removed, as if never
    made (a run refused or failed before writing leaves no file behind)."""
    try:
        if made and os.fstat(fd).st_size == 0 and _same_file(fd, out):
            out.unlink(missing_ok=True)
    finally:
        os.close(fd)


def _acquire(path: Path, out: Path) -> int:
    """A descriptor of ``path`` holding its lock."""
    while True:
        fd = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666)
        _hold(fd, out)
        if _same_file(fd, path):
            return fd
        # The run that held it ended and removed it between our open and our lock: lock the
        # file that is there now (or a new one).
        os.close(fd)


def _hold(fd: int, out: Path) -> None:
    """Lock ``fd`` at once, or close it and refuse: another run holds ``out``."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise _refusal(out) from None
    except BaseException:
        os.close(fd)
        raise


def _same_file(fd: int, path: Path) -> bool:
    try:
        there = path.stat(follow_symlinks=False)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)
