"""An upgrade that finds no room (a full disk, a file size limit) says so, what to do, and
that the library is unchanged, and leaves it so: SQLite's bare "disk I/O error" said none of
it."""

from __future__ import annotations

import resource
import subprocess
from pathlib import Path

import pytest

from claimaudit.library.store import Library
from tests.library.old_libraries import assert_latest, insert_local_paper, open_at
from tests.signals import child_env, console_script


def _old_library(path: Path) -> Path:
    """A version 6 library whose upgrade to 7 grows it: each passage's search form (NFKC,
    the ligature undone) is stored beside it."""
    conn = open_at(path, 6)
    insert_local_paper(conn)
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, page_start, page_end) "
        "VALUES (1, ?, ?, 'Intro', ?, 3, 4)",
        [(i, f"P{i:04d}", f"Passage {i}: the \ufb01nding holds. " * 20) for i in range(1000)],
    )
    conn.close()
    return path


# Room for the file as it is, not for the step that grows it (by some 600 KiB): a limit far
# above the file's size was told from a "disk I/O error" of the disk itself by neither file's
# size, since the rolled-back step leaves the file as it was and its journal gone.
@pytest.mark.parametrize("room", [4096, 256 * 1024], ids=["near", "far"])
def test_an_upgrade_past_the_file_size_limit_says_so_and_leaves_the_library(
    tmp_path: Path, room: int
) -> None:
    path = _old_library(tmp_path / "lib.sqlite3")
    before = path.read_bytes()
    # Python ignores SIGXFSZ, so the write fails with EFBIG ("disk I/O error") and the command
    # lives to say so.
    limit = len(before) + room

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(
        [*console_script(), "library", "list", "--library", str(path)],
        capture_output=True,
        text=True,
        env=child_env(),
        preexec_fn=limited,
        timeout=300,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"error: could not upgrade library {path} to schema version 7 (the search index reads "
        "each passage NFKC-normalised (ligatures, full-width letters)): it has reached this "
        "process's file size limit (disk I/O error); the library is unchanged (schema version "
        "6); raise the limit (ulimit -f) and try again"
    )
    assert path.read_bytes() == before
    # Given room, the same library upgrades, every passage kept.
    with Library.open(path, create=False) as library:
        assert library.list_papers()[0].passage_count == 1000
    assert_latest(path, 9)
