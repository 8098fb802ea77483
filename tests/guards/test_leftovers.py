"""What a killed run leaves (a temporary beside an output, eval's scratch library folder) is
removed by the next run, and never while its owner lives."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from claimaudit.guards.leftovers import scratch_folder
from claimaudit.guards.userfiles import write_atomic
from tests.signals import ready_child

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no flock on Windows")

# A child that starts writing ``argv[1]`` atomically (or makes a scratch folder in it), says
# so, and then waits, as a run stopped mid-write does.
_WRITER = """
import sys
import time
from pathlib import Path
from claimaudit.guards.userfiles import atomic_writer
with atomic_writer(Path(sys.argv[1])) as handle:
    handle.write(b"half")
    handle.flush()
    print("ready", flush=True)
    sys.stdin.read()
"""
_SCRATCH = """
import sys
import time
from pathlib import Path
from claimaudit.guards.leftovers import scratch_folder
with scratch_folder("claimaudit-eval-", Path(sys.argv[1])) as folder:
    (folder / "library.sqlite3").write_bytes(b"x" * 1000)
    print("ready", flush=True)
    sys.stdin.read()
"""


def test_a_temporary_is_removed_once_its_writer_is_killed_and_never_before(
    tmp_path: Path,
) -> None:
    older = tmp_path / ".ca-abc123_x.tmp"  # an earlier release's, which holds no lock
    older.write_bytes(b"unknown owner")
    with ready_child(_WRITER, str(tmp_path / "pairs.jsonl")) as child:
        (left,) = tmp_path.glob(".ca-w-*.tmp")
        write_atomic(tmp_path / "other.json", b"{}")  # another run writing beside it
        assert left.exists()  # its writer lives: kept
        child.kill()  # kill -9: no clean-up runs
        child.wait()
    assert left.exists()
    write_atomic(tmp_path / "pairs.jsonl", b"done\n")  # the next run
    assert not left.exists()
    assert older.exists()  # not known to be a leftover: kept
    assert sorted(p.name for p in tmp_path.iterdir()) == [older.name, "other.json", "pairs.jsonl"]


def test_a_scratch_folder_is_removed_once_its_run_is_killed_and_never_before(
    tmp_path: Path,
) -> None:
    unknown = tmp_path / "claimaudit-eval-old"  # an earlier release's, without a lock file
    unknown.mkdir()
    with ready_child(_SCRATCH, str(tmp_path)) as child:
        killed = {p for p in tmp_path.glob("claimaudit-eval-*") if p != unknown}
        assert len(killed) == 1
        with scratch_folder("claimaudit-eval-", tmp_path) as mine:
            assert all(p.is_dir() for p in killed)  # its run lives: kept
            assert (mine / "owner.lock").is_file()
        assert not mine.exists()  # removed when its own run ends
        child.kill()
        child.wait()
    with scratch_folder("claimaudit-eval-", tmp_path) as mine:
        assert not any(p.exists() for p in killed)  # the killed run's folder is gone
    assert [p.name for p in tmp_path.iterdir()] == [unknown.name]


def _aged(path: Path, days: float) -> Path:
    """``path`` and all it holds last changed ``days`` ago (the folder last: a file's change
    would change it)."""
    when = time.time() - days * 24 * 3600
    for inner in sorted(path.rglob("*"), key=lambda p: len(p.parts), reverse=True):
        os.utime(inner, (when, when), follow_symlinks=False)
    os.utime(path, (when, when))
    return path


def _old_scratch(parent: Path, name: str, days: float = 8) -> Path:
    folder = parent / f"claimaudit-eval-{name}"
    (folder / "library").mkdir(parents=True)
    (folder / "library" / "library.sqlite3").write_bytes(b"x" * 1000)
    return _aged(folder, days)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux's /proc")
def test_an_older_release_s_scratch_folder_goes_once_abandoned(tmp_path: Path) -> None:
    # Folders from before the lock existed were never removed, however old.
    gone = _old_scratch(tmp_path, "gone")
    recent = _old_scratch(tmp_path, "recent", days=1)
    touched = _old_scratch(tmp_path, "touched")
    (touched / "library" / "library.sqlite3-wal").write_bytes(b"")  # changed just now
    held = _old_scratch(tmp_path, "held")
    worked_in = _old_scratch(tmp_path, "worked-in")
    with (held / "library" / "library.sqlite3").open("rb"):  # a live run reading its library
        child = subprocess.Popen(
            [sys.executable, "-c", "input()"], cwd=worked_in, stdin=subprocess.PIPE
        )
        try:
            with scratch_folder("claimaudit-eval-", tmp_path):
                pass
        finally:
            child.kill()
            child.wait()
    assert not gone.exists()
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == sorted(p.name for p in (recent, touched, held, worked_in))
