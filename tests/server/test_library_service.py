"""The library calls of the service the API and the MCP server share, in process
(``claimaudit.server.library_service``): reading, searching, adding and removing papers, and a
library that is missing or damaged said without its path."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import Any

import pytest

from claimaudit.errors import (
    ContentChangedError,
    InputError,
    InvalidReferenceError,
    LibraryOpenError,
    PaperNotFoundError,
    PassageNotFoundError,
)
from claimaudit.identity import PaperRef, RefKind, parse_ref
from claimaudit.library.models import AddOutcome, NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.server.service import Service
from tests.library import replacing
from tests.server.conftest import DEEP_RULES_REF
from tests.signals import ready_child


def test_passage_context_is_clamped(service: Service) -> None:
    found = service.passage(DEEP_RULES_REF, "P069", context=99)
    assert [p.passage_id for p in found.before] == [f"P0{n}" for n in range(64, 69)]
    assert found.after == []
    with pytest.raises(PassageNotFoundError):
        service.passage(DEEP_RULES_REF, "P070")
    with pytest.raises(PaperNotFoundError):
        service.passage("arXiv:2401.00001", "P001")


@pytest.mark.parametrize(
    ("passage_id", "named"),
    [
        ("", "''"),
        (" ", "' '"),
        (" P001", "' P001'"),
        ("P" * 5000, f"{'P' * 100}... (5,000 characters)"),
        ("P999", "P999"),
    ],
)
def test_a_passage_not_found_names_the_id_as_sent(
    service: Service, passage_id: str, named: str
) -> None:
    # An empty id was refused as "... has no passage", naming nothing, and a long one was
    # echoed whole into the answer.
    with pytest.raises(PassageNotFoundError) as refused:
        service.passage(DEEP_RULES_REF, passage_id)
    assert str(refused.value) == f"{DEEP_RULES_REF} has no passage {named}"


@pytest.mark.parametrize("passage_id", ["P\x00", "P001\n", "\x85P001"])
def test_a_passage_id_holding_a_control_character_is_no_passage_of_any_paper(
    service: Service, passage_id: str
) -> None:
    # As the HTTP path refuses it (``pathrefs``); over MCP it was "REF has no passage P\x00",
    # and a paper not stored was looked up first.
    for ref in (DEEP_RULES_REF, "local:not-stored"):
        with pytest.raises(PassageNotFoundError) as refused:
            service.passage(ref, passage_id)
        assert str(refused.value) == "no passage id holds control characters"


def test_an_exact_passage_is_read_from_the_copy_named_never_a_newer_version(
    service: Service,
) -> None:
    # The edition a record judged, stored unversioned; version 2 of the work stored since.
    service.add_upload(io.BytesIO(b"# T\n\nThe judged words.\n"), "a.md", ref="arXiv:2301.00041")
    service.add_upload(io.BytesIO(b"# T\n\nLater words.\n"), "b.md", ref="arXiv:2301.00041v2")
    assert service.passage("arXiv:2301.00041", "P001").passage.text == "Later words."
    exact = service.passage("arXiv:2301.00041", "P001", exact=True)
    assert (str(exact.paper.ref), exact.passage.text) == ("arXiv:2301.00041", "The judged words.")
    paper, passages = service.paper("arXiv:2301.00041", exact=True)
    assert paper.ref.version is None and [p.text for p in passages] == ["The judged words."]
    with pytest.raises(PaperNotFoundError):
        service.passage("arXiv:2301.00042", "P001", exact=True)


def test_identical_content_with_another_title_is_retitled_only_with_replace(
    service: Service,
) -> None:
    def upload(**options: Any) -> Any:
        return service.add_upload(
            io.BytesIO(b"# Old\n\nWords.\n"), "n.md", ref="local:t", **options
        )

    assert upload().title == "Old"
    kept = upload(title="New Title")
    # Nothing was stored: the answer names the title the paper keeps, and says why.
    assert (kept.outcome, kept.title) == (AddOutcome.UNCHANGED, "Old")
    assert kept.warnings == (
        "local:t is already stored with identical content, titled 'Old'; it was not retitled: "
        "send replace: true to change its title",
    )
    assert service.paper("local:t")[0].title == "Old"
    retitled = upload(title="New Title", replace=True)
    assert (retitled.outcome, retitled.title, retitled.warnings) == (
        AddOutcome.UNCHANGED,
        "New Title",
        (),
    )
    assert service.paper("local:t")[0].title == "New Title"
    again = upload()
    assert (again.title, again.warnings) == ("New Title", ())


def test_upload_errors_name_the_upload_not_the_temporary_file(service: Service) -> None:
    with pytest.raises(InputError) as caught:
        service.add_upload(io.BytesIO(b""), "empty.txt", ref="local:empty")
    assert str(caught.value).startswith("empty.txt:")
    assert "claimaudit-upload" not in str(caught.value)


def test_an_upload_records_where_it_came_from(service: Service) -> None:
    result = service.add_upload(io.BytesIO(b"Some words.\n"), "n.md", ref="local:n")
    assert result.passage_count == 1
    from claimaudit.identity import parse_ref
    from claimaudit.library.store import Library

    with Library.open(service.library) as library:
        paper = library.require_paper(parse_ref("local:n"))
    assert paper.source_path == "upload:n.md"


def test_a_missing_library_is_unavailable_not_created(tmp_path: Path) -> None:
    service = Service(tmp_path / "none.sqlite3")
    with pytest.raises(LibraryOpenError) as caught:
        service.papers()
    assert caught.value.http_status == 503
    service.ensure_library()
    assert service.papers() == []


def _library_calls(service: Service) -> dict[str, Any]:
    """Every service call that opens the library, as the API's and MCP's routes make them."""
    return {
        "papers": lambda: service.papers(),
        "search": lambda: service.search("deep learning"),
        "paper": lambda: service.paper(DEEP_RULES_REF),
        "passage": lambda: service.passage(DEEP_RULES_REF, "p1"),
        "remove": lambda: service.remove(DEEP_RULES_REF),
        "upload": lambda: service.add_upload(io.BytesIO(b"# T\n\nWords.\n"), "n.md", ref="local:n"),
    }


@pytest.mark.parametrize("damage", ["garbage", "directory", "missing"])
def test_an_unusable_library_is_reported_without_its_path(service: Service, damage: str) -> None:
    library = service.library
    if damage == "garbage":
        library.write_bytes(b"this is not an SQLite database\n" * 100)
    elif damage == "directory":
        library.unlink()
        library.mkdir()
    calls = _library_calls(service)
    if damage == "missing":
        service.ensure_library()  # as the server does at start
        library.unlink()
    for name, call in calls.items():
        with pytest.raises(LibraryOpenError) as caught:
            call()
        message = str(caught.value)
        assert caught.value.http_status == 503, name
        assert str(library.parent) not in message and "library.sqlite3" not in message, message
        assert "the server's library" in message, message
        assert "\n" not in message


def test_a_503_over_http_does_not_name_the_library_path(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig

    library = tmp_path / "lib3.sqlite3"
    with TestClient(create_app(ServerConfig(library=library)), base_url="http://127.0.0.1") as api:
        library.write_bytes(b"garbage" * 1000)
        response = api.get("/v1/library")
        assert response.status_code == 503
        error = response.json()["error"]
        assert error["code"] == "library_unavailable"
        assert error["message"] == "cannot open the server's library: file is not a database"
        library.unlink()
        response = api.get("/v1/library/search", params={"q": "deep"})
        assert response.status_code == 503 and str(tmp_path) not in response.text
        assert "the server's library is missing" in response.json()["error"]["message"]
        # Uploading, as a check's record once advised, does not make a new empty library.
        response = api.post("/v1/library", files={"file": ("n.md", b"# T\n\nWords.\n")})
        assert response.status_code == 503, response.text
        assert "the server's library is missing" in response.json()["error"]["message"]
        assert not library.exists()


def test_a_damaged_index_is_a_503_saying_so_not_an_empty_list(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig
    from tests.library.damaging import empty_index, make_library

    library = make_library(tmp_path / "lib.sqlite3")
    empty_index(library)
    with TestClient(create_app(ServerConfig(library=library)), base_url="http://127.0.0.1") as api:
        response = api.get("/v1/library/search", params={"q": "aspirin"})
    assert response.status_code == 503
    assert response.json()["error"] == {
        "status": 503,
        "code": "library_damaged",
        # The fact alone: `claimaudit library repair` is the command line's advice, not a client's.
        "message": "the library's search index is damaged",
    }


def test_a_damaged_database_is_library_damaged_on_every_library_route(tmp_path: Path) -> None:
    # QA: reads answered 503 library_unavailable ("cannot be opened") where the upload said
    # library_damaged; README names the damaged library library_damaged.
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig
    from tests.library.damaging import ASPIRIN, break_papers_table, make_library

    library = make_library(tmp_path / "lib.sqlite3")
    break_papers_table(library)
    upload = {"file": ("n.md", b"# T\n\nWords here.\n")}
    with TestClient(create_app(ServerConfig(library=library)), base_url="http://127.0.0.1") as api:
        responses = {
            "list": api.get("/v1/library"),
            "paper": api.get(f"/v1/library/{ASPIRIN}"),
            "passage": api.get(f"/v1/library/{ASPIRIN}/passages/P001"),
            "remove": api.delete(f"/v1/library/{ASPIRIN}"),
            "upload": api.post("/v1/library", files=upload, data={"ref": "local:n"}),
        }
    for route, response in responses.items():
        assert response.status_code == 503, (route, response.text)
        error = response.json()["error"]
        assert error["code"] == "library_damaged", (route, error)
        assert error["message"].startswith("the library database is damaged"), (route, error)


def test_a_paper_replaced_while_read_is_one_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = replacing.store_old(tmp_path / "lib.sqlite3")
    replacing.replace_before_passages(monkeypatch, path)
    paper, passages = Service(path).paper(replacing.REF)
    assert (paper.title, [p.text for p in passages]) == (replacing.OLD[0], [replacing.OLD[1]])


@pytest.mark.parametrize("query", [None, "study"])
def test_a_paper_added_while_listed_is_in_neither_the_list_nor_the_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str | None
) -> None:
    """The list and its count were two reads: a paper another connection added between them
    was counted but not listed ("showing 1 of 2" with nothing left to show)."""
    path = replacing.store_old(tmp_path / "lib.sqlite3")
    count_papers = Library.count_papers

    def added_first(self: Library, text: str | None = None) -> int:
        with Library.open(path) as other:
            tea = Passage("P001", "Tea calms.", "Abstract")
            other.add_paper(NewPaper(parse_ref("local:tea"), "Tea study", [tea], "hash-tea"))
        return count_papers(self, text)

    monkeypatch.setattr(Library, "count_papers", added_first)
    papers, total = Service(path).paper_listing(query)
    assert ([str(p.ref) for p in papers], total) == ([replacing.REF], 1)


@pytest.mark.parametrize("table", ["passages_fts", "passages_fts_idx"])
def test_a_dropped_index_table_is_a_503_to_an_upload_and_a_search(
    tmp_path: Path, table: str
) -> None:
    """SQLite's words were "no such table: main.passages_fts" and "SQL logic error"."""
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig
    from tests.library.damaging import execute, make_library

    library = make_library(tmp_path / "lib.sqlite3")
    execute(library, f"DROP TABLE {table}")
    with TestClient(create_app(ServerConfig(library=library)), base_url="http://127.0.0.1") as api:
        uploaded = api.post(
            "/v1/library",
            files={"file": ("notes.md", b"# Tea\n\nGreen tea lowers blood pressure.\n")},
            data={"ref": "local:tea"},
        )
        searched = api.get("/v1/library/search", params={"q": "aspirin"})
    for response in (uploaded, searched):
        assert response.status_code == 503, response.text
        assert response.json()["error"] == {
            "status": 503,
            "code": "library_damaged",
            "message": "the library's search index is damaged",
        }


