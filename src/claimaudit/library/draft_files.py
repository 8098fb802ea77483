"""The hidden files a new library is built in (``library_for_adding``), beside the library's
path: ``.NAME.OWNER.TOKEN.new``. A run killed before its first paper was stored (``kill -9``,
an out-of-memory kill) cannot remove its own; the name says which process on which machine
made it, so a later run removes those whose process is gone. Those whose process cannot be
looked up here (another machine's, or an older release's ``.NAME.TOKEN.new``, which names none)
are removed once abandoned (``leftovers.abandoned``: unchanged for a week, held open by none)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import socket
from pathlib import Path

from claimaudit.guards.leftovers import abandoned

# SQLite's files beside a database; closing the last connection removes them.
_SIDE_FILES = ("-wal", "-shm", "-journal")
_SUFFIX = ".new"


def new_draft(resolved: Path) -> Path:
    """A name for a new draft of the library at ``resolved``, made here with O_EXCL so that
    an existing name is never reused."""
    owner, token = _owner(os.getpid()), secrets.token_hex(4)
    draft = resolved.with_name(f".{resolved.name}.{owner}.{token}{_SUFFIX}")
    os.close(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    return draft


def remove_draft(draft: Path) -> None:
    """``draft`` and SQLite's files beside it, those that are there."""
    for name in _with_side_files(draft):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


def remove_orphans(resolved: Path) -> None:
    """The drafts beside ``resolved`` whose process, on this machine, has ended, and those
    abandoned whose process cannot be looked up. Best effort: a draft that cannot be removed,
    or whose owner cannot be told, is left."""
    try:
        names = os.listdir(resolved.parent)
    except OSError:
        return
    here = _owner(0).rsplit("-", 1)[0]
    # Now: .NAME.HOST-PID.TOKEN.new; before the process was named: .NAME.TOKEN.new.
    draft = re.compile(
        rf"\.{re.escape(resolved.name)}\.(?:(?P<host>[0-9a-f]{{8}})-(?P<pid>\d+)\.)?[0-9a-f]{{8}}"
        + re.escape(_SUFFIX)
    )
    for name in names:
        match = draft.fullmatch(name)
        if match is None:
            continue
        path = resolved.parent / name
        ended = match["host"] == here and _ended(int(match["pid"]))
        # Another machine's process cannot be looked up from here (a shared folder), nor an
        # older release's, which names none: those go once nothing has touched them a while.
        if ended or abandoned(_with_side_files(path)):
            with contextlib.suppress(OSError):
                remove_draft(path)


def _with_side_files(draft: Path) -> list[Path]:
    return [draft, *(Path(f"{draft}{side}") for side in _SIDE_FILES)]


def _owner(pid: int) -> str:
    # The host name, hashed: short, and only letters and digits whatever the name holds.
    host = hashlib.sha256(socket.gethostname().encode()).hexdigest()[:8]
    return f"{host}-{pid}"


def _ended(pid: int) -> bool:
    if pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process (EPERM): alive
        return False
    return False
