"""Reading a file a person named (on the command line, in a bibliography, over MCP).

Only regular files are read, and never past a limit: a device such as ``/dev/zero`` reports a
size of 0 and never ends, and a FIFO blocks until someone writes to it, so neither a size check
nor a plain read is safe on them.
"""

from __future__ import annotations

import stat
from pathlib import Path


class UnreadableFileError(Exception):
    """Why a file cannot be read, in words that follow its name ("is not a regular file")."""


def read_regular(path: Path, limit: int | None = None) -> bytes:
    """The bytes of ``path`` (symlinks followed); UnreadableFileError when it is not a regular
    file or holds more than ``limit`` bytes; OSError when the system refuses it."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise UnreadableFileError("is not a regular file")
    with path.open("rb") as handle:
        data = handle.read() if limit is None else handle.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise UnreadableFileError(f"is over {_size(limit)}")
    return data


def _size(limit: int) -> str:
    mib = limit / (1024 * 1024)
    return f"{mib:g} MiB" if mib >= 1 else f"{limit:,} bytes"
