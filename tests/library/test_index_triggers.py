"""Writing to a library whose index triggers are missing: nothing is written, and passages
written so before are not left out of a search of the whole library."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import claimaudit.cli
from claimaudit.cli import app
from claimaudit.errors import LibraryDamagedError
from claimaudit.identity import parse_ref
from claimaudit.library.damage import INDEX_DAMAGED
from claimaudit.library.models import NewPaper
from claimaudit.library.repair import repair_library
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import ASPIRIN, COFFEE, execute, make_library, rows

claimaudit.cli._install_commands()
runner = CliRunner()
TEA = "arXiv:2001.00003"


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [*map(str, args)])


def tea() -> NewPaper:
    passages = [Passage("P001", "Green tea lowers blood pressure in adults.", "Abstract")]
    return NewPaper(parse_ref(TEA), "Tea study", passages, "hash-tea")


@pytest.mark.parametrize("trigger", ["passages_ai", "passages_ad", "passages_au"])
def test_adding_without_a_trigger_is_refused_and_writes_nothing(
    tmp_path: Path, trigger: str
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, f"DROP TRIGGER {trigger}")
    before = rows(path)
    with Library.open(path) as library:
        with pytest.raises(LibraryDamagedError, match=INDEX_DAMAGED) as raised:
            library.add_paper(tea())
        assert raised.value.part == "index"  # the command line says to run a repair
        with pytest.raises(LibraryDamagedError):
            library.add_papers([tea()])
        with pytest.raises(LibraryDamagedError):
            library.remove(parse_ref(ASPIRIN))
    assert rows(path) == before


def test_retitling_writes_no_passage_and_still_works(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, "DROP TRIGGER passages_ai")
    with Library.open(path) as library:
        library.retitle(parse_ref(ASPIRIN), "Aspirin, again")
        assert library.require_paper(parse_ref(ASPIRIN)).title == "Aspirin, again"


def test_after_repair_the_paper_is_added_and_found(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, "DROP TRIGGER passages_ai")
    repair_library(path, backup=False)
    with Library.open(path) as library:
        library.add_paper(tea())
        assert [str(h.ref) for h in library.search("green tea blood pressure")] == [TEA]


def _add_unindexed_tea(path: Path) -> None:
    """A paper written while ``passages_ai`` was gone (by an older claimaudit, or the shell):
    stored, never indexed."""
    execute(path, "DROP TRIGGER passages_ai")
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(
            "INSERT INTO papers (ref, kind, work, version, title, url, source_path, "
            "content_hash, ingested_at) VALUES (?, 'arxiv', '2001.00003', NULL, 'Tea study', "
            "NULL, NULL, 'hash-tea', '2026-01-01T00:00:00+00:00')",
            (TEA,),
        )
        conn.execute(
            "INSERT INTO passages (paper_id, seq, passage_id, section, text) VALUES "
            "(last_insert_rowid(), 0, 'P001', 'Abstract', "
            "'Green tea lowers aspirin blood pressure in adults.')"
        )
    finally:
        conn.close()


def test_a_library_wide_search_that_finds_other_papers_says_the_index_is_damaged(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    _add_unindexed_tea(path)
    with Library.open(path) as library:
        with pytest.raises(LibraryDamagedError, match="index is damaged"):
            library.search("aspirin")  # finds the aspirin paper, not the unindexed tea one
        # A search of one indexed paper is whole, and answers.
        assert [str(h.ref) for h in library.search("coffee", parse_ref(COFFEE))] == [COFFEE]


def test_cli_add_without_the_insert_trigger_exits_2_writing_nothing(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, "DROP TRIGGER passages_ai")
    before = rows(path)
    paper = tmp_path / "tea.md"
    paper.write_text("# Tea\n\nGreen tea lowers blood pressure in adults.\n", encoding="utf-8")
    result = run("library", "add", paper, "--ref", TEA, "--library", path)
    assert result.exit_code == 2, result.output
    assert INDEX_DAMAGED in result.output
    assert "added" not in result.output
    corpus = tmp_path / "corpus.jsonl"
    line = {"doc_id": 7, "title": "Tea", "abstract": ["Green tea lowers blood pressure."]}
    corpus.write_text(json.dumps(line) + "\n", encoding="utf-8")
    result = run("library", "import-jsonl", corpus, "--format", "scifact", "--library", path)
    assert result.exit_code == 2, result.output
    assert INDEX_DAMAGED in result.output
    assert rows(path) == before


def test_cli_search_of_the_library_with_unindexed_passages_exits_2(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    _add_unindexed_tea(path)
    result = run("library", "search", "aspirin", "--library", path)
    assert result.exit_code == 2, result.output
    assert INDEX_DAMAGED in result.output


def test_server_upload_without_the_insert_trigger_is_a_503(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig

    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, "DROP TRIGGER passages_ai")
    before = rows(path)
    with TestClient(create_app(ServerConfig(library=path)), base_url="http://127.0.0.1") as api:
        response = api.post(
            "/v1/library",
            files={"file": ("notes.md", b"# Tea\n\nGreen tea lowers blood pressure.\n")},
            data={"ref": "local:tea"},
        )
    assert response.status_code == 503, response.text
    assert response.json()["error"] == {
        "status": 503,
        "code": "library_damaged",
        "message": INDEX_DAMAGED,
    }
    assert rows(path) == before
