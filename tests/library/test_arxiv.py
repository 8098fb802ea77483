"""arXiv papers into the library: ``add_from_arxiv`` against a local arXiv peer."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from claimaudit.errors import InputError
from claimaudit.identity import parse_ref
from claimaudit.library.arxiv import add_from_arxiv
from claimaudit.library.extract import extractor_version
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.sources.arxiv import ArxivClient
from tests.signals import ready_child
from tests.sources.arxivserver import ArxivServer


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "library.sqlite3"


def test_add_stores_the_newest_edition_with_arxiv_title(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, db: Path
) -> None:
    with Library.open(db) as library:
        result = add_from_arxiv(library, parse_ref("1706.03762"), arxiv_client)
        assert result.outcome is AddOutcome.ADDED and str(result.ref) == "arXiv:1706.03762v2"
        paper = library.require_paper(parse_ref("1706.03762"))
        passages = library.passages(paper.ref)
    # No source package on the server (404): the PDF is read instead, and the library says so.
    assert [s.path for s in arxiv_papers.seen] == [
        "/api/query",
        "/e-print/1706.03762v2",
        "/pdf/1706.03762v2",
    ]
    assert paper.title == "Attention Is All You Need"
    assert paper.url == "https://arxiv.org/abs/1706.03762v2"
    assert paper.source_path == f"{arxiv_papers.url}/pdf/1706.03762v2"
    assert (paper.source_format, paper.extractor) == ("pdf", extractor_version("pdf"))
    assert "BLEU score of 28.4" in " ".join(p.text for p in passages)


def test_stored_edition_is_not_downloaded_again(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, db: Path
) -> None:
    with Library.open(db) as library:
        add_from_arxiv(library, parse_ref("1706.03762v1"), arxiv_client)
        again = add_from_arxiv(library, parse_ref("1706.03762v1"), arxiv_client)
        assert again.outcome is AddOutcome.UNCHANGED and again.passage_count > 0
        assert [s.path for s in arxiv_papers.seen].count("/pdf/1706.03762v1") == 1
        # --replace downloads again; identical bytes leave the stored paper as it was.
        replaced = add_from_arxiv(library, parse_ref("1706.03762v1"), arxiv_client, replace=True)
        assert replaced.outcome is AddOutcome.UNCHANGED
        newer = add_from_arxiv(library, parse_ref("1706.03762"), arxiv_client, title="My title")
        assert newer.outcome is AddOutcome.ADDED and newer.title == "My title"
        assert [str(p.ref) for p in library.list_papers()] == [
            "arXiv:1706.03762v1",
            "arXiv:1706.03762v2",
        ]


def test_a_pdf_without_text_names_the_download(
    arxiv_papers: ArxivServer, arxiv_client: ArxivClient, db: Path
) -> None:
    with Library.open(db) as library:
        with pytest.raises(InputError) as caught:
            add_from_arxiv(library, parse_ref("2001.00001"), arxiv_client)
        assert library.list_papers() == []
    assert str(caught.value).startswith(f"{arxiv_papers.url}/pdf/2001.00001v1: the PDF has no")
    assert "claimaudit-arxiv-" not in str(caught.value)


# A download killed outright (kill -9) mid-way: its scratch folder, made as a download's is,
# holding what it had fetched, and no clean-up run.
_DOWNLOADING = """
import sys
from pathlib import Path
from claimaudit.guards.leftovers import scratch_folder
with scratch_folder("claimaudit-arxiv-") as folder:
    (folder / "1706.03762v2.pdf").write_bytes(b"%PDF-1.4 half")
    print("ready", flush=True)
    sys.stdin.read()
"""


def test_a_download_a_killed_run_left_is_removed_by_the_next_download(
    arxiv_papers: ArxivServer,
    arxiv_client: ArxivClient,
    db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    with ready_child(_DOWNLOADING, env={"TMPDIR": str(scratch)}):
        pass  # killed once it holds a half-written download
    (left,) = scratch.glob("claimaudit-arxiv-*")
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    with Library.open(db) as library:
        add_from_arxiv(library, parse_ref("1706.03762"), arxiv_client)
    assert not left.exists()
    assert list(scratch.iterdir()) == []  # its own folder is gone too
