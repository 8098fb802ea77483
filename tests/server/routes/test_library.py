"""The ``/v1/library`` routes through the app: their query parameters and path references."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.server.conftest import ServerLauncher, stop
from tests.server.launcher import ADD_GATE_ENV
from tests.sources.arxivserver import ArxivServer


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        yield client


def _add(api: TestClient, ref: str, text: bytes) -> None:
    added = api.post("/v1/library", files={"file": ("a.md", text)}, data={"ref": ref})
    assert added.status_code == 201, added.text


def test_one_paper_reads_the_unversioned_copy_with_exact(api: TestClient) -> None:
    # The passages and the remove route took exact; this one ignored it, so an unversioned
    # copy kept beside a stored version could not be read over HTTP.
    _add(api, "arXiv:1603.07285", b"The unversioned upload.\n")
    _add(api, "arXiv:1603.07285v2", b"The second version.\n")
    newest = api.get("/v1/library/arXiv%3A1603.07285")
    assert newest.status_code == 200, newest.text
    assert newest.json()["paper"]["ref"] == "arXiv:1603.07285v2"
    exact = api.get("/v1/library/arXiv%3A1603.07285?exact=true")
    assert exact.status_code == 200, exact.text
    assert exact.json()["paper"]["ref"] == "arXiv:1603.07285"
    assert [p["text"] for p in exact.json()["passages"]] == ["The unversioned upload."]
    assert api.get("/v1/library/arXiv%3A1603.07285?exact=false").json() == newest.json()
    for typo in ("1", "yes", "True", ""):
        bad = api.get(f"/v1/library/arXiv%3A1603.07285?exact={typo}")
        assert bad.status_code == 422
        assert bad.json()["error"]["message"] == "exact: Input should be true or false"
    twice = api.get("/v1/library/arXiv%3A1603.07285?exact=false&exact=true")
    assert twice.json()["error"]["message"] == "exact: Input should be given once, not 2 times"
    # Only the copy stored under exactly that reference: a version alone is not it.
    _add(api, "arXiv:1603.07286v1", b"Only a version.\n")
    assert api.get("/v1/library/arXiv%3A1603.07286?exact=true").status_code == 404


def test_one_paper_documents_exact(api: TestClient) -> None:
    route = api.get("/openapi.json").json()["paths"]["/v1/library/{ref}"]["get"]
    exact = next(p for p in route["parameters"] if p["name"] == "exact")
    assert exact["in"] == "query" and exact["schema"]["type"] == "boolean"
    assert "exactly this reference" in exact["description"]


@pytest.mark.parametrize("ref", ["local:t1\t", "\rlocal:t1", "local:t1\n"])
def test_a_control_character_at_a_query_or_form_reference_s_end_is_refused(
    api: TestClient, ref: str
) -> None:
    _add(api, "local:t1", b"Some words to find.\n")
    searched = api.get("/v1/library/search", params={"q": "words", "ref": ref})
    assert searched.status_code == 400, searched.text
    assert searched.json()["error"]["code"] == "invalid_reference"
    added = api.post("/v1/library", files={"file": ("b.md", b"Other.\n")}, data={"ref": ref})
    assert added.status_code == 400, added.text
    assert added.json()["error"]["code"] == "invalid_reference"
    assert [p["ref"] for p in api.get("/v1/library").json()["papers"]] == ["local:t1"]


@pytest.mark.parametrize("typo", ["yes", "on", "1", "off", "0", "True"])
def test_an_upload_s_replace_is_true_or_false_as_exact_is(api: TestClient, typo: str) -> None:
    # It was read as FastAPI reads a boolean: "yes", "on" and "1" replaced, "off" and "0" kept.
    _add(api, "local:t1", b"First text.\n")
    sent = api.post(
        "/v1/library",
        files={"file": ("a.md", b"Other text.\n")},
        data={"ref": "local:t1", "replace": typo},
    )
    assert sent.status_code == 422, sent.text
    assert sent.json()["error"]["message"] == "replace: Input should be true or false"
    kept = api.get("/v1/library/local%3At1").json()["passages"]
    assert [p["text"] for p in kept] == ["First text."]
    replaced = api.post(
        "/v1/library",
        files={"file": ("a.md", b"Other text.\n")},
        data={"ref": "local:t1", "replace": "true"},
    )
    assert replaced.status_code == 201, replaced.text
    refused = api.post(
        "/v1/library",
        files={"file": ("a.md", b"Third text.\n")},
        data={"ref": "local:t1", "replace": "false"},
    )
    assert refused.status_code == 409, refused.text


def test_an_arxiv_paper_is_downloaded_into_the_library_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arxiv_papers: ArxivServer
) -> None:
    # An HTTP client naming papers by arXiv id had to download the file and upload it.
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv_papers.url)
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as api:
        added = api.post("/v1/library/arxiv", json={"ref": "1706.03762", "title": "Attention"})
        again = api.post("/v1/library/arxiv", json={"ref": "arXiv:1706.03762"})
        listed = api.get("/v1/library").json()
    assert added.status_code == 201, added.text
    assert (added.json()["ref"], added.json()["outcome"]) == ("arXiv:1706.03762v2", "added")
    assert (again.status_code, again.json()["outcome"]) == (200, "unchanged")
    assert [(p["ref"], p["title"]) for p in listed["papers"]] == [
        ("arXiv:1706.03762v2", "Attention")
    ]


@pytest.mark.parametrize(
    ("body", "status", "code", "message"),
    [
        (
            {"ref": "doi:10.1000/xyz"},
            400,
            "invalid_reference",
            "doi:10.1000/xyz is not an arXiv paper: only arXiv papers are downloaded; add any "
            "other from its file",
        ),
        ({"ref": "2001.99999"}, 502, "backend_error", "arXiv has no paper arXiv:2001.99999"),
        (
            {"ref": "1706.03762", "replace": "yes"},
            422,
            None,
            "replace: Input should be a valid boolean",
        ),
        (
            {"ref": "1706.03762", "colour": "red"},
            422,
            None,
            "colour: Extra inputs are not permitted",
        ),
    ],
)
def test_an_arxiv_download_refused_stores_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    arxiv_papers: ArxivServer,
    body: dict[str, object],
    status: int,
    code: str | None,
    message: str,
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv_papers.url)
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as api:
        refused = api.post("/v1/library/arxiv", json=body)
        listed = api.get("/v1/library").json()
    assert refused.status_code == status, refused.text
    error = refused.json()["error"]
    assert error["message"].startswith(message)
    if code is not None:
        assert error["code"] == code
    assert listed["papers"] == []


def test_a_stored_arxiv_paper_is_retitled_only_with_replace_and_arxiv_is_not_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arxiv_papers: ArxivServer
) -> None:
    # QA: a new title with replace was answered but not stored; without replace it was dropped
    # without a word; and a version already stored was looked up on arXiv (502 when it failed).
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv_papers.url)
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as api:
        assert api.post("/v1/library/arxiv", json={"ref": "1706.03762v1"}).status_code == 201
        asked = len(arxiv_papers.seen)
        kept = api.post("/v1/library/arxiv", json={"ref": "1706.03762v1", "title": "Mine"})
        assert len(arxiv_papers.seen) == asked  # a stored version: arXiv is not asked
        retitled = api.post(
            "/v1/library/arxiv", json={"ref": "1706.03762v1", "title": "Mine", "replace": True}
        )
        stored = api.get("/v1/library/arXiv%3A1706.03762v1").json()["paper"]["title"]
    assert kept.status_code == 200, kept.text
    assert kept.json()["title"] == "Attention Is All You Need"
    assert kept.json()["warnings"] == [
        "arXiv:1706.03762v1 is already stored with identical content, titled 'Attention Is All "
        "You Need'; it was not retitled: send replace: true to change its title"
    ]
    assert retitled.json()["title"] == stored == "Mine"


# -- behaviour the third mutation pass found untested ------------------------------------------


@pytest.mark.parametrize("path", ["/v1/library/search", "/v1/library/local%3At1/passages/P001"])
def test_a_delete_of_the_get_only_paths_is_405_not_a_removal(api: TestClient, path: str) -> None:
    _add(api, "local:t1", b"Some words to find.\n")
    refused = api.delete(path)
    assert refused.status_code == 405, refused.text
    assert "DELETE" not in refused.headers["allow"]
    assert [p["ref"] for p in api.get("/v1/library").json()["papers"]] == ["local:t1"]


def test_an_upload_takes_a_title_and_refuses_an_unknown_field(api: TestClient) -> None:
    titled = api.post(
        "/v1/library",
        files={"file": ("a.md", b"Some words.\n")},
        data={"ref": "local:t1", "title": "My notes"},
    )
    assert (titled.status_code, titled.json()["title"]) == (201, "My notes")
    unknown = api.post(
        "/v1/library",
        files={"file": ("b.md", b"Other words.\n")},
        data={"ref": "local:t2", "colour": "red"},
    )
    assert unknown.status_code == 422, unknown.text
    assert unknown.json()["error"]["message"] == "colour: Extra inputs are not permitted"
    assert [p["ref"] for p in api.get("/v1/library").json()["papers"]] == ["local:t1"]


def test_a_passage_s_content_hash_is_a_whole_sha_256(api: TestClient) -> None:
    _add(api, "local:t1", b"Some words to find.\n")
    paper = api.get("/v1/library/local%3At1").json()["paper"]
    digest = paper["contentHash"]
    url = "/v1/library/local%3At1/passages/P001"
    assert api.get(url, params={"contentHash": digest.upper()}).status_code == 200
    assert api.get(url, params={"contentHash": digest[:12]}).status_code == 422
    changed = api.get(url, params={"contentHash": "0" * 64})
    assert (changed.status_code, changed.json()["error"]["code"]) == (409, "content_changed")


def _fill(folder: Path, count: int, words: str = "Sparse matrices save memory.") -> None:
    """``count`` papers local:p000... stored straight into the server's library."""
    with Library.open(folder / "library.sqlite3") as library:
        for n in range(count):
            passages = [Passage("P001", f"{words} Paper {n}.", "Abstract")]
            library.add_paper(NewPaper(parse_ref(f"local:p{n:03d}"), f"P{n}", passages, f"h{n}"))


