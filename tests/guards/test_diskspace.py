"""Telling a full disk from other failures."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from claimaudit.guards.diskspace import disk_full, is_no_room


class _Room:
    f_frsize = 4096

    def __init__(self, blocks: int) -> None:
        self.f_bavail = blocks


@pytest.mark.parametrize(("blocks", "full"), [(0, True), (3, True), (1_000, False)])
def test_a_disk_is_full_when_next_to_no_room_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, blocks: int, full: bool
) -> None:
    asked: list[object] = []

    def statvfs(path: object) -> _Room:
        asked.append(path)
        return _Room(blocks)

    monkeypatch.setattr(os, "statvfs", statvfs)
    assert disk_full(tmp_path / "library.sqlite3") is full
    assert asked == [tmp_path]  # the file's folder: the file itself need not exist


def test_a_folder_that_cannot_be_asked_is_not_called_full(tmp_path: Path) -> None:
    assert disk_full(tmp_path / "missing" / "library.sqlite3") is False


def test_only_a_write_without_room_is_no_room() -> None:
    assert is_no_room(OSError(errno.ENOSPC, "No space left on device"))
    assert is_no_room(OSError(errno.EDQUOT, "Disk quota exceeded"))
    assert not is_no_room(OSError(errno.EACCES, "Permission denied"))
