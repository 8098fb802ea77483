"""Taking records out of ``--out`` in place: the very file, not a new one under its name.

``--retry-not-checked`` and the records of replaced text (``batch_stale``) take lines out of a
batch's ``--out``. A new file renamed over it would split a hard link to it (the other name
keeping the old records) and leave the run's lock on ``--out``'s inode (``batch_lock``) on a
file no longer there, so a hard link made to the new one while the run writes would not be
refused. The file is rewritten in place instead, and a crash halfway must not leave it half old
and half new: what it held is first kept whole, on the disk, in its *undo file* beside it
(``.NAME.undo``, named as its lock file is), removed once the rewrite is on the disk. An undo
file still there is a rewrite that never finished: the next run to lock ``--out`` (or to
rewrite it) puts its bytes back first, so ``--out`` holds what it held before that run.
"""

from __future__ import annotations

import hashlib
import os
from contextlib import suppress
from pathlib import Path
from typing import BinaryIO

from claimaudit.guards.durable import sync_file, sync_folder
from claimaudit.guards.userfiles import write_atomic

# The longest file name most file systems take, in bytes.
_NAME_MAX = 255


def hidden_sibling(out: Path, ending: str) -> Path:
    """``.NAME.ENDING`` beside the file ``out`` names (a symbolic link followed); named by a
    hash of that name where it would be too long a name (a valid ``--out`` refused otherwise).
    Every ``ending`` of one length gives names of one length."""
    target = Path(os.path.realpath(out))
    name = f".{target.name}.{ending}"
    if len(os.fsencode(name)) > _NAME_MAX:
        name = f".ca-{hashlib.sha256(os.fsencode(target.name)).hexdigest()[:32]}.{ending}"
    return target.parent / name


def undo_path(out: Path) -> Path:
    """Where ``out``'s bytes wait while it is rewritten in place (see the module's doc)."""
    return hidden_sibling(out, "undo")


def rewrite_in_place(out: Path, old: bytes, new: bytes) -> None:
    """Make ``out``, which holds ``old``, hold ``new``: the same file (its hard links, locks and
    permissions kept), and after a crash at any point either ``old`` or ``new`` once the next
    run has called ``restore_interrupted``. OSError when the system refuses; ``out`` then holds
    ``old`` (or, if even that write fails, its undo file does, for the next run)."""
    restore_interrupted(out)
    undo = undo_path(out)
    # Opened first: a file that may not be written (read-only) is refused before any undo
    # file is made. No O_CREAT: a file removed since it was read is an error, not a new file.
    with open(os.open(out, os.O_WRONLY | os.O_CLOEXEC), "wb") as handle:
        write_atomic(undo, old)  # on the disk, under its name, before ``out`` is touched
        try:
            _fill(handle, new)
        except BaseException:
            with suppress(OSError):
                _fill(handle, old)
                _remove(undo)  # put back now; else the next run puts it back
            raise
    _remove(undo)


def restore_interrupted(out: Path) -> bool:
    """Put back what ``out`` held before a rewrite that never finished (its undo file is
    there), and remove the undo file; whether there was one. OSError when it cannot be read or
    written, the undo file then left for another try."""
    undo = undo_path(out)
    try:
        old = undo.read_bytes()
    except FileNotFoundError:
        return False
    with open(os.open(out, os.O_WRONLY | os.O_CLOEXEC), "wb") as handle:
        _fill(handle, old)
    _remove(undo)
    return True


def _fill(handle: BinaryIO, data: bytes) -> None:
    """``data``, and nothing after it, in the file from its start, on the disk."""
    handle.seek(0)
    handle.write(data)
    handle.truncate()
    handle.flush()
    sync_file(handle.fileno())


def _remove(undo: Path) -> None:
    undo.unlink()
    sync_folder(undo.parent)
