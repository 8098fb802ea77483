"""The options every command shares: a blank --library (or CLAIMAUDIT_LIBRARY) is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app


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