def test_a_listing_and_a_search_give_their_documented_defaults(
    api: TestClient, tmp_path: Path
) -> None:
    # README: a listing 50 papers by default, a search 10 passages.
    _fill(tmp_path, 51)
    listed = api.get("/v1/library").json()
    assert (len(listed["papers"]), listed["total"]) == (50, 51)
    assert len(api.get("/v1/library/search", params={"q": "sparse"}).json()["hits"]) == 10


@pytest.mark.parametrize("ref", ["", " "])
def test_a_search_within_an_empty_reference_is_refused_as_a_blank_one_is(
    api: TestClient, tmp_path: Path, ref: str
) -> None:
    # ref= (a client's empty field) searched the whole library, as if within one paper.
    _fill(tmp_path, 2)
    response = api.get("/v1/library/search", params={"q": "sparse", "ref": ref})
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "empty paper reference"


def _long_paper(folder: Path, ref: str, count: int) -> None:
    """A paper of ``count`` passages P001... stored straight into the server's library."""
    passages = [Passage(f"P{n:03d}", f"Passage {n}.", "Body") for n in range(1, count + 1)]
    with Library.open(folder / "library.sqlite3") as library:
        library.add_paper(NewPaper(parse_ref(ref), "Long", passages, "h-long"))


def test_one_paper_s_passages_come_a_page_at_a_time(api: TestClient, tmp_path: Path) -> None:
    # Every passage came in one answer: a long paper's ran to megabytes.
    _long_paper(tmp_path, "local:long", 250)
    first = api.get("/v1/library/local%3Along").json()
    assert first["paper"]["passages"] == 250  # all of them counted
    assert [p["id"] for p in first["passages"]] == [f"P{n:03d}" for n in range(1, 101)]
    last = api.get("/v1/library/local%3Along", params={"offset": "200", "limit": "1000"}).json()
    assert [p["id"] for p in last["passages"]] == [f"P{n:03d}" for n in range(201, 251)]
    past = api.get("/v1/library/local%3Along", params={"offset": "250"})
    assert past.status_code == 200 and past.json()["passages"] == []
    route = api.get("/openapi.json").json()["paths"]["/v1/library/{ref}"]["get"]
    schemas = {p["name"]: p["schema"] for p in route["parameters"]}
    assert (schemas["limit"]["default"], schemas["limit"]["maximum"]) == (100, 1000)
    assert (schemas["offset"]["default"], schemas["offset"]["minimum"]) == (0, 0)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"limit": "0"}, "limit: Input should be greater than or equal to 1"),
        ({"limit": "1001"}, "limit: Input should be less than or equal to 1000"),
        ({"limit": "2.0"}, "limit: Input should be a valid integer"),
        ({"offset": "-1"}, "offset: Input should be greater than or equal to 0"),
        ({"offset": "x"}, "offset: Input should be a valid integer"),
        (
            {"page": "2"},
            "page: Extra inputs are not permitted (this route takes exact, limit and offset)",
        ),
    ],
)
def test_one_paper_s_page_is_read_strictly(
    api: TestClient, tmp_path: Path, params: dict[str, str], message: str
) -> None:
    _long_paper(tmp_path, "local:long", 3)
    refused = api.get("/v1/library/local%3Along", params=params)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["message"] == message


