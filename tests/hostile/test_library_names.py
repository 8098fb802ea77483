"""A library path is named as that very file: a control character in it is shown in the
shell's ``$'...'`` quoting, as every other file name a message prints, never dropped (which
named another file) nor printed raw."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile.helpers import assert_one_line_usage_error, cli


@pytest.mark.parametrize("command", ["list", "check", "repair"])
def test_a_folder_as_library_is_named_quoted(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "li\x1bb"
    folder.mkdir()
    line = assert_one_line_usage_error(
        cli("library", command, "--library", folder), "li\\x1bb' is a folder; give the library file"
    )
    assert "$'" in line and "\x1b" not in line


def test_a_missing_library_is_named_quoted(tmp_path: Path) -> None:
    line = assert_one_line_usage_error(
        cli("library", "list", "--library", tmp_path / "no\x01ne.db"), "no library at $'"
    )
    assert "no\\x01ne.db'" in line


def test_a_file_not_a_library_is_named_quoted(tmp_path: Path) -> None:
    path = tmp_path / "not\x01a.db"
    path.write_text("hello", encoding="utf-8")
    for command in ("list", "check"):
        line = assert_one_line_usage_error(
            cli("library", command, "--library", path), "not\\x01a.db': file is not a database"
        )
        assert line.startswith("error: cannot open library $'")


def test_a_fifo_as_library_is_named_quoted(tmp_path: Path) -> None:
    fifo = tmp_path / "pi\npe.db"
    os.mkfifo(fifo)
    assert_one_line_usage_error(
        cli("library", "list", "--library", fifo), "pi\\npe.db': it is not a regular file"
    )


def test_a_healthy_library_is_named_quoted_by_check_and_repair(tmp_path: Path) -> None:
    # `library check` said "healthy: .../lib.db" of "li\x1b[31mb.db": another file.
    paper = tmp_path / "paper.md"
    paper.write_text("# Title\n\nSparse matrices save memory.\n", encoding="utf-8")
    library = tmp_path / "li\x1b[31mb.db"
    assert cli("library", "add", paper, "--ref", "local:p", "--library", library).exit_code == 0
    checked = cli("library", "check", "--library", library)
    assert checked.exit_code == 0, checked.stderr
    assert "healthy: $'" in checked.stdout + checked.stderr
    assert "li\\x1b[31mb.db' (schema version" in checked.stdout + checked.stderr
    repaired = cli("library", "repair", "--library", library)
    assert repaired.exit_code == 0, repaired.stderr
    assert "nothing to repair: $'" in repaired.stdout + repaired.stderr
    assert "li\\x1b[31mb.db' is healthy" in repaired.stdout + repaired.stderr
