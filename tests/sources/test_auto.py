"""The ``auto`` source: library first, then Valyu when its key is set, else a clear failure."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from claimaudit.cli._advice import cli_message
from claimaudit.errors import PaperNotInLibraryError, SourceError
from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.plugins import DEFAULT_PLUGINS, Registry
from claimaudit.sources.auto import AutoSource, register
from tests.sources.valyuserver import TEST_VALYU_KEY, ValyuServer, result

ABS = "https://arxiv.org/abs/"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "library.sqlite3"
    with Library.open(path) as library:
        for ref in ("1706.03762v5", "doi:10.1000/kept"):
            passages = [Passage("P001", "Stored text.")]
            library.add_paper(NewPaper(parse_ref(ref), "Stored", passages, f"hash-{ref}"))
    return path


@pytest.fixture
def valyu(monkeypatch: pytest.MonkeyPatch) -> Iterator[ValyuServer]:
    with ValyuServer() as server:
        server.results = [result(f"{ABS}1706.03762v7", "Searched text.")]
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", server.url)
        yield server


def test_library_first_even_with_a_key(
    db: Path, valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    paper = AutoSource(db).fetch(parse_ref("1706.03762"), "q")
    assert paper.full_text and paper.passages[0].text == "Stored text."
    assert valyu.searches == []


def test_valyu_when_the_library_lacks_the_paper(
    db: Path, tmp_path: Path, valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    paper = AutoSource(db).fetch(parse_ref("1706.03762v7"), "q")
    assert not paper.full_text and paper.passages[0].text == "Searched text."
    # No library at all is an empty library, not an error.
    paper = AutoSource(tmp_path / "none.sqlite3").fetch(parse_ref("1706.03762"), "q")
    assert str(paper.ref) == "arXiv:1706.03762v7" and len(valyu.searches) == 2
    assert not (tmp_path / "none.sqlite3").exists()


def test_without_a_key_it_says_what_to_do(db: Path, valyu: ValyuServer) -> None:
    with pytest.raises(SourceError) as caught:
        AutoSource(db).fetch(parse_ref("1706.03762v7"), "q")
    # The source states the fact; each surface adds how to add the paper (tests/test_advice.py).
    # QA: the version stored (v5) is named, with how to cite it; not "not in the library" alone.
    error = caught.value
    stored = (
        ", which holds arXiv:1706.03762v5: cite that version, or arXiv:1706.03762 without a "
        "version for the newest one stored"
    )
    assert str(error) == f"arXiv:1706.03762v7 is not in the local library ({db}){stored}"
    assert isinstance(error, PaperNotInLibraryError)
    assert (error.arxiv_id, error.search_key, error.library) == (
        "1706.03762v7",
        "VALYU_API_KEY",
        str(db),
    )
    message = cli_message(error)
    assert message == (
        f"arXiv:1706.03762v7 is not in the local library ({db}){stored}; add it or set "
        "VALYU_API_KEY (`claimaudit library add arxiv:1706.03762v7` or `check --fetch`)"
    )
    assert valyu.searches == []


def test_non_arxiv_papers_get_the_library_answer(
    db: Path, valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    assert AutoSource(db).fetch(parse_ref("doi:10.1000/kept"), "q").title == "Stored"
    with pytest.raises(SourceError, match=r"doi:10\.1000/other is not in the local library"):
        AutoSource(db).fetch(parse_ref("doi:10.1000/other"), "q")
    assert valyu.searches == []


def test_a_broken_library_is_reported_not_bypassed(
    tmp_path: Path, valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 100)
    with pytest.raises(SourceError, match="cannot open library"):
        AutoSource(junk).fetch(parse_ref("1706.03762"), "q")
    assert valyu.searches == []


def test_registered(db: Path) -> None:
    registry = Registry()
    registry.load("auto", lambda: register)  # as a built-in
    source = registry.make_source("auto", path=db)
    assert isinstance(source, AutoSource) and source.name == "auto" and source.path == db
    assert "claimaudit.sources.auto" in DEFAULT_PLUGINS


def test_a_key_of_spaces_is_no_key(
    db: Path, valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A blank key (an unfilled `VALYU_API_KEY= ` line in .env) must not turn a missing paper
    # into a search: the library's advice says how to add it.
    monkeypatch.setenv("VALYU_API_KEY", "   ")
    with pytest.raises(PaperNotInLibraryError) as caught:
        AutoSource(db).fetch(parse_ref("1706.03762v7"), "q")
    assert str(caught.value).startswith("arXiv:1706.03762v7 is not in the local library")
    assert caught.value.search_key == "VALYU_API_KEY"
    assert valyu.searches == []
