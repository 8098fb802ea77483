"""The options every command shares: a blank --library (or CLAIMAUDIT_LIBRARY) is refused;
an output that cannot be written is refused before any work; JSON on standard output is UTF-8
whatever the locale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.library.store import Library
from tests.libraries import notes_library
from tests.permissions import ordinary_permissions
from tests.signals import child_env, console_script
from tests.syncs import noting_syncs


@pytest.mark.parametrize("command", [["library", "list"], ["library", "add", "paper.md"]])
def test_a_blank_library_is_refused_naming_where_it_came_from(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    # It made a library file named "   " in the working folder, and errors read "no library at ;".
    monkeypatch.chdir(tmp_path)
    (tmp_path / "paper.md").write_text("# Notes\n\nSome words.\n", encoding="utf-8")
    given = runner.invoke(app, [*command, "--library", "   "])
    assert (given.exit_code, given.stderr) == (
        2,
        "error: --library is blank; name the library file\n",
    )
    from_env = runner.invoke(app, command, env={"CLAIMAUDIT_LIBRARY": "   "})
    assert (from_env.exit_code, from_env.stderr) == (
        2,
        "error: CLAIMAUDIT_LIBRARY is blank; name the library file\n",
    )
    assert sorted(os.listdir(tmp_path)) == ["paper.md"]


def _loop_command(tmp_path: Path, command: str, option: str, loop: Path) -> list[str]:
    """``command`` with its inputs made, writing ``option`` to ``loop``."""
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    if command == "review":
        draft = tmp_path / "draft.md"
        draft.write_text("# Draft\n\nBuoys were calibrated [@a].\n", encoding="utf-8")
        bib = tmp_path / "refs.bib"
        bib.write_text("@article{a, title = {A}, doi = {10.1234/a}}\n", encoding="utf-8")
        outputs = ["--bib", str(bib), option, str(loop)]
        return ["review", str(draft), *outputs, "--library", str(library)]
    if command == "batch":
        pairs = tmp_path / "pairs.jsonl"
        pairs.write_text('{"id": 1, "claim": "Buoys drift.", "papers": ["local:a"]}\n')
        return ["batch", str(pairs), option, str(loop), "--library", str(library)]
    corpus, claims = tmp_path / "corpus.jsonl", tmp_path / "claims.jsonl"
    document = {"doc_id": 1, "title": "Buoys", "abstract": ["Buoys were calibrated yearly."]}
    corpus.write_text(json.dumps(document) + "\n", encoding="utf-8")
    row = {"id": 10, "claim": "Buoys were calibrated.", "evidence": {}, "cited_doc_ids": [1]}
    claims.write_text(json.dumps(row) + "\n", encoding="utf-8")
    files = ["--claims", str(claims), "--corpus", str(corpus)]
    return ["eval", "scifact", *files, "--judge", "jev", option, str(loop)]


@pytest.mark.parametrize(
    ("command", "option"),
    [
        ("review", "--json"),
        ("review", "--out"),
        ("review", "--html"),
        ("batch", "--out"),
        ("eval", "--out"),
        ("eval", "--summary"),
    ],
)
def test_an_output_that_is_a_symlink_loop_is_refused_before_any_work(
    runner: CliRunner, tmp_path: Path, jev_mock: str, command: str, option: str
) -> None:
    # exists() is False for a loop: review judged every pair, then failed to write it
    # ("cannot write loop: Too many levels of symbolic links"); batch and eval said so only
    # as "cannot lock".
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    result = runner.invoke(app, _loop_command(tmp_path, command, option, loop))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"error: {option} {loop}: its symbolic links go round in a loop"
    ]
    assert loop.is_symlink() and os.readlink(loop) == "loop"


@pytest.mark.parametrize(
    ("command", "option"),
    [("review", "--json"), ("review", "--html"), ("eval", "--out"), ("eval", "--summary")],
)
def test_an_output_linked_into_a_folder_that_may_not_be_written_is_refused_before_any_work(
    runner: CliRunner, tmp_path: Path, jev_mock: str, command: str, option: str
) -> None:
    # Only the link's own folder was checked: review judged every pair, then failed to write
    # the target ("cannot write .../.ca-w-e1fna51h.tmp: Permission denied").
    shared = tmp_path / "shared"
    shared.mkdir()
    link = tmp_path / "report"
    link.symlink_to(shared / "report")
    shared.chmod(0o555)
    try:
        with ordinary_permissions():
            result = runner.invoke(app, _loop_command(tmp_path, command, option, link))
    finally:
        shared.chmod(0o755)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"error: {option} {link} (a link to {shared / 'report'}): not writable"
    ]
    assert list(shared.iterdir()) == []


def _notes_library(tmp_path: Path) -> Path:
    return notes_library(tmp_path, "# Café — notes\n\nDeep learning needs data.\n")


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_json_is_written_as_utf8_whatever_the_locale(tmp_path: Path, encoding: str) -> None:
    # In an ASCII or Latin-1 locale the JSON was a UnicodeEncodeError traceback, nothing on
    # standard output and exit 1, which means "--fail-on matched".
    library = _notes_library(tmp_path)
    env = child_env({"PYTHONIOENCODING": encoding})
    claim = "Ça marche — oui"
    check = ["check", claim, "--paper", "local:absent", "--library", str(library)]
    for fmt in ("json", "jsonl"):
        done = subprocess.run(
            [*console_script(), *check, "--format", fmt], env=env, capture_output=True, timeout=120
        )
        assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
        answer = json.loads(done.stdout.decode("utf-8"))
        record = answer["records"][0] if fmt == "json" else answer
        assert (record["claim"], record["verdict"]) == (claim, "not_checked")
    listed = subprocess.run(
        [*console_script(), "library", "list", "--json", "--library", str(library)],
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert listed.returncode == 0, listed.stderr.decode("utf-8", "replace")
    assert json.loads(listed.stdout.decode("utf-8"))[0]["title"] == "Café — notes"


@pytest.mark.parametrize(
    "refused",
    [["--timeout", "5"], ["--judge", "openai"]],
    ids=["timeout-with-local-judge", "openai-without-model"],
)
def test_a_refused_review_leaves_no_output_folder_it_made(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused: list[str]
) -> None:
    # The judge's options are checked after the outputs, whose folders were made then.
    monkeypatch.delenv("OPENAI_MODEL", raising=False)
    draft = tmp_path / "draft.md"
    draft.write_text("# Draft\n\nA holds.\n", encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    outputs = ["--json", "rf1/r.json", "--out", "rf2/deep/o.md", "--html", "rf3/h.html"]
    args = ["review", str(draft), "--library", str(library), *refused]
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*args, *outputs])
    assert result.exit_code == 2, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["draft.md", "lib.sqlite3"]


def test_a_refused_eval_leaves_no_output_folder_it_made(runner: CliRunner, tmp_path: Path) -> None:
    corpus, claims = tmp_path / "corpus.jsonl", tmp_path / "claims.jsonl"
    document = {"doc_id": 1, "title": "Buoys", "abstract": ["Buoys were calibrated yearly."]}
    corpus.write_text(json.dumps(document) + "\n", encoding="utf-8")
    claims.write_text("", encoding="utf-8")  # no pair: refused after the outputs were checked
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus)]
    outputs = ["--out", str(tmp_path / "o1" / "pairs.jsonl")]
    result = runner.invoke(app, [*args, *outputs, "--summary", str(tmp_path / "o2" / "s.json")])
    assert result.exit_code == 2, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["claims.jsonl", "corpus.jsonl"]


def test_a_folder_an_output_was_written_into_stays(runner: CliRunner, tmp_path: Path) -> None:
    draft = tmp_path / "draft.md"
    draft.write_text("# Draft\n\nA holds.\n", encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    json_out = tmp_path / "made" / "r.json"
    result = runner.invoke(
        app, ["review", str(draft), "--library", str(library), "--json", str(json_out)]
    )
    assert result.exit_code == 0, result.output
    assert isinstance(json.loads(json_out.read_text(encoding="utf-8")), dict)


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")
def test_an_outputs_new_folders_are_synced_with_the_one_above_them(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Made before the review (require_writable), so the write found them there: unsynced, a
    # crash of the machine could lose them, and the synced report in them.
    draft = tmp_path / "draft.md"
    draft.write_text("# Draft\n\nA holds.\n", encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    html = tmp_path / "new" / "dir" / "report.html"
    with noting_syncs(monkeypatch) as synced:
        result = runner.invoke(
            app, ["review", str(draft), "--library", str(library), "--html", str(html)]
        )
    assert result.exit_code == 0, result.output
    folders = [(s.path, s.names) for s in synced if s.folder]
    assert any(path == tmp_path and "new" in names for path, names in folders)
    assert any(path == tmp_path / "new" and "dir" in names for path, names in folders)
    assert any(path == html.parent and "report.html" in names for path, names in folders)
