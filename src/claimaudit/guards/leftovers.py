"""What a killed run leaves behind, removed by the next one, and only once its owner is gone.

A run killed outright (``kill -9``, the OOM killer) runs no clean-up: ``eval`` left its
temporary library folder (``claimaudit-eval-*``, megabytes each), the server an upload's or a
draft's copy and a download its paper (``claimaudit-upload-*``, ``-draft-*``, ``-arxiv-*``), and
an atomic writer its temporary file beside the output (``.ca-w-*.tmp``). Each is now made
holding an ``flock`` for its owner's life, which the kernel drops when the owner ends however
it ends: whoever can take that lock knows the owner is gone and removes what it left. What
holds no such lock (a release's before this one, another machine's) is removed only once it is
``abandoned``: unchanged for a week and held open by no process, so another live run's files
are never removed.
Windows has no ``flock``: there nothing is locked nor removed.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
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
        if not os.path.lexists(folder / _OWNER):
            # An older release's (or one a run is making this instant): only once abandoned.
            if abandoned([folder]):
                shutil.rmtree(folder, ignore_errors=True)
            continue
        fd = _owner_gone(folder / _OWNER)
        if fd is None:
            continue
        try:
            shutil.rmtree(folder, ignore_errors=True)
        finally:
            os.close(fd)


# How long a leftover without an owner's lock must have gone unchanged to be taken for
# abandoned: far past any run's pause (a draft is written when made and when its first paper
# is stored, an eval's scratch library when the run starts), and a clock a little off too.
UNLOCKED_AGE_S = 7 * 24 * 3600


def abandoned(paths: Iterable[Path]) -> bool:
    """Whether the files ``paths`` name (a folder with all it holds; those missing left out),
    all this user's, have gone unchanged for ``UNLOCKED_AGE_S`` and none is open in (or the
    working folder of) a process that can be seen. False where that cannot be told: no /proc
    (macOS, Windows), a file of another user (whose processes cannot be seen)."""
    if sys.platform == "win32":
        return False
    paths = list(paths)
    newest = _newest_change(paths)
    if newest is None or time.time() - newest < UNLOCKED_AGE_S:
        return False
    return not _held_open([os.path.realpath(p) for p in paths])


def _newest_change(paths: list[Path]) -> float | None:
    """The newest modification time of ``paths`` and all they hold; None when there is none,
    or one is another user's, or cannot be read."""
    times: list[float] = []
    try:
        for path in paths:
            if not os.path.lexists(path):
                continue
            for info in _walk(path):
                if info.st_uid != os.getuid():
                    return None
                times.append(info.st_mtime)
    except OSError:
        return None
    return max(times, default=None)


def _walk(path: Path) -> Iterator[os.stat_result]:
    yield os.lstat(path)
    if path.is_dir() and not path.is_symlink():
        for folder, subfolders, files in os.walk(path, onerror=_raise):
            for name in (*subfolders, *files):
                yield os.lstat(os.path.join(folder, name))


def _raise(error: OSError) -> None:
    raise error


def _held_open(targets: list[str]) -> bool:
    """Whether a process that can be seen has one of ``targets`` (or a file in it) open, or as
    its working folder; True where /proc cannot tell."""
    if not os.path.isdir("/proc/self/fd"):
        return True
    try:
        processes = [e.name for e in os.scandir("/proc") if e.name.isdigit()]
    except OSError:
        return True
    for pid in processes:
        try:
            links = [
                f"/proc/{pid}/cwd",
                *(f"/proc/{pid}/fd/{n}" for n in os.listdir(f"/proc/{pid}/fd")),
            ]
        except OSError:
            continue  # ended meanwhile, or another user's
        for link in links:
            try:
                name = os.readlink(link)
            except OSError:
                continue
            if any(name == t or name.startswith(t + os.sep) for t in targets):
                return True
    return False


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
