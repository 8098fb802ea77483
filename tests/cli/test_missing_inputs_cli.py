"""An input file that is not there, or a folder given as a bibliography, is said in the same
words by every command: the argument or option it was given as, its path, one line, exit 2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import claimaudit.cli
from claimaudit.cli import app

claimaudit.cli._install_commands()

DRAFT = "# Notes\n\nAttention helps [@vaswani].\n"


def _invoke(runner: CliRunner, tmp_path: Path, args: list[str]) -> tuple[int, list[str]]:
    (tmp_path / "d.md").write_text(DRAFT, encoding="utf-8")
    swapped = [str(tmp_path / a[1:]) if a.startswith("@") else a for a in args]
    result = runner.invoke(app, [*swapped, "--library", str(tmp_path / "lib.db")])
    return result.exit_code, result.stderr.splitlines()


@pytest.mark.parametrize(
    ("args", "given", "name"),
    [
        # Each said it its own way: "no such input file: X", "no such report: X", "cannot
        # read bibliography X: No such file or directory", "X: no such file or folder"...
        (["batch", "@nope.jsonl", "--out", "@o.jsonl"], "SOURCE", "nope.jsonl"),
        (["review", "@nope.md"], "REPORT", "nope.md"),
        (["refs", "@nope.bib"], "BIB", "nope.bib"),
        (["review", "@d.md", "--bib", "@nope.bib"], "--bib", "nope.bib"),
        (["library", "import-bib", "@nope.bib"], "FILE", "nope.bib"),
        (["library", "import-jsonl", "@nope.jsonl"], "FILE", "nope.jsonl"),
        (["library", "add", "@nope.pdf"], "PATH", "nope.pdf"),
    ],
)
def test_a_missing_input_is_said_alike_by_every_command(
    runner: CliRunner, tmp_path: Path, args: list[str], given: str, name: str
) -> None:
    code, lines = _invoke(runner, tmp_path, args)
    assert code == 2
    assert lines == [f"error: {given} {tmp_path / name}: no such file"]
    assert not (tmp_path / "lib.db").exists()


@pytest.mark.parametrize(
    ("args", "given"),
    [
        (["refs", "@refs"], "BIB"),
        (["review", "@d.md", "--bib", "@refs"], "--bib"),
        (["library", "import-bib", "@refs"], "FILE"),
    ],
)
def test_a_folder_given_as_a_bibliography_is_said_alike(
    runner: CliRunner, tmp_path: Path, args: list[str], given: str
) -> None:
    (tmp_path / "refs").mkdir()
    code, lines = _invoke(runner, tmp_path, args)
    assert code == 2
    assert lines == [
        f"error: {given} {tmp_path / 'refs'} is a folder; give a .bib, .json or .yaml file"
    ]


@pytest.mark.parametrize(
    ("args", "given", "what"),
    [
        # Each named only the folder, in its own words: "refs is a folder; give the JSON
        # Lines input file", "... give the corpus file", "... give the draft's file".
        (["batch", "@refs", "--out", "@o.jsonl"], "SOURCE", "a JSON Lines file"),
        (["review", "@refs"], "REPORT", "the draft's file"),
        (["library", "import-jsonl", "@refs"], "FILE", "the corpus file"),
    ],
)
def test_a_folder_given_as_any_input_file_is_said_alike(
    runner: CliRunner, tmp_path: Path, args: list[str], given: str, what: str
) -> None:
    (tmp_path / "refs").mkdir()
    code, lines = _invoke(runner, tmp_path, args)
    assert code == 2
    assert lines == [f"error: {given} {tmp_path / 'refs'} is a folder; give {what}"]


def test_a_fifo_given_as_an_input_file_names_the_argument(
    runner: CliRunner, tmp_path: Path
) -> None:
    os.mkfifo(tmp_path / "pipe.jsonl")
    code, lines = _invoke(runner, tmp_path, ["batch", "@pipe.jsonl", "--out", "@o.jsonl"])
    assert code == 2
    assert lines == [
        f"error: SOURCE {tmp_path / 'pipe.jsonl'} is not a regular file; give a JSON Lines "
        "file (standard input is not read)"
    ]


def test_a_bibliography_link_that_loops_says_so(runner: CliRunner, tmp_path: Path) -> None:
    loop = tmp_path / "loop.bib"
    loop.symlink_to("loop.bib")
    code, lines = _invoke(runner, tmp_path, ["refs", "@loop.bib"])
    assert code == 2
    assert lines == [f"error: BIB {loop}: its symbolic links go round in a loop"]
