"""A library for adding papers is made only once a paper is stored in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import LibraryOpenError
from claimaudit.identity import parse_ref
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    path = tmp_path / "paper.md"
    path.write_text("# A paper\n\nDeep learning needs labelled data.\n", encoding="utf-8")
    return path


def test_nothing_stored_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "kept" / "library.db"
    path.parent.mkdir()
    with pytest.raises(RuntimeError), library_for_adding(path):
        raise RuntimeError("the paper was refused")
    assert list(path.parent.iterdir()) == []  # no library, no -wal, -shm or draft


def test_nothing_stored_leaves_no_folder_it_made(tmp_path: Path) -> None:
    # The library file was not made, but "new/deeper/" stayed behind.
    path = tmp_path / "new" / "deeper" / "library.db"
    with pytest.raises(RuntimeError), library_for_adding(path):
        raise RuntimeError("the paper was refused")
    assert list(tmp_path.iterdir()) == []
    # A folder something else put a file in meanwhile is kept, with the file.
    with pytest.raises(RuntimeError), library_for_adding(path):
        (tmp_path / "new" / "notes.txt").write_text("mine\n", encoding="utf-8")
        raise RuntimeError("the paper was refused")
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["notes.txt"]


def test_a_stored_paper_makes_the_library_named_as_asked(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    with library_for_adding(path) as library:
        assert library.path == path
        add_path(library, paper, ref=parse_ref("local:paper"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.db", "paper.md"]
    with Library.open(path, create=False) as library:
        assert [str(p.ref) for p in library.list_papers()] == ["local:paper"]


def test_papers_stored_before_a_stop_are_kept(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    with pytest.raises(KeyboardInterrupt), library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:paper"))
        raise KeyboardInterrupt
    with Library.open(path, create=False) as library:
        assert library.count_papers() == 1


def test_a_library_made_meanwhile_is_never_replaced(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    refused = pytest.raises(LibraryOpenError, match="made by another run meanwhile")
    with refused, library_for_adding(path) as library:
        add_path(library, paper, ref=parse_ref("local:paper"))
        with Library.open(path) as other:  # another run's first add, finished first
            add_path(other, paper, ref=parse_ref("local:other"))
    with Library.open(path, create=False) as library:
        assert [str(p.ref) for p in library.list_papers()] == ["local:other"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.db", "paper.md"]


def test_an_existing_library_is_used_as_it_is(tmp_path: Path, paper: Path) -> None:
    path = tmp_path / "library.db"
    Library.open(path).close()  # an empty library made on purpose stays
    with pytest.raises(RuntimeError), library_for_adding(path):
        raise RuntimeError("refused")
    assert path.is_file()
