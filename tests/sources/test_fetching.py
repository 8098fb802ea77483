"""``FetchingSource`` (source ``arxiv``, ``check --fetch``): missing arXiv papers are added to
the library first."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import SourceError
from claimaudit.identity import parse_ref
from claimaudit.plugins import DEFAULT_PLUGINS, Registry
from claimaudit.sources.arxiv import ArxivClient
from claimaudit.sources.fetching import FetchingSource, register
from claimaudit.sources.library import LibrarySource
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
    register(registry)
    source = registry.make_source("arxiv", path=db)
    assert isinstance(source, FetchingSource) and source.name == "arxiv"
    client = source.client
    client.min_interval = 0
    assert source.fetch(parse_ref("1706.03762v1"), "q").title == "Attention Is All You Need"
    source.close()  # its own client: closed with it
    assert client._http.is_closed
    assert "claimaudit.sources.fetching" in DEFAULT_PLUGINS
