"""What a killed run leaves behind, removed by the next one, and only once its owner is gone.

A run killed outright (``kill -9``, the OOM killer) runs no clean-up: ``eval`` left its
temporary library folder (``claimaudit-eval-*``, megabytes each) and an atomic writer its
temporary file beside the output (``.ca-w-*.tmp``). Each is now made holding an ``flock`` for
its owner's life, which the kernel drops when the owner ends however it ends: whoever can take
that lock knows the owner is gone and removes what it left. Nothing without such a lock is
touched (those of a release before this one, or one still being made), so another live run's
files are never removed. Windows has no ``flock``: there nothing is locked nor removed.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

if sys.platform != "win32":
    import fcntl

# Atomic writers' temporaries: "-w-" never occurs in the names that releases before this one
# gave them (``.ca-`` then letters, digits and "_"), which hold no lock.
TEMPORARY_PREFIX = ".ca-w-"
TEMPORARY_SUFFIX = ".tmp"
# The lock file inside a scratch folder; made under another name and renamed once locked, so
# that it is never seen unlocked while its owner lives.
_OWNER = "owner.lock"


def lock_for_life(fd: int) -> None:
    """Lock the open file ``fd`` for as long as it stays open (a new file: never refused). On
    a file system without locks the file stays unlocked, and a sweep there, which cannot take
    a lock either, never removes it."""
    if sys.platform != "win32":
        with suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _owner_gone(path: Path) -> int | None:
    """A descriptor of ``path`` holding its lock when its owner is gone (close it after the
    removal); None while the owner lives or when it cannot be told."""
    if sys.platform == "win32":
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError:
        return None  # gone meanwhile, or not ours to open
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None  # held: its owner lives
    return fd


def sweep_temporaries(folder: Path) -> None:
    """Remove from ``folder`` the atomic writers' temporaries whose owner is gone."""
    try:
        names = [
            entry.name
            for entry in os.scandir(folder)
            if entry.name.startswith(TEMPORARY_PREFIX) and entry.name.endswith(TEMPORARY_SUFFIX)
        ]
    except OSError:
        return  # a folder that cannot be listed: the write itself reports any real problem
    for name in names:
        path = folder / name
        fd = _owner_gone(path)
        if fd is None:
            continue
        try:
            # Still the file locked: a run that just renamed its own into place left this name.
            if os.path.samestat(os.stat(path, follow_symlinks=False), os.fstat(fd)):
                path.unlink()
        except OSError:
            pass
        finally:
            os.close(fd)


def sweep_scratch(prefix: str, parent: Path | None = None) -> None:
    """Remove the scratch folders named ``prefix*`` in ``parent`` (the temporary folder) whose
    owner is gone; one without an owner's lock file is left alone."""
    parent = Path(parent or tempfile.gettempdir())
    try:
        folders = [e.path for e in os.scandir(parent) if e.name.startswith(prefix) and e.is_dir()]
    except OSError:
        return
    for folder in map(Path, folders):
        fd = _owner_gone(folder / _OWNER)
        if fd is None:
            continue
        try:
            shutil.rmtree(folder, ignore_errors=True)
        finally:
            os.close(fd)


@contextmanager
def scratch_folder(prefix: str, parent: Path | None = None) -> Iterator[Path]:
    """A new temporary folder named ``prefix*``, locked as its owner's for the block and
    removed after it; those that killed runs left are removed first."""
    sweep_scratch(prefix, parent)
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    fd = None
    try:
        making = folder / f".{_OWNER}.new"
        fd = os.open(making, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        lock_for_life(fd)
        os.replace(making, folder / _OWNER)
        yield folder
    finally:
        # Removed while still locked: no sweep of another run can take it half removed.
        shutil.rmtree(folder, ignore_errors=True)
        if fd is not None:
            with suppress(OSError):
                os.close(fd)
