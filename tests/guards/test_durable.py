"""Outputs survive a crash of the machine, not only of the process: a file is synced before it
is renamed into place, and its folder after, so the name never holds an empty file."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from claimaudit.guards.durable import PacedSync
from claimaudit.guards.userfiles import make_folder, write_atomic
from claimaudit.guards.write_all import write_all_atomic
from tests.syncs import noting_syncs

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")


def test_an_atomic_write_syncs_the_file_then_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "report.json"
    out.write_bytes(b"old")
    with noting_syncs(monkeypatch) as synced:
        write_atomic(out, b"new report")
    file, folder = synced
    # The temporary, whole, before the rename: the output still held what it held.
    assert not file.folder and file.content == b"new report" and file.path.parent == tmp_path
    assert file.path != out
    # Then the folder, once the output's name is the new file's.
    assert folder.folder and folder.path == tmp_path and "report.json" in folder.names
    assert out.read_bytes() == b"new report"


def test_files_written_together_are_each_synced_and_their_folders_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    files = {tmp_path / "a.tex": b"A", tmp_path / "b.tex": b"B", tmp_path / "sub/c.tex": b"C"}
    with noting_syncs(monkeypatch) as synced:
        write_all_atomic(files)
    assert sorted(s.content or b"" for s in synced if not s.folder) == [b"A", b"B", b"C"]
    folders = [s.path for s in synced if s.folder]
    assert folders == [tmp_path, tmp_path / "sub"]
    assert all(s.folder for s in synced[3:])  # the folders after every file


def test_a_stream_cannot_be_synced_and_is_no_error() -> None:
    read, write = os.pipe()
    try:
        paced = PacedSync(write)
        paced.wrote()  # a pipe answers EINVAL: nothing there to lose
        paced.finish()
    finally:
        os.close(read)
        os.close(write)


def test_folders_made_for_an_output_are_synced_with_the_one_above_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A new folder's name is a change of the folder above it: unsynced, a crash can lose the
    # folder, and the synced file in it with it.
    out = tmp_path / "new" / "dir" / "report.json"
    with noting_syncs(monkeypatch) as synced:
        write_atomic(out, b"report")
    folders = [(s.path, s.names) for s in synced if s.folder]
    assert (tmp_path, frozenset({"new"})) in folders
    assert (tmp_path / "new", frozenset({"dir"})) in folders
    assert folders[-1] == (tmp_path / "new" / "dir", frozenset({"report.json"}))
    assert out.read_bytes() == b"report"


def test_a_folder_made_before_the_write_is_synced_when_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The commands make an output's folder before their work (cli require_writable), so the
    # write itself finds it there: the folder must be synced where it is made.
    with noting_syncs(monkeypatch) as synced:
        made = make_folder(tmp_path / "a" / "b")
    assert made == [tmp_path / "a" / "b", tmp_path / "a"]
    assert [s.path for s in synced if s.folder] == [tmp_path, tmp_path / "a", tmp_path / "a" / "b"]
    assert synced[0].names == frozenset({"a"}) and synced[1].names == frozenset({"b"})


def test_an_existing_folder_is_not_synced_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with noting_syncs(monkeypatch) as synced:
        assert make_folder(tmp_path) == []
    assert synced == []


def test_files_written_together_sync_the_folders_made_for_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {tmp_path / "new/a.tex": b"A", tmp_path / "new/deeper/c.tex": b"C"}
    with noting_syncs(monkeypatch) as synced:
        write_all_atomic(files)
    folders = [(s.path, s.names) for s in synced if s.folder]
    assert (tmp_path, frozenset({"new"})) in folders
    assert any(path == tmp_path / "new" and "deeper" in names for path, names in folders)
