"""The service the API and the MCP server share, in process."""

from __future__ import annotations

import io
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from claimaudit.errors import (
    BibliographyError,
    CancelledWorkError,
    ContentChangedError,
    DraftError,
    InputError,
    InvalidClaimError,
    InvalidReferenceError,
    JudgeError,
    LibraryOpenError,
    PaperNotFoundError,
    PassageNotFoundError,
    UnknownBackendError,
)
from claimaudit.identity import PaperRef, RefKind, parse_ref
from claimaudit.judges.protocol import Decision, Judge, JudgeReply, JudgeSettings
from claimaudit.library.models import AddOutcome, NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.server.judges import JudgePool
from claimaudit.server.service import MAX_PAPERS_PER_CHECK, Service
from tests.fakes import ScriptedJudge, pick
from tests.library import replacing
from tests.server.conftest import DEEP_RULES_REF, NARROW_CLAIM
from tests.signals import ready_child


@pytest.fixture
def service(example_library: Path, tmp_path: Path) -> Service:
    copy = tmp_path / "library.sqlite3"
    copy.write_bytes(example_library.read_bytes())
    return Service(copy)


def test_check_refuses_bad_requests_before_loading_a_judge(service: Service) -> None:
    class Refusing(JudgePool):
        def lease(self, name: str | None = None, model: str | None = None) -> Any:
            raise AssertionError("no judge may be loaded for a bad request")

    service.judges = Refusing()
    for claim, papers in (
        ("", [DEEP_RULES_REF]),
        ("A claim.", []),
        ("A claim.", [DEEP_RULES_REF, "arXiv:2105.14372"]),
        ("A claim.", [f"local:p{i}" for i in range(MAX_PAPERS_PER_CHECK + 1)]),
    ):
        with pytest.raises(InvalidClaimError):
            service.check(claim, papers)
    with pytest.raises(InvalidClaimError, match="threshold"):
        service.check("A claim.", [DEEP_RULES_REF], threshold=1.5)


def test_review_refuses_bad_requests_before_loading_a_judge(
    service: Service, tmp_path: Path
) -> None:
    class Refusing(JudgePool):
        def lease(self, name: str | None = None, model: str | None = None) -> Any:
            raise AssertionError("no judge may be loaded for a bad request")

    service.judges = Refusing()
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{k, eprint = {2105.14372}}")
    with pytest.raises(DraftError, match="empty"):
        service.review(" \n ")
    with pytest.raises(DraftError, match="not both"):
        service.review("A [@k].", bibliography="@misc{k}", bibliography_path=bib)
    with pytest.raises(BibliographyError, match="cannot read"):
        service.review("A [@k].", bibliography_path=tmp_path / "absent.bib")
    with pytest.raises(BibliographyError, match="not valid JSON"):
        service.review("A [@k].", bibliography="[", bibliography_format="csl-json")
    with pytest.raises(InvalidClaimError, match="threshold"):
        service.review("A [@k].", threshold=-0.1)


def _get(pool: JudgePool, name: str | None, model: str | None = None) -> Judge:
    with pool.lease(name, model) as judge:
        return judge


def test_judges_are_loaded_once_per_name_and_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", "test-key")  # jev is built, never asked
    pool = JudgePool(capacity=2)
    local = _get(pool, "local")
    assert _get(pool, "local") is local and _get(pool, None) is local
    jev_a = _get(pool, "jev", "jev-latest")
    assert _get(pool, "jev", "jev-latest") is jev_a
    assert _get(pool, "jev", "jev-preview") is not jev_a
    # Bounded: the least recently used judge made room.
    assert _get(pool, "local") is not local
    with pytest.raises(UnknownBackendError):
        _get(pool, "nope")


class Closable(Judge):
    def __init__(self, name: str) -> None:
        self.name = name
        self.closed = 0

    def decide(self, decision: Decision) -> JudgeReply:
        raise JudgeError("not asked here")

    def close(self) -> None:
        self.closed += 1


def test_a_judge_that_leaves_the_pool_is_closed_once_no_request_uses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: dict[str, Closable] = {}

    def make(name: str, settings: JudgeSettings) -> Closable:
        made[settings.model or ""] = Closable(name)
        return made[settings.model or ""]

    monkeypatch.setattr("claimaudit.server.judges.make_judge", make)
    pool = JudgePool(capacity=1)
    with pool.lease("x", "a") as a:
        with pool.lease("x", "b"):  # makes room: "a" leaves the pool while in use
            assert a.closed == 0
        assert a.closed == 0  # its request still runs
    assert a.closed == 1 and made["b"].closed == 0
    _get(pool, "x", "c")  # "b" leaves the pool unused: closed at once
    assert made["b"].closed == 1
    pool.close()  # at shutdown, the rest
    assert made["c"].closed == 1 and a.closed == 1


def test_passage_context_is_clamped(service: Service) -> None:
    found = service.passage(DEEP_RULES_REF, "P069", context=99)
    assert [p.passage_id for p in found.before] == [f"P0{n}" for n in range(64, 69)]
    assert found.after == []
    with pytest.raises(PassageNotFoundError):
        service.passage(DEEP_RULES_REF, "P070")
    with pytest.raises(PaperNotFoundError):
        service.passage("arXiv:2401.00001", "P001")


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


