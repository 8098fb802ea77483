"""Fixtures shared by the hostile-input tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from tests.fakes import MemorySource, ScriptedJudge, pick
from tests.hostile.helpers import cli


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A library holding one paper that every refusal must leave in place."""
    path = tmp_path / "lib.sqlite3"
    keep = tmp_path / "keep.txt"
    keep.write_text("A paper that must survive every refusal.\n", encoding="utf-8")
    assert cli("library", "add", keep, "--ref", "local:keep", "--library", path).exit_code == 0
    return path


@pytest.fixture
def source() -> MemorySource:
    """Two papers for batch runs: scifact:1 (aspirin) and scifact:2 (coffee)."""
    memory = MemorySource()
    memory.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    memory.add(parse_ref("scifact:2"), "Two", ["Coffee is brewed from roasted beans."])
    return memory


def scripted_judge() -> ScriptedJudge:
    return ScriptedJudge(pick("supports", "P001"))


@pytest.fixture
def scripted_cli(source: MemorySource, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The batch command's judge and source options for the scripted judge and ``source``."""
    from claimaudit.plugins import Registered, get_registry

    registry = get_registry()
    judges, sources = registry.judges, registry.sources
    monkeypatch.setitem(judges, "scripted", Registered(lambda _: scripted_judge(), "", "t"))
    monkeypatch.setitem(sources, "hostile", Registered(lambda *, path: source, "", "t"))
    return ["--judge", "scripted", "--source", "hostile", "--no-cache"]
