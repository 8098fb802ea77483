"""Fixtures shared by the hostile-input tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.helpers import cli


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A library holding one paper that every refusal must leave in place."""
    path = tmp_path / "lib.sqlite3"
    keep = tmp_path / "keep.txt"
    keep.write_text("A paper that must survive every refusal.\n", encoding="utf-8")
    assert cli("library", "add", keep, "--ref", "local:keep", "--library", path).exit_code == 0
    return path
