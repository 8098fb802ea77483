"""``claimaudit library check`` and ``library repair``, and a damaged index met by ``search``,
``remove`` and ``check``."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import claimaudit.cli
from claimaudit.cli import app
from claimaudit.identity import PaperRef, RefKind
from claimaudit.library import repair as repair_module
from claimaudit.library._migrations import LATEST_VERSION, migrate
from claimaudit.library.health import Health
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import (
    ASPIRIN,
    NEVER_ISSUED,
    break_cache_table,
    break_core_table,
    break_index_table,
    empty_index,
    execute,
    lose_part_of_term_index,
    make_library,
    orphan_newest_passages,
    orphan_passages,
    refuse_passages,
    rows,
    store_under_never_issued_id,
)
from tests.permissions import ordinary_permissions

claimaudit.cli._install_commands()
runner = CliRunner()


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [*map(str, args)])


def test_check_says_healthy_and_exits_0(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    result = run("library", "check", "--library", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"healthy: {path} (schema version {LATEST_VERSION}, 2 papers, 4 passages, 4 indexed)"
    ]


def test_check_lists_each_problem_and_exits_1(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    execute(path, "DROP TABLE judged_results")
    result = run("library", "check", "--library", path)
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert "problem (index): the full-text index holds 0 passages, the library 4" in lines
    assert "problem (cache): the table judged_results is missing" in lines
    assert lines[-1] == f"damaged: {path} has 4 problems; run `claimaudit library repair`"


def test_check_json(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    result = run("library", "check", "--json", "--library", path)
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert (report["healthy"], report["repairable"], report["indexed"]) == (False, True, 0)
    assert {p["kind"] for p in report["problems"]} == {"index"}


def test_check_of_no_library_is_a_one_line_error(tmp_path: Path) -> None:
    result = run("library", "check", "--library", tmp_path / "absent.sqlite3")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no library at") and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(("command", "device"), [("check", "/dev/zero"), ("repair", "/dev/null")])
def test_a_library_that_is_not_a_regular_file_is_refused_exit_2(command: str, device: str) -> None:
    # "empty: no library yet" and "nothing to repair", exit 0, as if all were well.
    result = run("library", command, "--library", device)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"error: cannot open library {device}: it is not a regular file"
    ]


def test_search_and_remove_on_an_emptied_index_fail_pointing_at_repair(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    for args in (("search", "aspirin"), ("search", "aspirin", "--ref", ASPIRIN)):
        searched = run("library", *args, "--library", path)
        assert searched.exit_code == 2 and "no matching passages" not in searched.stdout
        assert "search index is damaged; run `claimaudit library repair`" in searched.stderr
    removed = run("library", "remove", ASPIRIN, "--library", path)
    assert removed.exit_code == 2 and "library repair" in removed.stderr


def test_repair_then_search_finds_the_passage_again(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    stored = rows(path)
    empty_index(path)
    result = run("library", "repair", "--library", path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"backed up the library to {path}.bak-")
    assert "rebuilt the full-text index from 4 passages" in lines
    assert lines[-1].startswith(f"healthy: {path}")
    assert rows(path) == stored
    searched = run("library", "search", "aspirin", "--json", "--library", path)
    assert [h["passageId"] for h in json.loads(searched.stdout)["hits"]] == ["P001"]
    again = run("library", "repair", "--no-backup", "--library", path)
    assert again.exit_code == 0 and again.stdout.startswith("nothing to repair")


def test_repair_refuses_damaged_core_tables_with_exit_2(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_core_table(path)
    before = path.read_bytes()
    result = run("library", "repair", "--library", path)
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "restore a backup" in result.stderr
    assert path.read_bytes() == before
    checked = run("library", "check", "--library", path)
    assert checked.exit_code == 1 and "problem (core)" in checked.stdout


def test_check_of_a_claim_in_a_damaged_library_is_not_checked(tmp_path: Path) -> None:
    """An unreadable paper is a ``not_checked`` record, never a verdict."""
    path = make_library(tmp_path / "lib.sqlite3")
    break_core_table(path)
    result = run(
        "check", "Aspirin lowers the risk of heart attack.", "--paper", ASPIRIN,
        "--library", path, "--source", "library", "--format", "json",
    )  # fmt: skip
    [record] = json.loads(result.stdout)["records"]
    assert record["verdict"] == "not_checked"
    assert "library check" in record["error"]


def test_check_reports_passages_no_paper_holds(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_passages(path)
    result = run("library", "check", "--library", path)
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines()[0].startswith("problem (orphan): no paper holds 2 passages")
    report = json.loads(run("library", "check", "--json", "--library", path).stdout)
    assert (report["orphanPassages"], report["repairable"]) == (2, True)


def test_passages_left_behind_do_not_block_add(tmp_path: Path) -> None:
    """The tester's case: the newest paper deleted outside claimaudit, then ``library add``
    failed with "UNIQUE constraint failed: passages.paper_id, passages.seq"."""
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_newest_passages(path)
    paper = tmp_path / "tea.md"
    paper.write_text("# Tea study\n\nTea drinkers sleep less than others.\n")
    added = run("library", "add", paper, "--ref", "local:tea", "--library", path)
    assert added.exit_code == 0, added.output
    shown = json.loads(run("library", "show", "local:tea", "--json", "--library", path).stdout)
    assert [p["text"] for p in shown["passages"]] == ["Tea drinkers sleep less than others."]
    checked = run("library", "check", "--library", path)
    assert checked.stdout.startswith("problem (orphan): no paper holds 2 passages")


def test_a_constraint_failing_in_a_changed_library_points_to_check(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    refuse_passages(path)
    paper = tmp_path / "tea.md"
    paper.write_text("# Tea study\n\nTea drinkers sleep less than others.\n")
    result = run("library", "add", paper, "--ref", "local:tea", "--library", path)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "error: the library holds rows that do not fit together (refused by another tool); "
        "nothing was written; `claimaudit library check` says where"
    ]


def test_check_of_an_empty_file_says_empty_and_list_leaves_it_empty(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    result = run("library", "check", "--library", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"empty: {path} is no library yet")
    assert "healthy" not in result.stdout and "schema version" not in result.stdout
    report = json.loads(run("library", "check", "--json", "--library", path).stdout)
    assert report["empty"] is True and report["papers"] is None
    repaired = run("library", "repair", "--library", path)
    assert repaired.stdout == f"nothing to repair: {path} is empty (no library yet)\n"
    # Commands that only read it find no library there, as for a missing file, and write nothing.
    listed = run("library", "list", "--library", path)
    assert listed.exit_code == 2 and "no library at" in listed.output
    assert path.stat().st_size == 0


def test_repair_json(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_passages(path)
    empty_index(path)
    result = run("library", "repair", "--json", "--no-backup", "--library", path)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report) == {"library", "backup", "actions", "removedPassages", "before", "after"}
    assert (report["library"], report["backup"], report["removedPassages"]) == (str(path), None, 2)
    assert report["actions"][-1].startswith("removed 2 passages")
    assert {p["kind"] for p in report["before"]["problems"]} == {"orphan", "index"}
    assert report["after"]["healthy"] is True and report["after"]["passages"] == 2
    again = json.loads(run("library", "repair", "--json", "--library", path).stdout)
    assert again["actions"] == [] and again["backup"] is None and again["after"]["healthy"]


def test_a_lost_term_lookup_is_checked_repaired_and_not_a_silent_miss(tmp_path: Path) -> None:
    """The tester's case: the index's term lookup emptied, FTS5's own check passing."""
    path = make_library(tmp_path / "lib.sqlite3")
    lose_part_of_term_index(path)
    searched = run("library", "search", "heart", "--library", path)
    assert searched.exit_code == 2 and "no matching passages" not in searched.stdout
    assert "search index is damaged; run `claimaudit library repair`" in searched.stderr
    checked = run("library", "check", "--json", "--library", path)
    assert checked.exit_code == 1
    assert [p["kind"] for p in json.loads(checked.stdout)["problems"]] == ["index"]
    repaired = run("library", "repair", "--no-backup", "--library", path)
    assert repaired.exit_code == 0, repaired.output
    assert "rebuilt the full-text index from 4 passages" in repaired.stdout.splitlines()
    found = run("library", "search", "heart", "--json", "--library", path)
    assert [h["passageId"] for h in json.loads(found.stdout)["hits"]] == ["P001"]


