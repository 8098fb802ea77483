"""Two ``claimaudit batch`` runs on one ``--out``: the second is refused before it judges."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.hostile.helpers import assert_one_line_usage_error, cli

ROWS = [
    {"id": i, "claim": f"Coffee claim number {i}.", "papers": ["scifact:1", "scifact:2"]}
    for i in range(3)
]

# Another run, as the lock file documented in the README sees it: it holds the file's flock.
HOLDER = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()
"""


def _input(tmp_path: Path) -> Path:
    path = tmp_path / "conc.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    return path


def test_a_second_run_on_one_output_is_refused_and_writes_nothing(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    src = _input(tmp_path)
    out = tmp_path / "conc-out.jsonl"
    out.write_text("", encoding="utf-8")
    lock = os.open(tmp_path / ".conc-out.jsonl.lock", os.O_RDONLY | os.O_CREAT)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the first run, still writing
        second = cli("batch", src, "--out", out, *scripted_cli)
    finally:
        os.close(lock)
    assert_one_line_usage_error(second, f"another batch or eval run is writing {out}")
    assert out.read_text(encoding="utf-8") == ""
    first = cli("batch", src, "--out", out, *scripted_cli)
    assert first.exit_code == 0, first.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) == 6  # each pair once
    assert sorted(p.name for p in tmp_path.iterdir()) == ["conc-out.jsonl", "conc.jsonl"]


def test_a_run_killed_while_holding_the_lock_does_not_block_the_next(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    src = _input(tmp_path)
    out = tmp_path / "conc-out.jsonl"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path / ".conc-out.jsonl.lock")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        refused = cli("batch", src, "--out", out, *scripted_cli)
        assert_one_line_usage_error(refused, f"another batch or eval run is writing {out}")
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    finally:
        holder.kill()
        holder.wait()
    result = cli("batch", src, "--out", out, *scripted_cli)
    assert result.exit_code == 0, result.stderr
    assert "wrote 6 records" in result.stderr
    assert not (tmp_path / ".conc-out.jsonl.lock").exists()


def test_a_lock_file_that_cannot_be_made_is_one_line(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    src = _input(tmp_path)
    out = tmp_path / "conc-out.jsonl"
    (tmp_path / ".conc-out.jsonl.lock").mkdir()  # in the way: no lock file can be opened there
    result = cli("batch", src, "--out", out, *scripted_cli)
    assert_one_line_usage_error(result, f"cannot lock {out}: Is a directory")
    assert not out.exists()