@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        ("/v1/library", {"limit": "0"}, "limit"),
        ("/v1/library", {"offset": "-1"}, "offset"),
        ("/v1/library", {"q": "x" * 201}, "q"),
        ("/v1/library/search", {"q": "x" * 2001}, "q"),
        ("/v1/library/search", {"q": "sparse", "limit": "1001"}, "limit"),
        ("/v1/library/local%3Ap000/passages/P001", {"context": "6"}, "context"),
    ],
)
def test_a_query_parameter_out_of_its_range_is_422_naming_it(
    api: TestClient, tmp_path: Path, path: str, params: dict[str, str], field: str
) -> None:
    _fill(tmp_path, 1)
    refused = api.get(path, params=params)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["message"].startswith(f"{field}: ")


def test_a_blank_passage_id_is_named_quoted(api: TestClient) -> None:
    _add(api, "local:t1", b"First words.\n")
    refused = api.get("/v1/library/local%3At1/passages/%20")
    assert (refused.status_code, refused.json()["error"]["message"]) == (
        404,
        "local:t1 has no passage ' '",
    )


def test_a_passage_comes_with_one_neighbour_each_side_by_default(api: TestClient) -> None:
    _add(api, "local:t1", b"First words.\n\nSecond words.\n\nThird words.\n")
    shown = api.get("/v1/library/local%3At1/passages/P002").json()
    assert [len(shown["before"]), len(shown["after"])] == [1, 1]


