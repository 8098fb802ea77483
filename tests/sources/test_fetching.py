"""``FetchingSource`` (source ``arxiv``, ``check --fetch``): missing arXiv papers are added to
the library first."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import InvalidSettingsError, SourceError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.plugins import DEFAULT_PLUGINS, Registry
from claimaudit.records import NotCheckedRecord
from claimaudit.sources import fetching
from claimaudit.sources.arxiv import ArxivClient
from claimaudit.sources.fetching import FetchingSource, register
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import SourcePaper
from tests.fakes import ScriptedJudge, pick
from tests.sources.arxivserver import ArxivServer


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "library.sqlite3"


def test_fetching_source_adds_missing_papers_once(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, db: Path
) -> None:
    source = FetchingSource(LibrarySource(db), db, client=arxiv_client)
    paper = source.fetch(parse_ref("1706.03762"), "claim")
    assert str(paper.ref) == "arXiv:1706.03762v2" and paper.full_text
    assert paper.calls == 3 and source.name == "library"  # metadata, e-print (none), PDF
    again = source.fetch(parse_ref("1706.03762"), "claim")
    assert again.calls == 0 and len(arxiv_papers.seen) == 3
    with pytest.raises(SourceError, match=r"could not fetch arXiv:1706\.03762v5 from arXiv"):
        source.fetch(parse_ref("1706.03762v5"), "claim")
    with pytest.raises(SourceError, match=r"could not add arXiv:2001\.00001 to the library"):
        source.fetch(parse_ref("2001.00001"), "claim")
    before = len(arxiv_papers.seen)
    with pytest.raises(SourceError, match="not in the local library"):
        source.fetch(parse_ref("doi:10.1000/x"), "claim")
    assert len(arxiv_papers.seen) == before  # only arXiv papers are fetched
    source.close()  # the client was passed in: it stays open for its owner
    assert source.fetch(parse_ref("1706.03762"), "claim").title == "Attention Is All You Need"


def test_registered_as_the_arxiv_source(
    arxiv_papers: ArxivServer, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv_papers.url)
    registry = Registry()
    registry.load("arxiv", lambda: register)  # as a built-in
    source = registry.make_source("arxiv", path=db)
    assert isinstance(source, FetchingSource) and source.name == "arxiv"
    client = source.client
    client.min_interval = 0
    assert source.fetch(parse_ref("1706.03762v1"), "q").title == "Attention Is All You Need"
    source.close()  # its own client: closed with it
    assert client._http.is_closed
    assert "claimaudit.sources.fetching" in DEFAULT_PLUGINS


def test_a_failed_download_notes_the_requests_arxiv_was_sent(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, db: Path
) -> None:
    # arXiv answers the metadata request with 404: the request was still sent, and paid for.
    arxiv_papers.fail_next(404, count=5)
    source = FetchingSource(LibrarySource(db), db, client=arxiv_client)
    judge = ScriptedJudge(pick("supports", "P001"))
    [record] = Checker(source, judge).check("Attention is enough.", ["1706.03762"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error.startswith("could not fetch arXiv:1706.03762 from arXiv")
    sent = len(arxiv_papers.seen)
    assert sent >= 1 and record.calls == {"arxiv": sent}
    assert judge.seen == []


def test_a_paper_the_library_then_refuses_still_notes_the_download(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, db: Path
) -> None:
    class Refusing(LibrarySource):
        def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
            raise SourceError("the library refused it")

    source = FetchingSource(Refusing(db), db, client=arxiv_client)
    with pytest.raises(SourceError, match="the library refused it") as caught:
        source.fetch(parse_ref("1706.03762"), "claim")
    assert (caught.value.calls, caught.value.backend) == (len(arxiv_papers.seen), "arxiv")
    assert caught.value.calls == 3


@pytest.mark.parametrize("paper", ["1706.03762v5", "2001.00001"])  # not on arXiv; no text
def test_a_failed_first_download_leaves_no_library(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, tmp_path: Path, paper: str
) -> None:
    db = tmp_path / "new" / "library.sqlite3"
    source = FetchingSource(LibrarySource(db), db, client=arxiv_client)
    with pytest.raises(SourceError, match="could not"):
        source.fetch(parse_ref(paper), "claim")
    assert not db.parent.exists()  # no library, no -wal, -shm or draft, no folder made for it


def test_threads_of_one_run_fill_a_new_library_together(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, db: Path
) -> None:
    source = FetchingSource(LibrarySource(db), db, client=arxiv_client)
    with ThreadPoolExecutor(2) as pool:
        papers = list(
            pool.map(lambda p: source.fetch(parse_ref(p), "q"), ["1706.03762v1", "1706.03762v2"])
        )
    assert [str(p.ref) for p in papers] == ["arXiv:1706.03762v1", "arXiv:1706.03762v2"]
    with Library.open(db, create=False) as library:
        assert library.count_papers() == 2


def test_a_library_another_run_made_meanwhile_gets_the_paper(
    arxiv_papers: ArxivServer,
    arxiv_client: ArxivClient,
    db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nDeep learning needs labelled data.\n", encoding="utf-8")
    real_add = fetching.add_from_arxiv
    other_runs = []

    def add_while_another_run_makes_it(library: Library, *args: Any, **kwargs: Any) -> Any:
        if not other_runs:  # another process's first add, finished while this one downloads
            with Library.open(db) as other:
                other_runs.append(add_path(other, notes, ref=parse_ref("local:notes")))
        return real_add(library, *args, **kwargs)

    monkeypatch.setattr(fetching, "add_from_arxiv", add_while_another_run_makes_it)
    source = FetchingSource(LibrarySource(db), db, client=arxiv_client)
    paper = source.fetch(parse_ref("1706.03762v2"), "claim")
    assert paper.calls == len(arxiv_papers.seen)  # the download that was not kept counts too
    with Library.open(db, create=False) as library:
        assert sorted(str(p.ref) for p in library.list_papers()) == [
            "arXiv:1706.03762v2",
            "local:notes",
        ]


def test_an_arxiv_base_url_that_is_not_http_is_refused_when_the_source_is_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Its client is made on first use: each paper was not_checked, "arXiv unreachable".
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", "garbage")
    library = tmp_path / "library.db"
    with pytest.raises(InvalidSettingsError, match=r"^CLAIMAUDIT_ARXIV_BASE_URL is not an http"):
        FetchingSource(LibrarySource(library), library)
