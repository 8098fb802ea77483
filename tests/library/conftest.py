"""Fixtures for the library tests (the top-level conftest owns ``shared_data``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from claimaudit.library.scifact import import_corpus
from claimaudit.library.store import Library
from tests.library.helpers import DATA, SCIFACT_CORPUS


@pytest.fixture(scope="session", autouse=True)
def _shared_data_present() -> None:
    if not DATA.is_dir():
        pytest.fail(f"the shared data folder is missing: {DATA}")


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    with Library.open(tmp_path / "library.sqlite3") as lib:
        yield lib


@pytest.fixture(scope="session")
def scifact_library_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full SciFact corpus, imported once per session; treat as read-only."""
    path = tmp_path_factory.mktemp("scifact") / "library.sqlite3"
    with Library.open(path) as lib:
        import_corpus(lib, SCIFACT_CORPUS)
    return path
