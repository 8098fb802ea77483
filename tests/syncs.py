"""Which files and folders were synced to the disk (``os.fsync``), as they were at that moment:
the real ``os.fsync`` runs, wrapped to note its descriptor's path and what the file held."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Synced:
    path: Path  # the file or folder, as /proc names its descriptor
    folder: bool
    content: bytes | None  # a file's bytes when it was synced; None for a folder
    names: frozenset[str]  # a folder's names when it was synced; empty for a file


@contextmanager
def noting_syncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Synced]]:
    """The syncs made inside the block, in order."""
    real = os.fsync
    noted: list[Synced] = []

    def fsync(fd: int) -> None:
        path = Path(os.readlink(f"/proc/self/fd/{fd}"))
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            noted.append(Synced(path, True, None, frozenset(os.listdir(path))))
        else:  # opened afresh: the descriptor may be write-only (an appended --out)
            noted.append(Synced(path, False, Path(f"/proc/self/fd/{fd}").read_bytes(), frozenset()))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    yield noted