def test_an_exact_passage_is_the_unversioned_copy_s(api: TestClient) -> None:
    _add(api, "arXiv:1603.07285", b"The unversioned upload.\n")
    _add(api, "arXiv:1603.07285v2", b"The second version.\n")
    url = "/v1/library/arXiv%3A1603.07285/passages/P001"
    assert api.get(url).json()["passage"]["text"] == "The second version."
    exact = api.get(url, params={"exact": "true"}).json()["passage"]["text"]
    assert exact == "The unversioned upload."


def test_an_upload_of_identical_content_is_200_unchanged(api: TestClient) -> None:
    _add(api, "local:t1", b"Some words.\n")
    again = api.post(
        "/v1/library", files={"file": ("a.md", b"Some words.\n")}, data={"ref": "local:t1"}
    )
    assert (again.status_code, again.json()["outcome"]) == (200, "unchanged")


def test_an_exact_removal_removes_only_the_unversioned_copy(api: TestClient) -> None:
    _add(api, "arXiv:1603.07285", b"The unversioned upload.\n")
    _add(api, "arXiv:1603.07285v2", b"The second version.\n")
    removed = api.delete("/v1/library/arXiv%3A1603.07285", params={"exact": "true"})
    assert removed.json()["removed"]["ref"] == "arXiv:1603.07285"
    assert [p["ref"] for p in api.get("/v1/library").json()["papers"]] == ["arXiv:1603.07285v2"]


def test_empty_form_fields_are_not_sent(api: TestClient) -> None:
    # The web page sends its empty reference and title fields: the file's name and heading.
    sent = api.post(
        "/v1/library",
        files={"file": ("1706.03762v5.md", b"# Attention\n\nWords.\n")},
        data={"ref": "", "title": ""},
    )
    assert sent.status_code == 201, sent.text
    assert (sent.json()["ref"], sent.json()["title"]) == ("arXiv:1706.03762v5", "Attention")


