from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import PaperNotInLibraryError, SourceError
from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.plugins import Registry
from claimaudit.records import record_to_dict
from claimaudit.server.advice import api_advice
from claimaudit.sources import library as library_source
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import Source
from tests.fakes import ScriptedJudge, pick
from tests.library import replacing


def _store(path: Path, ref: str, *texts: str) -> None:
    passages = [Passage(f"P{i:03d}", t, "Results") for i, t in enumerate(texts, start=1)]
    with Library.open(path) as lib:
        lib.add_paper(NewPaper(parse_ref(ref), "Attention", passages, f"hash-{ref}"))


def test_fetch_returns_all_passages_in_order(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, "1706.03762v2", "first passage", "second passage", "third passage")
    source = LibrarySource(db)
    assert isinstance(source, Source) and source.name == "library"
    paper = source.fetch(parse_ref("1706.03762"), "claim text")
    assert str(paper.ref) == "arXiv:1706.03762v2"
    assert paper.title == "Attention"
    assert [p.passage_id for p in paper.passages] == ["P001", "P002", "P003"]
    assert paper.passages[0].text == "first passage"
    assert paper.passages[0].section == "Results"
    assert paper.full_text is True and paper.search_query == ""
    assert paper.url == "https://arxiv.org/abs/1706.03762v2"  # from the ref: none was stored


def test_version_rule(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, "1706.03762v2", "text")
    source = LibrarySource(db)
    assert source.fetch(parse_ref("1706.03762v2"), "q").ref.version == 2
    with pytest.raises(SourceError, match="not in the local library"):
        source.fetch(parse_ref("1706.03762v3"), "q")


@pytest.mark.parametrize(
    ("stored", "held"),
    [
        (["1907.10121v2"], "arXiv:1907.10121v2: cite that version"),
        (
            ["1907.10121v3", "1907.10121v2"],
            "arXiv:1907.10121v2 and arXiv:1907.10121v3: cite one of them",
        ),
    ],
)
def test_a_version_not_stored_names_the_versions_that_are(
    tmp_path: Path, stored: list[str], held: str
) -> None:
    # QA: v1 asked while v2 is stored read "not in the local library", as if no copy were.
    db = tmp_path / "lib.sqlite3"
    for ref in stored:
        _store(db, ref, "text")
    with pytest.raises(PaperNotInLibraryError) as caught:
        LibrarySource(db).fetch(parse_ref("1907.10121v1"), "q")
    assert str(caught.value) == (
        f"arXiv:1907.10121v1 is not in the local library ({db}), which holds {held}, or "
        "arXiv:1907.10121 without a version for the newest one stored"
    )
    assert LibrarySource(db).other_copies(parse_ref("1907.10121")) == []  # it reads any


def test_a_copy_stored_without_a_version_is_named_to_a_versioned_reference(
    tmp_path: Path,
) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, "1907.10121", "text")
    with pytest.raises(PaperNotInLibraryError) as caught:
        LibrarySource(db).fetch(parse_ref("1907.10121v1"), "q")
    assert str(caught.value) == (
        f"arXiv:1907.10121v1 is not in the local library ({db}), which holds arXiv:1907.10121 "
        "without a version: cite arXiv:1907.10121"
    )
    with pytest.raises(PaperNotInLibraryError) as other:  # another paper: no copy to name
        LibrarySource(db).fetch(parse_ref("2105.14372v1"), "q")
    assert str(other.value) == f"arXiv:2105.14372v1 is not in the local library ({db})"


def test_a_missing_library_is_a_paper_not_in_it_which_each_surface_says_how_to_add(
    tmp_path: Path,
) -> None:
    absent = tmp_path / "absent.sqlite3"
    with pytest.raises(PaperNotInLibraryError) as caught:
        LibrarySource(absent).fetch(parse_ref("1706.03762"), "q")
    assert str(caught.value) == f"arXiv:1706.03762: no library at {absent}"
    assert caught.value.library == str(absent) and not absent.exists()
    # No command line advice in the message itself: the API and MCP would repeat it.
    assert "claimaudit library add" not in str(caught.value)
    assert api_advice(caught.value) == "upload it with POST /v1/library"


def test_missing_or_broken_database_is_a_source_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no library at"):
        LibrarySource(tmp_path / "absent.sqlite3").fetch(parse_ref("1706.03762"), "q")
    assert not (tmp_path / "absent.sqlite3").exists()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"garbage" * 1000)
    with pytest.raises(SourceError, match="cannot open library"):
        LibrarySource(junk).fetch(parse_ref("1706.03762"), "q")


def test_registered_factory_takes_path(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, "doi:10.1234/x", "text")
    registry = Registry()
    library_source.register(registry)
    assert "library" in registry.sources
    source = registry.make_source("library", path=db)
    assert source.fetch(parse_ref("doi:10.1234/X"), "q").title == "Attention"


def test_default_path_comes_from_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "env.sqlite3"
    _store(db, "doi:10.1234/x", "text")
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(db))
    assert LibrarySource().fetch(parse_ref("doi:10.1234/x"), "q").passages[0].text == "text"


def test_a_paper_replaced_during_fetch_is_read_as_one_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tester's interleaving: ``library add --replace`` committed between the read of the
    paper and of its passages gave the old title with the new text."""
    db = replacing.store_old(tmp_path / "lib.sqlite3")
    replacing.replace_before_passages(monkeypatch, db)
    paper = LibrarySource(db).fetch(parse_ref(replacing.REF), "claim")
    assert (paper.title, [p.text for p in paper.passages]) == (
        replacing.OLD[0],
        [replacing.OLD[1]],
    )
    again = LibrarySource(db).fetch(parse_ref(replacing.REF), "claim")  # replaced indeed
    assert again.title == replacing.NEW[0]


def test_a_local_paper_added_with_a_url_keeps_it_in_the_record(tmp_path: Path) -> None:
    # A local: reference has no public address of its own: the one given when it was added is
    # the only link the reader gets to the paper.
    db = tmp_path / "lib.sqlite3"
    url = "https://example.org/reports/notes.pdf"
    passages = [Passage("P001", "Aspirin lowers fever in adults.", "Results")]
    with Library.open(db) as lib:
        lib.add_paper(NewPaper(parse_ref("local:notes"), "Notes", passages, "hash-n", url=url))
    source = LibrarySource(db)
    assert source.fetch(parse_ref("local:notes"), "q").url == url
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    [record] = checker.check("Aspirin lowers fever", ["local:notes"])
    assert record_to_dict(record)["paperUrl"] == url
