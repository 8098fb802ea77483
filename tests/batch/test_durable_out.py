"""``batch --out`` records survive a crash of the machine: the file is synced as records come
(at most a second apart) and once every record is written, and a new file's folder is synced
so its name survives too."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from claimaudit.batch.run import run_batch
from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from tests.fakes import MemorySource, ScriptedJudge, pick
from tests.syncs import noting_syncs

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")


def test_every_record_is_on_the_disk_when_the_run_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = MemorySource()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    lines = [
        {"id": f"c{i}", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]} for i in range(3)
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    out = tmp_path / "results" / "out.jsonl"
    with noting_syncs(monkeypatch) as synced:
        run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    written = out.read_bytes()
    assert written.count(b"\n") == 3
    files = [s for s in synced if s.path == out]
    assert files and files[-1].content == written  # the last sync holds every record
    # The new file's name: its folder synced once the file was made there.
    assert any(s.folder and s.path == out.parent and "out.jsonl" in s.names for s in synced)


@pytest.mark.parametrize("lock", [True, False])
def test_the_folders_made_for_out_are_synced_with_the_one_above_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lock: bool
) -> None:
    # Else a crash of the machine can lose the new folders, and every synced record with them.
    source = MemorySource()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    src = tmp_path / "in.jsonl"
    line = {"id": "c1", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}
    src.write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = tmp_path / "runs" / "today" / "out.jsonl"
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    with noting_syncs(monkeypatch) as synced:
        run_batch(src, out, checker, lock=lock)
    folders = [(s.path, s.names) for s in synced if s.folder]
    assert any(path == tmp_path and "runs" in names for path, names in folders)
    assert any(path == tmp_path / "runs" and "today" in names for path, names in folders)