def test_a_blank_title_sent_with_replace_keeps_the_stored_title(api: TestClient) -> None:
    sent = {"file": ("a.md", b"# Heading\n\nWords.\n")}
    api.post("/v1/library", files=sent, data={"ref": "local:t1", "title": "Mine"})
    again = api.post(
        "/v1/library", files=sent, data={"ref": "local:t1", "title": "   ", "replace": "true"}
    )
    assert (again.status_code, again.json()["title"], again.json()["warnings"]) == (200, "Mine", [])
    assert api.get("/v1/library/local%3At1").json()["paper"]["title"] == "Mine"


def test_a_search_takes_exact_to_reach_the_unversioned_copy(api: TestClient) -> None:
    # QA: `library search --ref REF --exact` could search an unversioned copy kept beside a
    # stored version; the route had no exact, so ref=arXiv:X searched only the newest version.
    _add(api, "arXiv:1603.07285", b"The unversioned upload about convolutions.\n")
    _add(api, "arXiv:1603.07285v2", b"The second version about convolutions.\n")
    params = {"q": "convolutions", "ref": "arXiv:1603.07285"}
    newest = api.get("/v1/library/search", params=params)
    assert [h["text"] for h in newest.json()["hits"]] == ["The second version about convolutions."]
    exact = api.get("/v1/library/search", params={**params, "exact": "true"})
    assert exact.status_code == 200, exact.text
    hits = exact.json()["hits"]
    assert [(h["ref"], h["text"], h["exact"]) for h in hits] == [
        ("arXiv:1603.07285", "The unversioned upload about convolutions.", True)
    ]
    assert api.get("/v1/library/search", params={**params, "exact": "false"}).json() == (
        newest.json()
    )
    bad = api.get("/v1/library/search", params={**params, "exact": "yes"})
    assert (bad.status_code, bad.json()["error"]["message"]) == (
        422,
        "exact: Input should be true or false",
    )
    # Only the copy stored under exactly that reference: a version alone is not it.
    _add(api, "arXiv:1603.07286v1", b"Only a version about convolutions.\n")
    missing = {**params, "ref": "arXiv:1603.07286", "exact": "true"}
    assert api.get("/v1/library/search", params=missing).status_code == 404
    # Without ref there is no copy to name: refused, not read as a library-wide search.
    alone = api.get("/v1/library/search", params={"q": "convolutions", "exact": "true"})
    assert (alone.status_code, alone.json()["error"]["message"]) == (
        400,
        "exact applies to ref: give the reference of the copy to search",
    )


def test_a_search_documents_exact(api: TestClient) -> None:
    route = api.get("/openapi.json").json()["paths"]["/v1/library/search"]["get"]
    exact = next(p for p in route["parameters"] if p["name"] == "exact")
    assert exact["in"] == "query" and exact["schema"]["type"] == "boolean"
    assert exact["schema"].get("default") is False
    assert "exactly that reference" in exact["description"]


