"""One batch run per ``--out``: the lock beside it, refused at once, freed however a run ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from claimaudit.batch.lock import batch_lock, lock_path
from claimaudit.batch.run import run_batch
from claimaudit.checker.pipeline import Checker
from claimaudit.errors import BatchLockedError
from claimaudit.guards import own_stdout
from claimaudit.identity import parse_ref
from tests.fakes import MemorySource, ScriptedJudge, pick

# Holds the lock of argv[1] until stdin closes or the process is killed.
HOLDER = """
import sys
from pathlib import Path
from claimaudit.batch.lock import batch_lock
with batch_lock(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()
"""


def test_a_second_lock_on_one_output_is_refused_and_the_first_leaves_nothing(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out.jsonl"
    with batch_lock(out):
        assert lock_path(out) == tmp_path / ".out.jsonl.lock"
        message = f"^another batch or eval run is writing {out}$"
        refused = pytest.raises(BatchLockedError, match=message)
        with refused, batch_lock(out):
            pass
        with batch_lock(tmp_path / "other.jsonl"):  # another output is another lock
            pass
    assert list(tmp_path.iterdir()) == []
    with batch_lock(out):  # free again
        pass


def test_a_link_to_the_output_shares_its_lock(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("", encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(out)
    with batch_lock(out), pytest.raises(BatchLockedError), batch_lock(link):
        pass


def test_a_lock_file_left_by_a_killed_run_is_taken_and_removed(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        with pytest.raises(BatchLockedError), batch_lock(out):
            pass
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    finally:
        holder.kill()
        holder.wait()
    assert lock_path(out).exists()  # a kill runs no clean-up; the kernel freed the lock
    with batch_lock(out):
        pass
    assert not lock_path(out).exists()


def test_a_stream_output_is_not_locked(tmp_path: Path) -> None:
    fifo = tmp_path / "records.jsonl"
    os.mkfifo(fifo)
    with batch_lock(fifo), batch_lock(fifo):  # nothing is read back from a stream
        assert sorted(p.name for p in tmp_path.iterdir()) == ["records.jsonl"]


def test_run_batch_refuses_an_output_another_run_holds(tmp_path: Path) -> None:
    memory = MemorySource()
    memory.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": 1, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}\n')
    out = tmp_path / "out.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    with batch_lock(out), pytest.raises(BatchLockedError):
        run_batch(src, out, Checker(memory, judge))
    assert judge.seen == [] and not out.exists()
    assert run_batch(src, out, Checker(memory, judge)).written == 1


def test_a_hard_link_to_the_output_shares_its_lock(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("", encoding="utf-8")
    hard = tmp_path / "hard.jsonl"
    os.link(out, hard)  # another name, so another lock file: the file itself must be locked
    message = f"^another batch or eval run is writing {hard}$"
    refused = pytest.raises(BatchLockedError, match=message)
    with batch_lock(out), refused, batch_lock(hard):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hard.jsonl", "out.jsonl"]
    with batch_lock(hard):  # free again, through either name
        pass


def test_a_hard_link_made_while_a_new_output_is_written_shares_its_lock(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    hard = tmp_path / "hard.jsonl"
    with batch_lock(out):
        out.write_text("{}\n", encoding="utf-8")  # the run writes the file it started without
        os.link(out, hard)
        with pytest.raises(BatchLockedError), batch_lock(hard):
            pass
    assert out.read_text(encoding="utf-8") == "{}\n"  # what the run wrote stays
    with batch_lock(hard):
        pass


def test_folders_made_for_a_lock_go_when_the_run_leaves_them_empty(tmp_path: Path) -> None:
    out = tmp_path / "new" / "deeper" / "out.jsonl"
    with batch_lock(out):  # a run refused before writing (an unknown judge)
        assert out.parent.is_dir()
    assert list(tmp_path.iterdir()) == []
    with batch_lock(out):  # a run that wrote: its folders and output stay
        out.write_text("{}\n", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "{}\n"
    assert os.listdir(out.parent) == ["out.jsonl"]


def test_an_output_whose_name_is_near_the_limit_is_locked_and_refused_twice(
    tmp_path: Path,
) -> None:
    # ".NAME.lock" of a 250-byte name is 256 bytes: "File name too long" for a valid --out.
    out = tmp_path / ("a" * 244 + ".jsonl")
    with batch_lock(out):
        assert lock_path(out).exists() and len(lock_path(out).name) < 255
        with pytest.raises(BatchLockedError), batch_lock(out):
            pass
    assert lock_path(out) != lock_path(tmp_path / ("b" * 244 + ".jsonl"))


def test_dev_stdout_is_locked_as_the_file_standard_output_goes_to_while_claimed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ``eval --out - > rows.jsonl``: claimed (``own_stdout``), /dev/stdout leads to stderr,
    # and the lock went beside whatever file stderr was, leaving rows.jsonl unlocked.
    rows = tmp_path / "rows.jsonl"
    with rows.open("w", encoding="utf-8") as redirected:
        monkeypatch.setattr(own_stdout, "_own", redirected)
        with batch_lock(Path("/dev/stdout")):
            assert (tmp_path / ".rows.jsonl.lock").exists()
            with pytest.raises(BatchLockedError), batch_lock(rows):
                pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.jsonl"]


def test_a_lock_whose_set_up_fails_leaves_nothing_and_frees_the_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The output locked, then restoring a cut-short rewrite failed: every part of the lock goes.
    out = tmp_path / "out.jsonl"
    out.write_text("{}\n", encoding="utf-8")

    def broken(path: Path) -> None:
        raise OSError("restore failed")

    monkeypatch.setattr("claimaudit.batch.lock.restore_interrupted", broken)
    with pytest.raises(OSError, match="restore failed"), batch_lock(out):
        pass
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]
    assert out.read_text(encoding="utf-8") == "{}\n"
    monkeypatch.undo()
    with batch_lock(out):  # free again
        pass
