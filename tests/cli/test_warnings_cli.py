"""A bibliography entry that cannot be read is never dropped without a word: ``refs``,
``review`` and ``library import-bib`` name it on stderr (file and line) and in their JSON,
and a citation of its key says why it cannot be checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.library.store import Library

PARTIAL = "@misc{first, title={One}}\n@misc{broken title = {x}}\n@misc{third, title={Three}}\n"
WHY = "Expected comma after entry key, but found ="
WARNING = f"warning: partial.bib line 2: an entry that could not be read ({WHY})"
UNREAD = {
    "file": "partial.bib",
    "line": 2,
    "key": "broken",
    "reason": f"an entry that could not be read ({WHY})",
}


@pytest.fixture
def bib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # messages name the file as given
    (tmp_path / "partial.bib").write_text(PARTIAL, encoding="utf-8")
    return Path("partial.bib")


def test_refs_warns_of_an_entry_it_cannot_read(runner: CliRunner, bib: Path) -> None:
    result = runner.invoke(app, ["refs", str(bib), "--no-cache"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert result.stderr.strip().splitlines() == [WARNING]
    assert "2 references: 2 not verified; 1 could not be read" in result.stdout
    as_json = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert json.loads(as_json.stdout)["unreadEntries"] == [UNREAD]


def test_review_warns_and_explains_the_citation(
    runner: CliRunner, bib: Path, tmp_path: Path
) -> None:
    library = tmp_path / "lib.sqlite3"
    Library.open(library, create=True).close()
    (tmp_path / "d.md").write_text("Raw data is great [@broken].\n", encoding="utf-8")
    args = ["review", "d.md", "--bib", str(bib), "--library", str(library), "--json", "out.json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[0] == WARNING
    answer = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert answer["unreadEntries"] == [UNREAD]
    (record,) = answer["records"]
    assert record["verdict"] == "not_checked"
    assert record["error"].endswith(
        f"the bibliography entry for @broken (partial.bib line 2) could not be read: {WHY}"
    )


def test_import_bib_warns_of_an_entry_it_cannot_read(
    runner: CliRunner, bib: Path, tmp_path: Path
) -> None:
    library = str(tmp_path / "lib.sqlite3")
    result = runner.invoke(app, ["library", "import-bib", str(bib), "--library", library])
    assert result.exit_code == 0
    assert result.stderr.strip().splitlines() == [WARNING]
    assert result.stdout.rstrip().endswith("2 without a file, 1 could not be read")
    args = ["library", "import-bib", str(bib), "--library", library, "--json"]
    assert json.loads(runner.invoke(app, args).stdout)["unreadEntries"] == [UNREAD]


def test_review_warns_when_listed_references_are_cited_in_no_form_it_reads(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: cited only in author-year prose, with a References list of DOIs: 0 cited sentences,
    # exit 0, and no word of why.
    monkeypatch.chdir(tmp_path)
    library = tmp_path / "lib.sqlite3"
    Library.open(library, create=True).close()
    (tmp_path / "d.md").write_text(
        "SciPy provides sparse matrices (Virtanen et al. 2020).\n\n## References\n\n"
        "- Virtanen P, et al. (2020). SciPy 1.0. arXiv:1907.10121\n",
        encoding="utf-8",
    )
    args = ["review", "d.md", "--library", str(library), "--json", "out.json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    warning = (
        "1 reference is listed in the draft's References section but none is cited in a form "
        "review reads ([@key], [1], a superscript number (\u00b9 or ^1^), a DOI or an arXiv id; "
        'author-year prose such as "(Smith et al., 2020)" is not read), so no sentence was '
        "checked"
    )
    assert f"warning: {warning}" in result.stderr.splitlines()
    answer = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert answer["warnings"] == [warning]
