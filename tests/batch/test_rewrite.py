"""Records taken out of ``--out`` in place: hard links and the run's lock kept, and a rewrite
cut short by a crash undone by the next run."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

import pytest

import claimaudit.batch.rewrite as rewrite
from claimaudit.batch.lock import batch_lock
from claimaudit.batch.resume import drop_not_checked
from claimaudit.batch.rewrite import undo_path
from claimaudit.errors import BatchLockedError
from tests.permissions import ordinary_permissions

KEPT = b'{"id":"a","paperRef":"x","inputKey":"k1","verdict":"supports"}\n'
FAILED = b'{"id":"b","paperRef":"y","inputKey":"k2","verdict":"not_checked"}\n'


def test_records_taken_out_keep_a_hard_link_and_the_lock(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(KEPT + FAILED)
    link = tmp_path / "copy.jsonl"
    os.link(out, link)
    with batch_lock(out):
        assert drop_not_checked(out) == 1
        # A new file renamed over --out left the link with the old records, and a second run
        # on it (a lock of another name, an inode no longer --out's) was let in.
        assert os.path.samefile(out, link) and link.read_bytes() == KEPT
        newer = tmp_path / "newer.jsonl"
        os.link(out, newer)  # made while the run writes
        with pytest.raises(BatchLockedError), batch_lock(newer):
            pass
    assert not undo_path(out).exists()


def test_a_rewrite_cut_short_is_undone_by_the_next_run(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(KEPT[:10] + FAILED)  # half new, half old: a crash mid-rewrite
    undo_path(out).write_bytes(KEPT + FAILED)
    assert undo_path(out) == tmp_path / ".out.jsonl.undo"
    with batch_lock(out):
        assert out.read_bytes() == KEPT + FAILED
        assert not undo_path(out).exists()


def test_an_output_removed_since_gets_no_old_records_back(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    undo_path(out).write_bytes(KEPT + FAILED)
    with batch_lock(out):
        assert out.read_bytes() == b""
        assert not undo_path(out).exists()


def test_a_failed_rewrite_leaves_what_the_file_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(KEPT + FAILED)
    real = rewrite._fill

    def fail_once(handle: BinaryIO, data: bytes) -> None:
        monkeypatch.setattr(rewrite, "_fill", real)
        handle.write(data[:5])  # part written, then the disk failed
        handle.flush()
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(rewrite, "_fill", fail_once)
    with pytest.raises(OSError, match="Input/output error"):
        drop_not_checked(out)
    assert out.read_bytes() == KEPT + FAILED
    assert not undo_path(out).exists()


def test_a_read_only_output_is_refused_before_any_undo_file(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(KEPT + FAILED)
    with ordinary_permissions():
        out.chmod(0o444)
        with pytest.raises(PermissionError):
            drop_not_checked(out)
    assert out.read_bytes() == KEPT + FAILED
    assert not undo_path(out).exists()