def test_a_library_gone_after_start_is_said_alike_and_never_made_anew(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Even with a search key, a check does not look elsewhere as if the paper were merely absent.
    monkeypatch.setenv("VALYU_API_KEY", "k")
    service.ensure_library()
    service.library.unlink()
    missing = "the server's library is missing: it was moved or deleted after the server started"
    with pytest.raises(LibraryOpenError, match=f"^{missing}$"):
        service.papers()
    checked = service.check(NARROW_CLAIM, [DEEP_RULES_REF, "scifact:1000"], judge="local")
    assert [r.error for r in checked.records] == [
        f"{DEEP_RULES_REF}: {missing}",
        f"scifact:1000: {missing}",
    ]
    with pytest.raises(LibraryOpenError, match=f"^{missing}$") as caught:
        service.add_upload(io.BytesIO(b"# T\n\nWords.\n"), "n.md", ref="local:n")
    assert caught.value.http_status == 503
    assert not service.library.exists()


def test_the_service_refuses_an_empty_draft_as_a_draft_error(service: Service) -> None:
    with pytest.raises(DraftError, match="the draft is empty") as caught:
        service.review("  \n")
    assert (caught.value.http_status, caught.value.code) == (400, "invalid_draft")


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


def test_a_review_judges_one_version_of_a_paper_uploaded_anew_meanwhile(service: Service) -> None:
    choose = pick("supports", "P001")

    def upload_then_answer(decision: Decision) -> JudgeReply:
        # Someone replaces the paper through the server while the review runs.
        revised = io.BytesIO(b"# Revised\n\nA wholly revised text about deep learning.\n")
        service.add_upload(revised, "revised.md", ref=DEEP_RULES_REF, replace=True)
        return choose(decision)

    judge = ScriptedJudge(upload_then_answer)

    class Scripted(JudgePool):
        @contextmanager
        def lease(self, name: str | None = None, model: str | None = None) -> Iterator[Judge]:
            yield judge

    service.judges = Scripted()
    draft = (
        f"Deep learning needs baselines ({DEEP_RULES_REF}).\n"
        f"Deep learning models need much data ({DEEP_RULES_REF}).\n"
    )
    records = [r.record for r in service.review(draft).result.records]
    assert len(records) == 2 and len(judge.seen) == 2
    shown = [p.text for d in judge.seen for p in d.case.passages]
    assert shown and not any("wholly revised" in text for text in shown)
    assert len({(r.paper_title, r.retrieved_at) for r in records}) == 1


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


# -- behaviour the third mutation pass found untested ------------------------------------------


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


class _Leased(JudgePool):
    """A pool lending one scripted judge, noting the model each lease asked for."""

    def __init__(self, judge: Judge) -> None:
        super().__init__()
        self.judge = judge
        self.models: list[str | None] = []

    @contextmanager
    def lease(self, name: str | None = None, model: str | None = None) -> Iterator[Judge]:
        self.models.append(model)
        yield self.judge


@pytest.mark.parametrize("threshold", [0.0, 1.0])
def test_a_threshold_at_either_end_of_0_to_1_is_taken(service: Service, threshold: float) -> None:
    service.judges = _Leased(ScriptedJudge(pick("supports", "P001")))
    checked = service.check("Deep learning needs data.", [DEEP_RULES_REF], threshold=threshold)
    assert checked.threshold == threshold and len(checked.records) == 1


def test_an_empty_model_is_no_model(service: Service) -> None:
    pool = _Leased(ScriptedJudge(pick("supports", "P001")))
    service.judges = pool
    service.check("Deep learning needs data.", [DEEP_RULES_REF], judge="local", model="")
    assert pool.models == [None]


def test_a_check_cancelled_while_queued_judges_nothing(service: Service) -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    service.judges = _Leased(judge)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(CancelledWorkError, match="cancelled after 0 of 1 papers"):
        service.check("Deep learning needs data.", [DEEP_RULES_REF], cancel=cancel)
    assert judge.seen == []


def test_a_client_gone_after_the_last_paper_still_gets_every_record(service: Service) -> None:
    cancel = threading.Event()
    choose = pick("supports", "P001")

    def answer_then_leave(decision: Decision) -> JudgeReply:
        cancel.set()
        return choose(decision)

    service.judges = _Leased(ScriptedJudge(answer_then_leave))
    checked = service.check("Deep learning needs data.", [DEEP_RULES_REF], cancel=cancel)
    assert [r.verdict for r in checked.records] == ["supports"]


def test_a_check_takes_the_50_papers_the_readme_promises_and_no_more() -> None:
    # README: "50 papers per check".
    Service.validate_check("A claim.", [f"local:p{i}" for i in range(50)], None)
    with pytest.raises(InvalidClaimError):
        Service.validate_check("A claim.", [f"local:p{i}" for i in range(51)], None)