def test_check_and_repair_of_a_file_that_is_no_database_say_so_with_exit_2(
    tmp_path: Path,
) -> None:
    path = tmp_path / "notlib.db"
    path.write_text("hello\n")
    for command in ("check", "repair"):
        result = run("library", command, "--library", path)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == (
            f"error: cannot open library {path}: file is not a database "
            "(nor a claimaudit library)\n"
        )
    assert path.read_text() == "hello\n" and not list(tmp_path.glob("*.bak-*"))


def test_a_database_whose_pages_are_junk_is_damaged_with_backup_advice(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    checked = run("library", "check", "--library", path)
    assert checked.exit_code == 1 and "problem (core)" in checked.stdout
    assert "restore a backup copy" in checked.stdout
    repaired = run("library", "repair", "--library", path)
    assert repaired.exit_code == 2 and "restore a backup copy" in repaired.stderr


def test_check_names_a_paper_stored_under_a_reference_now_refused(tmp_path: Path) -> None:
    path = store_under_never_issued_id(make_library(tmp_path / "lib.sqlite3"))
    result = run("library", "check", "--library", path)
    # Not damage: the database is whole, so the exit status stays 0.
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"stored under a reference claimaudit now refuses: {NEVER_ISSUED} (not a valid arXiv "
        "identifier: '0703.1234': arXiv ids of the form YYMM.NNNN begin in April 2007 (0704); "
        f"older ones read like hep-th/0501001); remove it with `claimaudit library remove "
        f"{NEVER_ISSUED}`",
        f"healthy: {path} (schema version {LATEST_VERSION}, 3 papers, 5 passages, 5 indexed)",
    ]
    report = json.loads(run("library", "check", "--json", "--library", path).stdout)
    assert [r["ref"] for r in report["refusedRefs"]] == [NEVER_ISSUED]
    # The command it gives works.
    assert run("library", "remove", NEVER_ISSUED, "--library", path).exit_code == 0
    assert run("library", "check", "--library", path).stdout.splitlines() == [
        f"healthy: {path} (schema version {LATEST_VERSION}, 2 papers, 4 passages, 4 indexed)"
    ]


