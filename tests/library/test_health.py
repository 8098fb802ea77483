"""``check_health``: what ``library check`` finds, without changing the library."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.library._migrations import LATEST_VERSION
from claimaudit.library.health import ProblemKind, check_health
from tests.library.damaging import (
    NEVER_ISSUED,
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
    store_under_never_issued_id,
)
from tests.permissions import ordinary_permissions


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_whole_library_is_healthy(tmp_path: Path) -> None:
    health = check_health(make_library(tmp_path / "lib.sqlite3"))
    assert health.healthy and not health.repairable
    counts = (health.papers, health.passages, health.indexed)
    assert (health.schema_version, counts) == (LATEST_VERSION, (2, 4, 4))


@pytest.mark.parametrize("damage", [empty_index, lose_index_rows, lose_index_data])
def test_a_damaged_index_is_found_and_repairable(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    damage(path)
    health = check_health(path)
    assert not health.healthy and health.repairable
    assert {p.kind for p in health.problems} == {ProblemKind.INDEX}
    assert any("does not match the passages" in p.message for p in health.problems)


@pytest.mark.parametrize("damage", [lose_term_index, lose_part_of_term_index])
def test_an_index_that_lost_its_term_lookup_is_found_though_fts5_passes_it(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    damage(path)
    health = check_health(path)
    assert not health.healthy and health.repairable and health.indexed == 4
    assert [(p.kind, p.message) for p in health.problems] == [
        (
            ProblemKind.INDEX,
            'the full-text index does not find passage 1 by its word "the" (its lookup of '
            "terms is damaged)",
        )
    ]


def test_an_index_in_small_pages_is_healthy(tmp_path: Path) -> None:
    """The probe looks words up as a search does: a whole index of many pages passes it."""
    path = make_library(tmp_path / "lib.sqlite3")
    execute(
        path,
        "INSERT INTO passages_fts(passages_fts, rank) VALUES ('pgsz', 32)",
        "INSERT INTO passages_fts(passages_fts) VALUES ('rebuild')",
    )
    assert check_health(path).healthy


def test_an_emptied_index_is_counted(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    messages = [p.message for p in check_health(path).problems]
    assert "the full-text index holds 0 passages, the library 4" in messages


def test_missing_triggers_and_caches_are_found(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, "DROP TABLE judged_results", "DROP TRIGGER passages_ai")
    found = {(p.kind, p.message) for p in check_health(path).problems}
    assert (ProblemKind.CACHE, "the table judged_results is missing") in found
    assert any(k is ProblemKind.INDEX and "passages_ai" in m for k, m in found)


def test_each_missing_trigger_says_what_goes_unindexed(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, *(f"DROP TRIGGER passages_{t}" for t in ("ai", "ad", "au")))
    assert {p.message for p in check_health(path).problems} == {
        "the trigger passages_ai is missing (passages added now are not indexed)",
        "the trigger passages_ad is missing (passages removed now stay in the index)",
        "the trigger passages_au is missing (passages changed now are not indexed again)",
    }


def test_damage_to_the_core_tables_is_not_repairable(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_core_table(path)
    health = check_health(path)
    assert not health.healthy and not health.repairable
    assert health.has(ProblemKind.CORE)


def test_a_missing_core_table_is_not_repairable(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, "DROP TABLE papers")
    health = check_health(path)
    assert [p.message for p in health.problems if p.kind is ProblemKind.CORE] == [
        "the table papers is missing"
    ]


def test_checking_changes_nothing(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    before = _digest(path)
    assert not check_health(path).healthy
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir() if "bak" in p.name) == []


def test_an_older_library_is_not_told_it_lacks_newer_tables(tmp_path: Path) -> None:
    from claimaudit.library._migrations import migrate

    path = tmp_path / "v2.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=2) == 2
    conn.close()
    health = check_health(path)
    assert health.healthy and health.schema_version == 2


def test_nothing_to_check_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(LibraryOpenError, match="no library at"):
        check_health(tmp_path / "absent.sqlite3")
    assert not (tmp_path / "absent.sqlite3").exists()
    other = tmp_path / "other.sqlite3"
    execute(other, "CREATE TABLE stuff (x)")
    with pytest.raises(LibraryOpenError, match="not a claimaudit library"):
        check_health(other)


@pytest.mark.parametrize("content", [b"hello\n", b"# README\n\nnot a database at all\n" * 200])
def test_a_file_that_is_no_database_is_not_a_library_not_a_damaged_one(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(content)
    with pytest.raises(LibraryOpenError) as raised:
        check_health(path)
    assert str(raised.value) == (
        f"cannot open library {path}: file is not a database (nor a claimaudit library)"
    )
    assert path.read_bytes() == content


def test_a_database_whose_pages_are_junk_is_damaged(tmp_path: Path) -> None:
    """SQLite's header kept, everything after it overwritten: a damaged database (a library,
    perhaps), for a backup copy to replace."""
    path = make_library(tmp_path / "lib.sqlite3")
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    health = check_health(path)
    assert not health.repairable and health.has(ProblemKind.CORE)
    assert "cannot be read as a database" in health.problems[0].message


def test_passages_whose_paper_is_gone_are_a_repairable_problem(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_passages(path)
    health = check_health(path)
    assert not health.healthy and health.repairable and health.orphans == 2
    assert [(p.kind, p.message) for p in health.problems] == [
        (
            ProblemKind.ORPHAN,
            "no paper holds 2 passages (left behind by 1 removed paper); they still hold its text",
        )
    ]


def test_a_whole_library_has_no_orphans(tmp_path: Path) -> None:
    assert check_health(make_library(tmp_path / "lib.sqlite3")).orphans == 0


def test_an_empty_file_is_no_library_yet_not_a_healthy_one_with_counts(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    health = check_health(path)
    assert health.empty and not health.problems
    assert (health.papers, health.passages, health.indexed) == (None, None, None)
    assert path.read_bytes() == b""  # checking it made nothing
    assert not check_health(make_library(tmp_path / "lib.sqlite3")).empty


def test_a_paper_under_a_reference_now_refused_is_named_but_not_damage(tmp_path: Path) -> None:
    path = store_under_never_issued_id(make_library(tmp_path / "lib.sqlite3"))
    health = check_health(path)
    # The database is whole (repair would change nothing): the paper is named, not a problem.
    assert health.healthy and health.papers == 3
    [refused] = health.refused
    assert refused.ref == NEVER_ISSUED
    assert refused.reason.startswith("not a valid arXiv identifier: '0703.1234'")
    assert "begin in April 2007 (0704)" in refused.reason


def test_a_library_of_valid_references_names_none_refused(tmp_path: Path) -> None:
    assert check_health(make_library(tmp_path / "lib.sqlite3")).refused == ()


def test_a_library_in_a_folder_that_may_not_be_written_cannot_be_opened_not_damaged(
    tmp_path: Path,
) -> None:
    """WAL mode keeps the -wal and -shm files beside the file: SQLite cannot read a library
    in a read-only folder at all, and says "attempt to write a readonly database"."""
    folder = tmp_path / "shelf"
    folder.mkdir()
    path = make_library(folder / "lib.sqlite3")
    folder.chmod(0o555)
    try:
        with ordinary_permissions(), pytest.raises(LibraryOpenError) as raised:
            check_health(path)
    finally:
        folder.chmod(0o755)
    assert str(raised.value) == (
        f"cannot open library {path}: attempt to write a readonly database (its folder "
        f"{folder} may not be written, and SQLite keeps the -wal and -shm files there)"
    )


def test_a_read_only_file_is_checked_all_but_fts5s_own_check_which_writes(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)  # found without FTS5's check: the counts differ, and the probe misses
    path.chmod(0o444)
    try:
        with ordinary_permissions():
            health = check_health(path)
    finally:
        path.chmod(0o644)
    assert health.repairable and health.has(ProblemKind.INDEX) and health.papers == 2
    [note] = health.notes
    assert note == (
        "FTS5's own check of the full-text index was skipped: it needs write access, which "
        "this library file does not give (attempt to write a readonly database); the other "
        "checks ran"
    )


def test_a_check_while_another_process_writes_skips_only_fts5s_check(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    writer = sqlite3.connect(path, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # a `library add` inside its write transaction
        writer.execute("DELETE FROM judged_results")
        health = check_health(path)
    finally:
        writer.close()
    assert health.healthy and (health.papers, health.passages, health.indexed) == (2, 4, 4)
    [note] = health.notes
    assert note.startswith("FTS5's own check of the full-text index was skipped: it needs ")
    assert "the write lock, which another process holds" in note
    assert check_health(path).notes == ()  # the lock gone, it runs again


def test_junk_in_a_page_of_the_index_is_the_index_s_damage_not_the_papers(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_index_table(path)
    health = check_health(path)
    assert health.repairable and not health.papers_damaged
    assert {p.kind for p in health.problems} == {ProblemKind.INDEX}
    assert health.problems[0].message.startswith(
        "SQLite, in the full-text index's table passages_fts_data: "
    )
    assert (health.papers, health.passages) == (2, 4)  # the papers are still counted


def test_junk_in_a_page_of_the_passages_is_the_papers_damage(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_core_table(path)
    health = check_health(path)
    assert not health.repairable and health.papers_damaged
    assert [p.table for p in health.problems] == ["passages"]


def test_damage_sqlite_cannot_place_is_not_said_to_be_the_papers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As an SQLite before 3.33, which cannot check one table alone.
    monkeypatch.setattr("claimaudit.library.quick_check._TABLE_CHECK_SINCE", (999,))
    path = make_library(tmp_path / "lib.sqlite3")
    break_index_table(path)
    health = check_health(path)
    assert not health.repairable and health.has(ProblemKind.CORE)
    assert not health.papers_damaged
    assert all(p.message.startswith("SQLite: ") for p in health.problems)


def test_a_damaged_cache_table_is_repairable_not_the_papers(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_cache_table(path)
    health = check_health(path)
    assert health.repairable and not health.papers_damaged
    # FTS5's check of the index may fail on a connection that met the damaged page (not every
    # time): a spurious index problem, which a repair mends by a harmless rebuild.
    assert {p.kind for p in health.problems} - {ProblemKind.INDEX} == {ProblemKind.CACHE}
    assert all(
        p.message.startswith("SQLite, in the cache table judged_results: ")
        for p in health.problems
        if p.kind is ProblemKind.CACHE
    )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "fifo"])
def test_a_library_that_is_not_a_regular_file_is_refused(tmp_path: Path, device: str) -> None:
    # /dev/zero and /dev/null read as "empty: no library yet", a FIFO as "disk I/O error".
    path = Path(device)
    if device == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    with pytest.raises(LibraryOpenError) as refused:
        check_health(path)
    assert str(refused.value) == f"cannot open library {path}: it is not a regular file"
