"""A new library's draft files: a later run removes those whose process was killed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from claimaudit.library.draft_files import new_draft, remove_draft, remove_orphans


def _ended_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _with_side_files(draft: Path) -> Path:
    for side in ("", "-wal", "-shm"):
        Path(f"{draft}{side}").write_bytes(b"x")
    return draft


def test_a_draft_is_hidden_beside_the_library_and_removed_with_its_side_files(
    tmp_path: Path,
) -> None:
    draft = _with_side_files(new_draft(tmp_path / "library.db"))
    assert draft.parent == tmp_path and draft.name.startswith(".library.db.")
    remove_draft(draft)
    assert list(tmp_path.iterdir()) == []


def test_a_draft_whose_process_ended_is_removed(tmp_path: Path) -> None:
    library = tmp_path / "library.db"
    mine = new_draft(library)
    orphan = _with_side_files(tmp_path / mine.name.replace(f"-{os.getpid()}.", f"-{_ended_pid()}."))
    remove_orphans(library)
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name]  # a live run's stays
    assert not orphan.exists()


def test_drafts_it_cannot_tell_are_left(tmp_path: Path) -> None:
    library = tmp_path / "library.db"
    mine = new_draft(library)
    kept = [
        # A live process: this test's parent.
        mine.name.replace(f"-{os.getpid()}.", f"-{os.getppid()}."),
        # Another machine's (a shared folder): its process cannot be looked up from here.
        f".library.db.00000000-{_ended_pid()}.4b8a296b.new",
        ".library.db.4b8a296b.new",  # an older claimaudit's, which names no process
        ".other.db.00000000-1.4b8a296b.new",  # another library's
    ]
    for name in kept:
        (tmp_path / name).write_bytes(b"")
    remove_orphans(library)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mine.name, *kept])


def _aged(*paths: Path, days: float = 8) -> None:
    when = time.time() - days * 24 * 3600
    for path in paths:
        os.utime(path, (when, when))


def _old_draft(folder: Path, name: str) -> Path:
    draft = _with_side_files(folder / name)
    _aged(*folder.glob(f"{name}*"))
    return draft


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux's /proc")
def test_drafts_no_process_here_names_go_once_abandoned(tmp_path: Path) -> None:
    # An older claimaudit's draft, and another machine's, were never removed, however old.
    library = tmp_path / "library.db"
    gone = [
        _old_draft(tmp_path, ".library.db.4b8a296b.new"),  # an older claimaudit's
        _old_draft(tmp_path, f".library.db.00000000-{_ended_pid()}.4b8a296c.new"),  # elsewhere
    ]
    recent = _with_side_files(tmp_path / ".library.db.00000000-1.4b8a296d.new")
    touched = _old_draft(tmp_path, ".library.db.4b8a296e.new")
    Path(f"{touched}-wal").write_bytes(b"written just now")
    held = _old_draft(tmp_path, ".library.db.4b8a296f.new")
    other = _old_draft(tmp_path, ".other.db.4b8a2970.new")  # another library's
    with held.open("rb"):  # a live run (an older claimaudit's) has it open
        remove_orphans(library)
    assert not any(p.exists() for p in gone)
    kept = {p.name.split(".new")[0] for p in tmp_path.iterdir()}
    assert kept == {p.name.split(".new")[0] for p in (recent, touched, held, other)}