def test_check_names_a_paper_stored_under_a_reference_now_read_as_another(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    with Library.open(path) as library:
        passages = [Passage("P001", "Coffee drinkers sleep less.", "Abstract")]
        library.add_paper(
            NewPaper(PaperRef.as_stored(RefKind.DOI, "10.1000/x,"), "Comma", passages, "h")
        )
    result = run("library", "check", "--library", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "stored under a reference claimaudit now reads as another: doi:10.1000/x, (it now reads "
        "as doi:10.1000/x); `library show` and `library remove` reach it as stored "
        "(`claimaudit library remove doi:10.1000/x,`)"
    )
    report = json.loads(run("library", "check", "--json", "--library", path).stdout)
    assert report["refusedRefs"] == [
        {
            "ref": "doi:10.1000/x,",
            "reason": "it now reads as doi:10.1000/x",
            "readsAs": "doi:10.1000/x",
        }
    ]
    assert run("library", "remove", "doi:10.1000/x,", "--library", path).exit_code == 0
    assert "reads as another" not in run("library", "check", "--library", path).stdout


def test_check_and_repair_in_a_folder_that_may_not_be_written_cannot_open_it(
    tmp_path: Path,
) -> None:
    """A healthy library SQLite cannot open (WAL mode needs its -wal and -shm files beside it)
    is no damaged one: one line, exit 2, and no advice to restore a backup."""
    folder = tmp_path / "shelf"
    folder.mkdir()
    path = make_library(folder / "lib.sqlite3")
    folder.chmod(0o555)
    try:
        with ordinary_permissions():
            results = [
                run("library", command, "--library", path) for command in ("check", "repair")
            ]
    finally:
        folder.chmod(0o755)
    for result in results:
        assert result.exit_code == 2 and result.stdout == "", result.output
        assert result.stderr == (
            f"error: cannot open library {path}: attempt to write a readonly database (its "
            f"folder {folder} may not be written, and SQLite keeps the -wal and -shm files "
            "there)\n"
        )
    assert run("library", "check", "--library", path).exit_code == 0


def test_check_of_a_read_only_file_notes_the_check_it_skipped(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    path.chmod(0o444)
    try:
        with ordinary_permissions():
            lines = run("library", "check", "--library", path)
            report = run("library", "check", "--json", "--library", path)
    finally:
        path.chmod(0o644)
    note = (
        "FTS5's own check of the full-text index was skipped: it needs write access, which "
        "this library file does not give (attempt to write a readonly database); the other "
        "checks ran"
    )
    assert lines.exit_code == 0, lines.output
    assert lines.stdout.splitlines() == [
        f"note: {note}",
        f"healthy: {path} (schema version {LATEST_VERSION}, 2 papers, 4 passages, 4 indexed)",
    ]
    assert report.exit_code == 0 and json.loads(report.stdout)["notes"] == [note]


def test_junk_in_a_page_of_the_index_is_repairable_not_the_papers(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_index_table(path)
    checked = run("library", "check", "--library", path)
    assert checked.exit_code == 1 and "problem (core)" not in checked.stdout
    assert checked.stdout.splitlines()[-1].endswith("; run `claimaudit library repair`")
    repaired = run("library", "repair", "--no-backup", "--library", path)
    assert repaired.exit_code == 0, repaired.output
    assert repaired.stdout.splitlines()[-1].startswith(f"healthy: {path}")


def test_a_file_damaged_where_sqlite_cannot_tell_is_not_said_to_be_the_papers(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    checked = run("library", "check", "--library", path)
    assert checked.exit_code == 1
    assert checked.stdout.splitlines()[-1] == (
        f"damaged: {path} has 1 problem, and its database file is damaged; restore a backup "
        "copy of the library (`library repair` cannot help)"
    )


def test_repair_rebuilds_a_damaged_cache_table_and_says_so(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_cache_table(path)
    checked = run("library", "check", "--library", path)
    assert checked.exit_code == 1, checked.output
    assert checked.stdout.splitlines()[-1].endswith("; run `claimaudit library repair`")
    result = run("library", "repair", "--no-backup", "--library", path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "rebuilt the damaged table judged_results (empty: it is only a cache)"
    # (FTS5's check may have called the index damaged too, having met the damaged page.)
    assert set(lines[1:-1]) <= {"rebuilt the full-text index from 4 passages"}
    assert (
        lines[-1]
        == f"healthy: {path} (schema version {LATEST_VERSION}, 2 papers, 4 passages, 4 indexed)"
    )


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_repair_says_nothing_was_repaired_and_leaves_no_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, signum: int
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    stored = rows(path)

    def stopped(conn: sqlite3.Connection, **_: object) -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE papers SET title = 'changed'")  # begun, never saved
        os.kill(os.getpid(), signum)  # Ctrl-C or `kill`, mid-repair
        time.sleep(5)  # the signal's handler raises before this ends

    monkeypatch.setattr(repair_module, "_repair", stopped)
    result = run("library", "repair", "--library", path)
    assert result.exit_code == (130 if signum == signal.SIGINT else 143), result.output
    assert result.stderr.splitlines() == [
        f"error: interrupted; nothing was repaired ({path} is as it was, no backup kept)"
    ]
    assert sorted(p.name for p in tmp_path.iterdir() if ".bak-" in p.name) == []
    assert rows(path) == stored


def test_a_repair_interrupted_once_saved_says_so_and_keeps_the_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    checks: list[Path | None] = []
    check = repair_module.check_health

    def interrupted_after(where: Path | None) -> Health:
        checks.append(where)
        if len(checks) == 2:  # the check after the repair was saved
            raise KeyboardInterrupt
        return check(where)

    monkeypatch.setattr(repair_module, "check_health", interrupted_after)
    result = run("library", "repair", "--library", path)
    assert result.exit_code == 130, result.output
    [backup] = [p for p in tmp_path.iterdir() if ".bak-" in p.name]
    assert result.stderr.splitlines() == [
        f"error: interrupted after the repair was saved; the backup is {backup}; "
        "run `claimaudit library check`"
    ]
    assert run("library", "check", "--library", path).exit_code == 0


def test_check_of_an_older_library_says_the_next_command_upgrades_it(tmp_path: Path) -> None:
    # QA: "healthy (schema version 4 ...)" alone; the next command that opened it upgraded it
    # for good, and an older claimaudit sharing the file could not open it after.
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=4) == 4
    conn.close()
    before = path.read_bytes()
    result = run("library", "check", "--library", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"note: {path} was made by an older claimaudit (schema version 4); the next command "
        f"that opens it (any but `library check`) upgrades it to version {LATEST_VERSION}, "
        "which older claimaudit versions cannot open",
        f"healthy: {path} (schema version 4, 0 papers, 0 passages, 0 indexed)",
    ]
    report = json.loads(run("library", "check", "--json", "--library", path).stdout)
    assert (report["schemaVersion"], report["upgradesTo"]) == (4, LATEST_VERSION)
    assert path.read_bytes() == before  # said, not done
    assert run("library", "list", "--library", path).exit_code == 0
    upgraded = run("library", "check", "--library", path)
    assert upgraded.stdout.splitlines() == [
        f"healthy: {path} (schema version {LATEST_VERSION}, 0 papers, 0 passages, 0 indexed)"
    ]
    assert (
        json.loads(run("library", "check", "--json", "--library", path).stdout)["upgradesTo"]
        is None
    )
