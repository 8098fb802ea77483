"""``repair_library``: the index and the caches remade, papers and passages untouched."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.errors import LibraryDamagedError, LibraryError
from claimaudit.identity import parse_ref
from claimaudit.library.health import check_health
from claimaudit.library.repair import repair_library
from claimaudit.library.result_cache import LibraryResultCache
from claimaudit.library.store import Library
from tests.library.damaging import (
    ASPIRIN,
    break_cache_table,
    break_core_table,
    break_index_table,
    empty_index,
    execute,
    lose_index_data,
    lose_index_rows,
    lose_part_of_term_index,
    lose_term_index,
    make_library,
    orphan_passages,
    rows,
)
from tests.permissions import ordinary_permissions
from tests.syncs import noting_syncs


def _backups(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".bak-" in p.name)


@pytest.mark.parametrize(
    "damage",
    [empty_index, lose_index_rows, lose_index_data, lose_term_index, lose_part_of_term_index],
)
def test_a_damaged_index_is_rebuilt_and_nothing_else_changes(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    stored = rows(path)
    damage(path)
    done = repair_library(path)
    assert done.after.healthy and done.after.indexed == 4
    assert any("full-text index" in action for action in done.actions)
    assert rows(path) == stored
    with Library.open(path) as library:
        assert [h.passage_id for h in library.search("aspirin heart attack")] == ["P001"]
        library.remove(parse_ref(ASPIRIN))  # the triggers write to the index again
        assert library.search("aspirin") == []


def test_a_backup_copy_is_made_first(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    stored = rows(path)
    empty_index(path)
    done = repair_library(path)
    assert done.backup is not None and _backups(tmp_path) == [done.backup]
    assert done.backup.name.startswith("lib.sqlite3.bak-")
    assert rows(done.backup) == stored
    # The copy is the library as it was, damage included: nothing lost either way.
    assert not check_health(done.backup).healthy


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")
def test_the_backups_name_is_on_the_disk_before_the_repair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite syncs the copy's pages, not its new name in the folder: a crash of the machine
    # after the repair could leave the library repaired and the backup promised beside it gone.
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    with noting_syncs(monkeypatch) as synced:
        done = repair_library(path)
    assert done.backup is not None
    assert any(s.folder and s.path == tmp_path and done.backup.name in s.names for s in synced)


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")
def test_a_backup_the_disk_fails_to_keep_stops_the_repair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    damaged = path.read_bytes()
    real = os.fsync

    def fsync(fd: int) -> None:
        if ".bak-" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(LibraryError) as raised:
        repair_library(path)
    assert str(raised.value).startswith(f"could not back up {path} to ")
    assert str(raised.value).endswith("so nothing was changed: Input/output error")
    assert _backups(tmp_path) == [] and path.read_bytes() == damaged


def test_no_backup_when_asked_for_none(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    done = repair_library(path, backup=False)
    assert done.backup is None and _backups(tmp_path) == []
    assert done.after.healthy


def test_dropped_caches_and_triggers_are_recreated(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(
        path,
        "DROP TABLE judged_results",
        "DROP TABLE reference_lookups",
        "DROP TRIGGER passages_ad",
    )
    done = repair_library(path, backup=False)
    assert done.after.healthy
    assert "recreated the table judged_results (empty: it is only a cache)" in done.actions
    assert "recreated the trigger passages_ad, which keeps the index in step" in done.actions
    assert LibraryResultCache(path).count() == 0


def test_a_dropped_view_the_index_reads_through_is_said_and_made_again(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, "DROP VIEW passages_search")
    before = check_health(path)
    assert [p.message for p in before.problems] == [
        "the view passages_search is missing (the index cannot be checked nor rebuilt)"
    ]
    done = repair_library(path, backup=False)
    assert done.after.healthy
    with Library.open(path) as library:
        assert [h.passage_id for h in library.search("aspirin")] == ["P001"]


def test_a_healthy_library_is_left_alone(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    before = path.read_bytes()
    done = repair_library(path)
    assert done.actions == () and done.backup is None and done.after.healthy
    assert path.read_bytes() == before and _backups(tmp_path) == []


def test_damaged_core_tables_are_refused_and_left_as_they_are(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_core_table(path)
    before = path.read_bytes()
    with pytest.raises(LibraryDamagedError, match="restore a backup"):
        repair_library(path)
    assert path.read_bytes() == before and _backups(tmp_path) == []


def test_passages_no_paper_holds_are_removed_counted_and_kept_in_the_backup(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_passages(path)
    stored = rows(path)
    done = repair_library(path)
    assert done.backup is not None and done.removed_passages == 2
    assert done.actions == (
        "removed 2 passages that no paper holds (left behind by 1 removed paper) "
        f"(the backup {done.backup} still holds them)",
    )
    assert done.after.healthy and done.after.passages == done.after.indexed == 2
    assert rows(done.backup) == stored  # nothing lost: the copy has them


def test_one_passage_removed_is_one_the_backup_still_holds(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_passages(path)
    orphans = "SELECT rowid FROM passages WHERE paper_id NOT IN (SELECT id FROM papers)"
    execute(path, f"DELETE FROM passages WHERE rowid = ({orphans} LIMIT 1)")
    done = repair_library(path)
    assert done.removed_passages == 1
    assert done.actions[0].startswith("removed 1 passage that no paper holds")
    assert done.actions[0].endswith(f"(the backup {done.backup} still holds it)")
    with Library.open(path) as library:
        assert library.search("aspirin") == []  # gone from the index too
        assert [h.passage_id for h in library.search("coffee")] == ["P001"]


def test_without_a_backup_the_removal_is_still_said(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_passages(path)
    done = repair_library(path, backup=False)
    assert done.actions == (
        "removed 2 passages that no paper holds (left behind by 1 removed paper)",
    )
    assert done.after.healthy and _backups(tmp_path) == []


def test_an_empty_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    done = repair_library(path)
    assert done.actions == () and done.backup is None and done.after.empty
    assert path.read_bytes() == b"" and _backups(tmp_path) == []


def test_junk_in_a_page_of_the_index_is_repaired_by_a_rebuild(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    stored = rows(path)
    break_index_table(path)
    done = repair_library(path)
    assert done.after.healthy and done.after.indexed == 4
    assert rows(path) == stored
    with Library.open(path) as library:
        assert [h.passage_id for h in library.search("aspirin heart attack")] == ["P001"]


def test_damage_sqlite_cannot_place_is_refused_without_blaming_the_papers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As an SQLite before 3.33, which cannot check one table alone.
    monkeypatch.setattr("claimaudit.library.quick_check._TABLE_CHECK_SINCE", (999,))
    path = make_library(tmp_path / "lib.sqlite3")
    break_index_table(path)
    with pytest.raises(LibraryDamagedError) as raised:
        repair_library(path)
    assert f"{path}: the database file is damaged (SQLite: " in str(raised.value)
    assert "papers" not in str(raised.value) and _backups(tmp_path) == []


# Once SQLite has met the damaged page, FTS5's check of the index on that connection may fail
# as "malformed" too (not every time): the index is then rebuilt as well, which is harmless.
SPURIOUS_INDEX_REBUILD = "rebuilt the full-text index from 4 passages"


def test_a_damaged_cache_table_is_rebuilt_empty_and_nothing_else_touched(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    kept = rows(path)
    break_cache_table(path)
    done = repair_library(path)
    assert done.actions[0] == "rebuilt the damaged table judged_results (empty: it is only a cache)"
    assert set(done.actions[1:]) <= {SPURIOUS_INDEX_REBUILD}
    assert done.after.healthy and done.backup is not None and done.backup.exists()
    assert rows(path) == kept
    assert LibraryResultCache(path).count() == 0


def test_a_cache_table_that_lost_pages_is_rebuilt_and_its_pages_given_back(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    kept = rows(path)
    break_cache_table(path, rows=300, size=2000)
    assert check_health(path).repairable
    done = repair_library(path, backup=False)
    assert "rebuilt the damaged table judged_results (empty: it is only a cache)" in done.actions
    assert done.after.healthy
    assert rows(path) == kept


def test_a_library_that_may_not_be_written_is_refused_before_any_backup(tmp_path: Path) -> None:
    # A read-only library was first copied whole beside itself (a .bak- as large as it), and
    # the repair then failed with SQLite's "attempt to write a readonly database".
    path = make_library(tmp_path / "lib.sqlite3")
    stored = rows(path)
    empty_index(path)
    path.chmod(0o444)
    with ordinary_permissions(), pytest.raises(LibraryError) as caught:
        repair_library(path)
    assert str(caught.value) == (
        f"cannot repair {path}: the file may not be written (Permission denied); nothing was "
        "changed and no backup made"
    )
    assert _backups(tmp_path) == []
    path.chmod(0o644)
    assert rows(path) == stored
