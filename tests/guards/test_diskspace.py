"""Telling a full disk from other failures."""

from __future__ import annotations

import errno
import os
import signal
import sys
import textwrap
from pathlib import Path

import pytest

from claimaudit.guards.diskspace import disk_full, is_no_room, noting_size_limit
from tests.signals import run_python_limited


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


_WRITING = """
import os, signal
from claimaudit.guards.diskspace import noting_size_limit
path = {path!r}
with noting_size_limit() as past_limit:
    with open(path, "wb") as handle:
        try:
            handle.write(b"x" * {size})
            handle.flush()
            print("written")
        except OSError as error:
            print(os.strerror(error.errno))
    print("past the limit" if past_limit() else "within the limit")
# Taken away, never delivered, and the mask as it was: the process lives on.
print(signal.SIGXFSZ in signal.sigpending(), signal.SIGXFSZ in signal.pthread_sigmask(0, []))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="Linux keeps a blocked ignored signal")
@pytest.mark.parametrize(
    ("size", "said"),
    [(256 * 1024, ["File too large", "past the limit"]), (1024, ["written", "within the limit"])],
)
def test_a_write_past_the_file_size_limit_is_noted_however_far_the_limit(
    tmp_path: Path, size: int, said: list[str]
) -> None:
    # The file is left far below the limit (a rolled-back SQLite transaction truncates it
    # back), so its size cannot tell it: the write that passed the limit does.
    code = textwrap.dedent(_WRITING.format(path=str(tmp_path / "big"), size=size))
    done = run_python_limited(code, 128 * 1024)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [*said, "False False"]


def test_without_a_limit_nothing_is_noted_and_the_mask_is_left() -> None:
    with noting_size_limit() as past_limit:
        assert past_limit() is False
        if hasattr(signal, "pthread_sigmask"):
            assert signal.SIGXFSZ not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
