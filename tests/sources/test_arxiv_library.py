"""arXiv papers into the library: ``add_from_arxiv``, and ``FetchingSource`` (source ``arxiv``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.errors import InputError
from claimaudit.library.extract import extractor_version
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.plugins import DEFAULT_PLUGINS, Registry
from claimaudit.sources.arxiv import ArxivClient
from claimaudit.sources.arxiv_library import FetchingSource, add_from_arxiv, register
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import SourceError
from tests.library.helpers import PDF_TEXT, make_blank_pdf, make_pdf
from tests.sources.arxivserver import ArxivServer


@pytest.fixture
def arxiv(tmp_path: Path) -> Iterator[ArxivServer]:
    v1 = make_pdf(tmp_path / "v1.pdf", text="First version. " + PDF_TEXT).read_bytes()
    v2 = make_pdf(tmp_path / "v2.pdf").read_bytes()
    blank = make_blank_pdf(tmp_path / "blank.pdf").read_bytes()
    with ArxivServer() as server:
        server.add("1706.03762", "Attention Is All\n You Need", {1: v1, 2: v2})
        server.add("2001.00001", "A scan", {1: blank})
        yield server


@pytest.fixture
def client(arxiv: ArxivServer) -> Iterator[ArxivClient]:
    with ArxivClient(arxiv.url, min_interval=0) as made:
        yield made


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "library.sqlite3"


def test_add_stores_the_newest_edition_with_arxiv_title(
    arxiv: ArxivServer, client: ArxivClient, db: Path
) -> None:
    with Library.open(db) as library:
        result = add_from_arxiv(library, parse_ref("1706.03762"), client)
        assert result.outcome is AddOutcome.ADDED and str(result.ref) == "arXiv:1706.03762v2"
        paper = library.require_paper(parse_ref("1706.03762"))
        passages = library.passages(paper.ref)
    # No source package on the server (404): the PDF is read instead, and the library says so.
    assert [s.path for s in arxiv.seen] == [
        "/api/query",
        "/e-print/1706.03762v2",
        "/pdf/1706.03762v2",
    ]
    assert paper.title == "Attention Is All You Need"
    assert paper.url == "https://arxiv.org/abs/1706.03762v2"
    assert paper.source_path == f"{arxiv.url}/pdf/1706.03762v2"
    assert (paper.source_format, paper.extractor) == ("pdf", extractor_version("pdf"))
    assert "BLEU score of 28.4" in " ".join(p.text for p in passages)


def test_stored_edition_is_not_downloaded_again(
    arxiv: ArxivServer, client: ArxivClient, db: Path
) -> None:
    with Library.open(db) as library:
        add_from_arxiv(library, parse_ref("1706.03762v1"), client)
        again = add_from_arxiv(library, parse_ref("1706.03762v1"), client)
        assert again.outcome is AddOutcome.UNCHANGED and again.passage_count > 0
        assert [s.path for s in arxiv.seen].count("/pdf/1706.03762v1") == 1
        # --replace downloads again; identical bytes leave the stored paper as it was.
        replaced = add_from_arxiv(library, parse_ref("1706.03762v1"), client, replace=True)
        assert replaced.outcome is AddOutcome.UNCHANGED
        newer = add_from_arxiv(library, parse_ref("1706.03762"), client, title="My title")
        assert newer.outcome is AddOutcome.ADDED and newer.title == "My title"
        assert [str(p.ref) for p in library.list_papers()] == [
            "arXiv:1706.03762v1",
            "arXiv:1706.03762v2",
        ]


def test_a_pdf_without_text_names_the_download(
    arxiv: ArxivServer, client: ArxivClient, db: Path
) -> None:
    with Library.open(db) as library:
        with pytest.raises(InputError) as caught:
            add_from_arxiv(library, parse_ref("2001.00001"), client)
        assert library.list_papers() == []
    assert str(caught.value).startswith(f"{arxiv.url}/pdf/2001.00001v1: the PDF has no")
    assert "claimaudit-arxiv-" not in str(caught.value)


def test_fetching_source_adds_missing_papers_once(
    arxiv: ArxivServer, client: ArxivClient, db: Path
) -> None:
    source = FetchingSource(LibrarySource(db), db, client=client)
    paper = source.fetch(parse_ref("1706.03762"), "claim")
    assert str(paper.ref) == "arXiv:1706.03762v2" and paper.full_text
    assert paper.calls == 3 and source.name == "library"  # metadata, e-print (none), PDF
    again = source.fetch(parse_ref("1706.03762"), "claim")
    assert again.calls == 0 and len(arxiv.seen) == 3
    with pytest.raises(SourceError, match=r"could not fetch arXiv:1706\.03762v5 from arXiv"):
        source.fetch(parse_ref("1706.03762v5"), "claim")
    with pytest.raises(SourceError, match=r"could not add arXiv:2001\.00001 to the library"):
        source.fetch(parse_ref("2001.00001"), "claim")
    before = len(arxiv.seen)
    with pytest.raises(SourceError, match="not in the local library"):
        source.fetch(parse_ref("doi:10.1000/x"), "claim")
    assert len(arxiv.seen) == before  # only arXiv papers are fetched


def test_registered_as_the_arxiv_source(
    arxiv: ArxivServer, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv.url)
    registry = Registry()
    register(registry)
    source = registry.make_source("arxiv", path=db)
    assert isinstance(source, FetchingSource) and source.name == "arxiv"
    source.client.min_interval = 0
    assert source.fetch(parse_ref("1706.03762v1"), "q").title == "Attention Is All You Need"
    assert "claimaudit.sources.arxiv_library" in DEFAULT_PLUGINS
