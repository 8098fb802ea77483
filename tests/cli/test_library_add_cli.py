"""``claimaudit library add`` with several papers at once, driven through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import claimaudit.cli
from claimaudit.cli import app
from claimaudit.library import add_file as add_file_module
from claimaudit.library.store import Library
from tests.library import helpers as h

claimaudit.cli._install_commands()
runner = CliRunner()


def run(*args: str | Path) -> Result:
    return runner.invoke(app, ["library", "add", *map(str, args)])


def _stored(db: Path) -> list[str]:
    if not db.exists():
        return []
    with Library.open(db, create=False) as lib:
        return sorted(str(p.ref) for p in lib.list_papers())


def _errors(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("error: ")]


@pytest.fixture
def papers(tmp_path: Path) -> list[Path]:
    """Three PDFs whose file names say which arXiv papers they are."""
    return [
        h.make_pdf(tmp_path / f"{number}.pdf", title=f"Paper {number}")
        for number in ("1706.03762v5", "2105.14372v1", "1907.10121v3")
    ]


def test_several_papers_are_added_one_by_one(tmp_path: Path, papers: list[Path]) -> None:
    db = tmp_path / "lib.db"
    result = run(*papers, "--library", db)
    assert result.exit_code == 0, result.output
    assert "added arXiv:1706.03762v5: Paper 1706.03762v5" in result.stdout
    assert result.stdout.splitlines()[-1] == "3 paths: 3 added or already stored, 0 failed"
    assert _stored(db) == ["arXiv:1706.03762v5", "arXiv:1907.10121v3", "arXiv:2105.14372v1"]
    again = run(*papers, "--library", db)  # a rerun finds them stored and changes nothing
    assert again.exit_code == 0, again.output
    assert again.stdout.count("with identical content; nothing to do") == 3


def test_a_paper_that_fails_is_said_and_the_others_are_still_added(
    tmp_path: Path, papers: list[Path]
) -> None:
    db = tmp_path / "lib.db"
    not_pdf = tmp_path / "2001.00001v1.pdf"
    not_pdf.write_text("not a PDF at all\n", encoding="utf-8")
    missing = tmp_path / "missing.pdf"
    result = run(papers[0], not_pdf, missing, papers[1], "--library", db)
    assert result.exit_code == 1, result.output
    assert _errors(result) == [
        f"error: {not_pdf}: not a PDF (no %PDF- header)",
        f"error: PATH {missing}: no such file",
    ]
    assert result.stdout.splitlines()[-1] == "4 paths: 2 added or already stored, 2 failed"
    assert "Traceback" not in result.output
    assert _stored(db) == ["arXiv:1706.03762v5", "arXiv:2105.14372v1"]


@pytest.mark.parametrize("option", ["--ref", "--title"])
def test_ref_or_title_with_several_papers_is_refused_before_any_is_added(
    tmp_path: Path, papers: list[Path], option: str
) -> None:
    db = tmp_path / "lib.db"
    result = run(*papers[:2], option, "local:x", "--library", db)
    assert result.exit_code == 2, result.output
    assert _errors(result) == [
        f"error: {option} names one paper; give one PATH with it (2 were given)"
    ]
    assert not db.exists()


def test_ctrl_c_during_the_second_paper_says_what_was_not_tried(
    tmp_path: Path, papers: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "lib.db"
    real = add_file_module.add_file
    calls: list[Path] = []

    def interrupted_on_the_second(*args: object, **kwargs: object) -> object:
        calls.append(Path(str(args[1])))
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("claimaudit.cli.library_add.add_file", interrupted_on_the_second)
    result = run(*papers, "--library", db)
    assert result.exit_code == 130, result.output
    assert _errors(result) == [
        f"error: interrupted; {papers[1]} was not added; 1 path after it not tried"
    ]
    assert calls == papers[:2]  # the third was never started
    assert _stored(db) == ["arXiv:1706.03762v5"]


def test_a_library_that_cannot_be_opened_stops_the_adds_at_the_first(
    tmp_path: Path, papers: list[Path]
) -> None:
    db = tmp_path / "lib.db"
    db.write_bytes(b"this is not an SQLite database, nor empty\n" * 100)
    before = db.read_bytes()
    result = run(*papers, "--library", db)
    assert result.exit_code == 2, result.output
    assert len(_errors(result)) == 1, result.stderr  # said once, not once a paper
    assert "paths:" not in result.stdout
    assert db.read_bytes() == before


def test_a_link_that_loops_is_said_to_loop_not_to_be_missing(tmp_path: Path) -> None:
    # QA: "loop.md: no such file or folder", where import-jsonl said the link loops.
    loop = tmp_path / "loop.md"
    loop.symlink_to("loop.md")
    db = tmp_path / "lib.db"
    result = run(loop, "--library", db)
    assert result.exit_code == 2, result.output  # as for a missing file: bad input
    assert _errors(result) == [f"error: PATH {loop}: its symbolic links go round in a loop"]
    assert "Traceback" not in result.output


def test_json_prints_what_the_api_answers_for_the_same_add(tmp_path: Path) -> None:
    # QA: list, show and search had --json; add had none, so a script could not read the
    # reference a file was stored under, nor its warnings.
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig

    paper = tmp_path / "notes.md"
    paper.write_text("# Notes on matrices\n\nSparse matrices save memory.\n")
    result = run(paper, "--ref", "local:notes", "--library", tmp_path / "cli.db", "--json")
    assert result.exit_code == 0, result.output
    app_ = create_app(ServerConfig(library=tmp_path / "api.db"))
    with TestClient(app_, base_url="http://127.0.0.1") as client:
        answer = client.post(
            "/v1/library",
            files={"file": ("notes.md", paper.read_bytes())},
            data={"ref": "local:notes"},
        )
    assert answer.status_code == 201, answer.text
    assert json.loads(result.stdout) == answer.json()
    assert json.loads(result.stdout)["outcome"] == "added"


def test_json_of_a_title_not_changed_warns_in_its_object(tmp_path: Path) -> None:
    paper = tmp_path / "notes.md"
    paper.write_text("# Notes on matrices\n\nSparse matrices save memory.\n")
    db = tmp_path / "lib.db"
    assert run(paper, "--ref", "local:notes", "--library", db).exit_code == 0
    again = run(paper, "--ref", "local:notes", "--title", "Other", "--library", db, "--json")
    assert again.exit_code == 0, again.output
    added = json.loads(again.stdout)
    assert added["outcome"] == "unchanged" and added["title"] == "Notes on matrices"
    [warning] = added["warnings"]
    assert "was not retitled: add --replace to change its title" in warning


def test_json_with_several_papers_is_one_array_and_the_count_goes_to_stderr(
    tmp_path: Path, papers: list[Path]
) -> None:
    db = tmp_path / "lib.db"
    missing = tmp_path / "absent.pdf"
    result = run(papers[0], missing, papers[1], "--library", db, "--json")
    assert result.exit_code == 1
    stored = json.loads(result.stdout)  # standard output is the JSON alone
    assert [a["ref"] for a in stored] == ["arXiv:1706.03762v5", "arXiv:2105.14372v1"]
    assert {a["outcome"] for a in stored} == {"added"}
    assert result.stderr.splitlines()[-1] == "3 paths: 2 added or already stored, 1 failed"
    assert len(_errors(result)) == 1
