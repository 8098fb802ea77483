"""A new library's draft files: a later run removes those whose process was killed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
