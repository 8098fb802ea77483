"""The server's paper source hides the library path from failure messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import PaperNotInLibraryError, SourceError
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library._connection import busy_error
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.server.advice import api_advice, request_message
from claimaudit.server.sources import LIBRARY_NAME, ServerSource, hide_library, server_source
from claimaudit.sources.protocol import Source, SourcePaper


class _Failing(Source):
    name = "failing"

    def __init__(self, message: str, calls: int = 0) -> None:
        self.message = message
        self.calls = calls

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        raise SourceError(self.message, calls=self.calls)


def test_failures_name_the_library_without_its_path(tmp_path: Path) -> None:
    library = tmp_path / "lib" / "library.sqlite3"
    failing = _Failing(f"x is not in the local library ({library}); add it", calls=2)
    source = ServerSource(failing, library)
    with pytest.raises(SourceError) as caught:
        source.fetch(parse_ref("arXiv:1706.03762"), "q")
    assert str(caught.value) == f"x is not in the local library ({LIBRARY_NAME}); add it"
    assert caught.value.calls == 2  # accounting survives the rewording
    assert source.name == "failing"


def test_a_real_library_miss_is_reworded(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    with pytest.raises(SourceError) as caught:
        server_source(library).fetch(parse_ref("doi:10.1000/xyz"), "q")
    assert str(tmp_path) not in str(caught.value)


def test_a_version_not_stored_names_the_stored_one_without_the_path(tmp_path: Path) -> None:
    # QA: the API and MCP said only "not in the local library" while another version was there.
    library = tmp_path / "library.sqlite3"
    with Library.open(library) as lib:
        passages = [Passage("P001", "Stored text.")]
        lib.add_paper(NewPaper(parse_ref("1907.10121v2"), "SciPy", passages, "hash"))
    with pytest.raises(PaperNotInLibraryError) as caught:
        server_source(library).fetch(parse_ref("1907.10121v1"), "q")
    assert str(tmp_path) not in request_message(caught.value)
    assert (
        api_advice(caught.value)
        == "upload it with POST /v1/library or set VALYU_API_KEY on the server"
    )
    assert str(caught.value) == (
        f"arXiv:1907.10121v1 is not in the local library ({LIBRARY_NAME}), which holds "
        "arXiv:1907.10121v2: cite that version, or arXiv:1907.10121 without a version for the "
        "newest one stored"
    )


def test_the_library_named_with_its_article_reads_once_hidden(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    # What an upload is told while a long `library import-jsonl` holds the write lock: it was
    # "another process is writing the the server's library; ...".
    busy = str(busy_error(library))
    assert hide_library(busy, library) == (
        "another process is writing the server's library; try again when it is done"
    )
    assert hide_library(f"could not create the library {library}: disk full", library) == (
        "could not create the server's library: disk full"
    )
    assert hide_library(f"cannot open library {library}: locked", library) == (
        "cannot open the server's library: locked"
    )


def test_a_search_failure_names_the_servers_search_service_not_its_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # QA: a public user of the service read "Valyu unreachable at http://***@search.internal
    # :8443/v1 (ConnectError)": where the server's search service runs. The operator's log
    # keeps it.
    base = "http://ops:s3cret@search.internal:8443/v1"
    monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", base)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    failing = _Failing(
        "Valyu unreachable at http://***@search.internal:8443/v1 (ConnectError)", calls=1
    )
    source = ServerSource(failing, tmp_path / "library.sqlite3")
    with caplog.at_level("WARNING", logger="uvicorn.error"), pytest.raises(SourceError) as caught:
        source.fetch(parse_ref("arXiv:1706.03762"), "q")
    assert str(caught.value) == ("Valyu unreachable at the server's search service (ConnectError)")
    assert caught.value.calls == 1
    logged = [r.getMessage() for r in caplog.records if r.name == "uvicorn.error"]
    assert any("search.internal:8443" in line for line in logged)


@pytest.mark.parametrize("folder", ["da\x01ta", "it's \x1b[31mred", "plain"])
def test_a_library_path_shown_quoted_is_still_hidden(tmp_path: Path, folder: str) -> None:
    # Library messages show a name with a control character in the shell's $'...' quoting;
    # hiding replaced only the path as it is, so the quoted form told the client where the
    # server keeps its data.
    library = tmp_path / folder / "li\x01brary.sqlite3"
    assert hide_library(str(busy_error(library)), library) == (
        "another process is writing the server's library; try again when it is done"
    )
    backup = library.with_name(library.name + ".bak-1")
    hidden = hide_library(f"could not back up {shown_name(backup)}: no room", library)
    assert str(tmp_path) not in hidden and folder not in hidden
    assert shown_name(tmp_path / folder)[2:-1] not in hidden
    with pytest.raises(SourceError) as caught:
        server_source(library).fetch(parse_ref("doi:10.1000/xyz"), "q")
    message = request_message(caught.value)
    assert str(tmp_path) not in message and "li\\x01brary" not in message