def _wait_for(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 60.0
    while not done():
        assert time.monotonic() < deadline, f"{what} never happened"
        time.sleep(0.05)


def _send_upload(url: str, name: str, text: bytes, ref: str) -> socket.socket:
    """Sends a whole upload on a connection left open, the answer unread: closing it is a
    client whose user pressed Ctrl-C once the file was sent."""
    boundary = "claimaudit-test-boundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="ref"\r\n\r\n{ref}\r\n'.encode(),
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
        "Content-Type: text/markdown\r\n\r\n".encode()
        + text
        + b"\r\n",
        f"--{boundary}--\r\n".encode(),
    ]
    body = b"".join(parts)
    address = urlsplit(url)
    head = (
        f"POST /v1/library HTTP/1.1\r\nHost: {address.netloc}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    sock = socket.create_connection((address.hostname or "", address.port or 80))
    sock.sendall(head + body)
    return sock


def test_an_upload_whose_client_left_stores_nothing(
    launcher: ServerLauncher, example_library: Path, tmp_path: Path
) -> None:
    # QA: the upload route did not pass the client's disconnect on to add_upload, so a client
    # that gave up after sending its file still got the paper stored, as no other add does.
    library = tmp_path / "library.sqlite3"
    shutil.copy(example_library, library)
    gate = tmp_path / "gate"
    gate.mkdir()
    (gate / "hold").touch()
    server = launcher.start(library, env={ADD_GATE_ENV: str(gate)})
    try:
        text = b"# Notes\n\nRandom forests are a strong baseline for tabular data.\n"
        with _send_upload(server.url, "notes.md", text, "local:notes"):
            # The file is read, the paper not stored yet: the client leaves now.
            _wait_for((gate / "adding").exists, "the add")
        time.sleep(1.0)  # the server notices a disconnect within a tenth of a second
        (gate / "hold").unlink()
        line = "POST /v1/library: client went away; cancelled before the paper was stored"
        _wait_for(lambda: line in server.log_text(), "the log line")
    finally:
        stop(server)
    with Library.open(library) as opened:
        assert opened.get_paper(parse_ref("local:notes")) is None
        assert len(opened.list_papers()) == 2  # the two examples, as they were


# Another process's write, as a long `library import-jsonl` holds it: BEGIN IMMEDIATE, "held"
# said, then the lock kept until its stdin closes.
_HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.read()
conn.execute("COMMIT")
"""


def test_an_upload_while_another_process_writes_is_503_library_busy_with_retry_after(
    tmp_path: Path,
) -> None:
    # A server's write waited the command line's 10 minutes for the lock: longer than any
    # HTTP client waits, so the client left and never learned why. It waits a short, named
    # time (shortened here) and says so, Retry-After included; the command line keeps 10 min.
    assert ServerConfig(library=tmp_path / "x").write_wait_seconds == 30.0
    assert Library.write_wait_seconds == 600.0
    library = tmp_path / "library.sqlite3"
    app = create_app(ServerConfig(library=library, write_wait_seconds=0.2))
    upload = {"file": ("n.md", b"# Notes\n\nSleep helps memory.\n")}
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as api:
        holder = subprocess.Popen(
            [sys.executable, "-c", _HOLDER, str(library)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert holder.stdout is not None and holder.stdout.readline() == "held\n"
            busy = api.post("/v1/library", files=upload, data={"ref": "local:n"})
        finally:
            holder.communicate("", timeout=60)
        assert holder.returncode == 0
        assert busy.status_code == 503, busy.text
        assert busy.headers["Retry-After"] == "1"
        assert busy.json()["error"] == {
            "status": 503,
            "code": "library_busy",
            "message": "another process kept the server's library locked for writing for "
            "0.2 s; nothing was written; try again when it is done",
        }
        assert api.get("/v1/library").json()["total"] == 0
        # Once the other write is done, the same upload is stored.
        assert api.post("/v1/library", files=upload, data={"ref": "local:n"}).status_code == 201


def test_a_version_not_stored_is_answered_with_the_copies_that_are(api: TestClient) -> None:
    # QA: a 404 said "arXiv:2301.00001v3 is not in the library" with v1 and v2 stored.
    _add(api, "arXiv:2301.00001v1", b"# T\n\nfirst")
    _add(api, "arXiv:2301.00001v2", b"# T\n\nsecond")
    held = "which holds arXiv:2301.00001v1 and arXiv:2301.00001v2: name one of them"
    read = api.get("/v1/library/arXiv%3A2301.00001v3")
    assert read.status_code == 404 and read.json()["error"]["code"] == "paper_not_found"
    assert read.json()["error"]["message"] == (
        f"arXiv:2301.00001v3 is not in the library, {held}, or arXiv:2301.00001 without a "
        "version for the newest one stored"
    )
    removed = api.delete("/v1/library/arXiv%3A2301.00001v3")
    assert removed.status_code == 404
    assert removed.json()["error"]["message"] == f"arXiv:2301.00001v3 is not in the library, {held}"
    # A search in that version says the same.
    searched = api.get("/v1/library/search", params={"q": "first", "ref": "arXiv:2301.00001v3"})
    assert searched.status_code == 404
    assert searched.json()["error"]["message"] == read.json()["error"]["message"]
