"""Adding a paper from disk: a cancelled add stores nothing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from claimaudit.errors import CancelledWorkError
from claimaudit.identity import parse_ref
from claimaudit.library import ingest
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library

REF = parse_ref("local:notes")


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\nRandom forests are a strong baseline for tabular data.\n")
    return path


def test_an_add_cancelled_while_the_file_is_read_stores_nothing(
    tmp_path: Path, paper: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The caller goes away while a big file is read: the paper is not stored after all.
    cancel = threading.Event()
    cut = ingest.make_passages

    def cancelled_meanwhile(*args: object, **kwargs: object) -> object:
        cancel.set()
        return cut(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ingest, "make_passages", cancelled_meanwhile)
    with Library.open(tmp_path / "library.sqlite3") as library:
        with pytest.raises(CancelledWorkError, match="the library is unchanged"):
            add_path(library, paper, ref=REF, cancel=cancel)
        assert library.get_paper(REF) is None and library.list_papers() == []


def test_an_add_not_cancelled_is_stored(tmp_path: Path, paper: Path) -> None:
    with Library.open(tmp_path / "library.sqlite3") as library:
        result = add_path(library, paper, ref=REF, cancel=threading.Event())
        assert result.ref == REF and library.get_paper(REF) is not None