# A child that starts an upload whose body never ends (a client still sending), says so once
# its copy is being written, and waits there, as a server killed mid-upload is.
_UPLOADING = """
import sys
from pathlib import Path
from claimaudit.server.service import Service

class Body:
    sent = False
    def read(self, size=-1):
        if self.sent:
            print("ready", flush=True)
            sys.stdin.read()
            return b""
        self.sent = True
        return b"Some words.\\n"

Service(Path(sys.argv[1])).add_upload(Body(), "n.md", ref="local:n")
"""


def test_an_upload_a_killed_server_left_is_removed_by_the_next_upload(
    service: Service, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    with ready_child(_UPLOADING, str(service.library), env={"TMPDIR": str(scratch)}):
        (left,) = scratch.glob("claimaudit-upload-*")
        monkeypatch.setattr(tempfile, "tempdir", str(scratch))
        service.add_upload(io.BytesIO(b"Other words.\n"), "m.md", ref="local:m")
        assert left.is_dir()  # its request lives: kept
    # killed (kill -9): no clean-up of its own ran
    assert (left / "n.md").is_file()
    service.add_upload(io.BytesIO(b"More words.\n"), "o.md", ref="local:o")
    assert list(scratch.iterdir()) == []  # the killed server's copy of its upload is gone


def test_a_passage_s_neighbours_stop_at_the_paper_s_ends(service: Service) -> None:
    first = service.passage(DEEP_RULES_REF, "P001", context=2)
    assert first.before == [] and [p.passage_id for p in first.after] == ["P002", "P003"]
    second = service.passage(DEEP_RULES_REF, "P002", context=2)
    assert [p.passage_id for p in second.before] == ["P001"]
    assert [p.passage_id for p in second.after] == ["P003", "P004"]
    alone = service.passage(DEEP_RULES_REF, "P002", context=0)
    assert (alone.before, alone.after) == ([], [])


def test_a_passage_is_read_only_from_the_content_a_record_names(service: Service) -> None:
    paper, _ = service.paper(DEEP_RULES_REF)
    digest = paper.content_hash
    found = service.passage(DEEP_RULES_REF, "P001", content_hash=digest.upper())
    assert found.passage.passage_id == "P001"
    with pytest.raises(ContentChangedError, match="it was re-added since"):
        service.passage(DEEP_RULES_REF, "P001", content_hash="0" * 64)


def test_only_an_arxiv_paper_is_downloaded(service: Service) -> None:
    with pytest.raises(InvalidReferenceError, match="is not an arXiv paper"):
        service.add_arxiv("doi:10.1000/xyz")


@pytest.mark.parametrize("ref", ["local:t\t", "\nlocal:t", "local:t\r\n"])
def test_a_reference_with_a_control_character_at_an_end_is_refused_everywhere(
    service: Service, ref: str
) -> None:
    service.add_upload(io.BytesIO(b"Some words.\n"), "n.md", ref="local:t")
    for call in (
        lambda: service.paper(ref),
        lambda: service.remove(ref),
        lambda: service.search("words", ref),
        lambda: service.add_upload(io.BytesIO(b"Other.\n"), "m.md", ref=ref),
    ):
        with pytest.raises(InvalidReferenceError):
            call()
    assert service.paper("local:t")[0].ref == parse_ref("local:t")


def test_a_filtered_listing_counts_the_papers_it_matches(service: Service) -> None:
    everything = service.paper_listing()[1]
    service.add_upload(io.BytesIO(b"Zebra words.\n"), "n.md", ref="local:zebra")
    papers, total = service.paper_listing("zebra")
    assert ([str(p.ref) for p in papers], total) == (["local:zebra"], 1)
    page, total = service.paper_listing(None, 1, 1)
    first, _ = service.paper_listing(None, 1, 0)
    assert total == everything + 1 and page != first and len(page) == 1


def test_an_upload_may_pull_in_no_other_file(service: Service, tmp_path: Path) -> None:
    # A file beside the server's temporary copy would be read as the upload's own.
    latex = b"\\documentclass{article}\\begin{document}\\input{intro}\\end{document}\n"
    with pytest.raises(InputError, match="an uploaded file cannot pull in other files"):
        service.add_upload(io.BytesIO(latex), "main.tex", ref="local:tex")
    with pytest.raises(PaperNotFoundError):
        service.paper("local:tex")


def test_a_paper_stored_under_a_reference_now_refused_is_shown_and_removed(
    service: Service,
) -> None:
    # Stored before the rule that refuses 0703.1234 (arXiv ids of that form begin in 0704).
    stored = PaperRef.as_stored(RefKind.ARXIV, "0703.1234")
    with Library.open(service.library) as library:
        passages = [Passage("P001", "Coffee drinkers sleep less.", "Abstract")]
        library.add_paper(NewPaper(stored, "Old", passages, "hash-old"))
    assert service.paper("arXiv:0703.1234")[0].title == "Old"
    assert service.remove("0703.1234").title == "Old"
    with pytest.raises(PaperNotFoundError):
        service.paper("arXiv:0703.1234")


def test_a_passage_of_a_long_paper_has_the_neighbours_the_whole_paper_gives(
    service: Service,
) -> None:
    # One passage is read with its neighbours alone, no longer from the whole paper: the
    # answers stay those of the paper read whole, in the middle and at both ends.
    text = "# Long\n\n" + "\n\n".join(f"Paragraph number {n} says its words." for n in range(3000))
    service.add_upload(io.BytesIO(text.encode()), "long.md", ref="local:long")
    _, passages = service.paper("local:long")
    assert len(passages) == 3000
    ids = [p.passage_id for p in passages]
    for at, context in ((0, 3), (1, 3), (1500, 5), (2998, 2), (2999, 5), (1234, 0)):
        found = service.passage("local:long", ids[at], context=context)
        assert found.passage == passages[at]
        assert found.before == passages[max(0, at - context) : at]
        assert found.after == passages[at + 1 : at + 1 + context]
        assert found.paper.passage_count == 3000
    with pytest.raises(PassageNotFoundError, match="local:long has no passage P9999"):
        service.passage("local:long", "P9999")
