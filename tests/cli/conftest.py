"""CLI fixtures: a library holding a real paper, and a runner for the full command set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import jevcompat.mock
import pytest
from typer.testing import CliRunner

from claimaudit.cli import _install_commands
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from tests.judges.faultserver import TEST_KEY
from tests.judges.openaiserver import OpenAIServer

DEEP_RULES_REF = "arXiv:2105.14372"


@pytest.fixture(scope="session")
def runner() -> CliRunner:
    _install_commands()
    return CliRunner()


@pytest.fixture(scope="session")
def paper_library(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library with "Ten quick tips for deep learning in biology" (Manubot Markdown)."""
    path = tmp_path_factory.mktemp("lib") / "library.sqlite3"
    with Library.open(path) as library:
        add_path(
            library, shared_data / "papers" / "deep-rules_lee2022", ref=parse_ref(DEEP_RULES_REF)
        )
    return path


@pytest.fixture
def jev_mock(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The offline Jev mock (jevcompat), with the SDK's environment pointed at it."""
    with jevcompat.mock.Running(jevcompat.mock.MockConfig()) as mock:
        monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
        monkeypatch.setenv("TYPESAFE_BASE_URL", mock.url)
        yield mock.url


@pytest.fixture
def library_copy(paper_library: Path, tmp_path: Path) -> Path:
    """A private copy, for tests that must not share state."""
    copy = tmp_path / "library.sqlite3"
    copy.write_bytes(paper_library.read_bytes())
    return copy


@pytest.fixture
def openai_chat(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenAIServer]:
    """A fake OpenAI-compatible server, with the openai judge's environment pointed at it."""
    with OpenAIServer(key=TEST_KEY) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", TEST_KEY)
        yield server
