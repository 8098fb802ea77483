"""``check_health``: what ``library check`` finds, without changing the library."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.library.health import ProblemKind, check_health
from tests.library.damaging import (
    break_core_table,
    empty_index,
    execute,
    lose_index_data,
    lose_index_rows,
    make_library,
    orphan_passages,
)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_whole_library_is_healthy(tmp_path: Path) -> None:
    health = check_health(make_library(tmp_path / "lib.sqlite3"))
    assert health.healthy and not health.repairable
    assert (health.schema_version, health.papers, health.passages, health.indexed) == (5, 2, 4, 4)


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


def test_a_file_that_is_not_a_database_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"not a database at all" * 200)
    health = check_health(path)
    assert not health.repairable
    assert "cannot be read as a database" in health.problems[0].message


def test_passages_whose_paper_is_gone_are_a_repairable_problem(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_passages(path)
    health = check_health(path)
    assert not health.healthy and health.repairable and health.orphans == 2
    assert [(p.kind, p.message) for p in health.problems] == [
        (
            ProblemKind.ORPHAN,
            "no paper holds 2 passages (left behind by 1 removed paper); a paper added later "
            "could show them as its own",
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
