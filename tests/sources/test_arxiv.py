"""ArxivClient against a local arXiv peer: metadata, PDFs, pacing, retries, timeouts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import claimaudit
from claimaudit.errors import (
    ArxivEmptyFeedError,
    ArxivError,
    ArxivNotFoundError,
    InvalidSettingsError,
)
from claimaudit.identity import parse_ref
from claimaudit.sources.arxiv import (
    DEFAULT_BASE_URL,
    ArxivClient,
    ArxivEntry,
    catalogue_client,
    user_agent,
)
from tests.httpfake import FakeHandler, FakeServer, RecordedRequest, closed_port
from tests.library.helpers import make_pdf
from tests.sources.arxivserver import ArxivServer

TITLE = "Attention Is All\n  You Need"


class FakeTime:
    """A clock that only moves when the client sleeps (or a test says so)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def pdf_bytes(tmp_path: Path) -> bytes:
    return make_pdf(tmp_path / "paper.pdf").read_bytes()


@pytest.fixture
def arxiv(pdf_bytes: bytes) -> Iterator[ArxivServer]:
    with ArxivServer() as server:
        server.add("1706.03762", TITLE, {1: pdf_bytes, 7: pdf_bytes})
        server.add("hep-th/9901001", "Old style", {2: pdf_bytes})
        yield server


@pytest.fixture
def time_() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(arxiv: ArxivServer, time_: FakeTime) -> Iterator[ArxivClient]:
    with ArxivClient(arxiv.url, sleep=time_.sleep, clock=time_.clock, timeout=5.0) as made:
        yield made


def error(client: ArxivClient, ref: str) -> str:
    with pytest.raises(ArxivError) as caught:
        client.entry(parse_ref(ref))
    return str(caught.value)


def test_entry_gives_the_newest_version_for_an_unversioned_id(
    arxiv: ArxivServer, client: ArxivClient
) -> None:
    entry = client.entry(parse_ref("arXiv:1706.03762"))
    assert (entry.ref, entry.title) == (parse_ref("1706.03762v7"), "Attention Is All You Need")
    assert entry.authors == ("A. Author",)
    assert entry.published == "2017-06-12T17:57:34Z"
    assert entry.comment is None
    [request] = arxiv.seen
    assert request.path == "/api/query"
    assert request.query["id_list"] == ["1706.03762"]
    assert request.headers["user-agent"].startswith("claimaudit/")
    assert "python-httpx" in request.headers["user-agent"]


def test_entry_for_a_version_and_old_style_ids(client: ArxivClient) -> None:
    assert client.entry(parse_ref("1706.03762v1")).ref == parse_ref("1706.03762v1")
    assert client.entry(parse_ref("hep-th/9901001")).ref.versioned_id == "hep-th/9901001v2"
    assert "arXiv has no paper arXiv:1706.03762v3" in error(client, "1706.03762v3")
    assert "arXiv has no paper arXiv:2001.00001" in error(client, "2001.00001")
    # An id arXiv does not have is told apart from a failed request.
    with pytest.raises(ArxivNotFoundError):
        client.entry(parse_ref("2001.00001"))


def test_an_old_style_id_with_its_subject_class_is_asked_for_without_it(
    arxiv: ArxivServer, client: ArxivClient, pdf_bytes: bytes
) -> None:
    # arXiv answers ``math.GT/0309136`` with ``math/0309136v1``: the same paper.
    arxiv.add("math/0309136", "Heegaard genus", {1: pdf_bytes})
    entry = client.entry(parse_ref("arXiv:math.GT/0309136"))
    assert str(entry.ref) == "arXiv:math/0309136v1"
    assert arxiv.seen[-1].query["id_list"] == ["math/0309136"]


def test_entry_metadata_authors_dates_and_withdrawal_comment(
    arxiv: ArxivServer, client: ArxivClient
) -> None:
    arxiv.add(
        "1907.10121",
        "SciPy 1.0",
        {1: b"", 2: b""},
        authors=("Pauli Virtanen", "Ralf Gommers"),
        published="2019-07-23T18:00:00Z",
        comments={2: "This paper has been withdrawn by the authors"},
    )
    entry = client.entry(parse_ref("1907.10121"))
    assert entry.ref == parse_ref("1907.10121v2")
    assert entry.authors == ("Pauli Virtanen", "Ralf Gommers")
    assert entry.published == "2019-07-23T18:00:00Z"
    assert entry.comment == "This paper has been withdrawn by the authors"
    assert client.entry(parse_ref("1907.10121v1")).comment is None


def test_error_feeds_and_broken_metadata(arxiv: ArxivServer, client: ArxivClient) -> None:
    arxiv.reply_next(200, b"<html>maintenance</html", "text/html")
    assert "is not valid Atom" in error(client, "1706.03762")
    wrong = arxiv._metadata("1706.03762v1").body
    arxiv.reply_next(200, wrong, "application/atom+xml")
    assert "answered with arXiv:1706.03762v1, not the requested arXiv:1706.03762v7" in error(
        client, "1706.03762v7"
    )
    arxiv.reply_next(200, arxiv._metadata("1234").body, "application/atom+xml")
    assert "arXiv API error for arXiv:1706.03762: incorrect id format for 1234" in error(
        client, "1706.03762"
    )
    with pytest.raises(ArxivError, match="not an arXiv paper"):
        client.entry(parse_ref("doi:10.1000/x"))


def test_pdf_download(arxiv: ArxivServer, client: ArxivClient, pdf_bytes: bytes) -> None:
    entry = ArxivEntry(parse_ref("1706.03762v7"), "Attention")
    assert client.pdf(entry) == pdf_bytes
    assert arxiv.seen[-1].path == "/pdf/1706.03762v7"
    assert client.pdf_url(entry) == f"{arxiv.url}/pdf/1706.03762v7"
    arxiv.reply_next(200, b"<html>PDF being generated</html>", "text/html")
    with pytest.raises(ArxivError, match=r"did not return a PDF for arXiv:1706.03762v7 \(got text"):
        client.pdf(entry)
    with pytest.raises(ArxivError, match="HTTP 404"):
        client.pdf(ArxivEntry(parse_ref("1706.03762v9"), "Attention"))
    small = ArxivClient(arxiv.url, min_interval=0, max_pdf_bytes=100)
    with pytest.raises(ArxivError, match="reply over 100 bytes"):
        small.pdf(entry)
    small.close()


def test_at_most_one_request_per_interval(
    arxiv: ArxivServer, client: ArxivClient, time_: FakeTime
) -> None:
    ref = parse_ref("1706.03762")
    client.entry(ref)
    assert time_.sleeps == []  # the first request does not wait
    client.entry(ref)
    assert time_.sleeps == [3.0]
    time_.now += 1.0
    client.entry(ref)
    assert time_.sleeps == [3.0, 2.0]  # only what is left of the interval
    time_.now += 10.0
    client.entry(ref)
    assert time_.sleeps == [3.0, 2.0] and client.requests_made == 4 == len(arxiv.seen)


def test_retries_back_off_and_honour_retry_after(
    arxiv: ArxivServer, client: ArxivClient, time_: FakeTime
) -> None:
    client.min_interval = 0
    arxiv.fail_next(429, retry_after="7")
    arxiv.fail_next(503)
    arxiv.fail_next(500)
    assert client.entry(parse_ref("1706.03762")).title == "Attention Is All You Need"
    # Retry-After first, then our own doubling backoff from 3 s.
    assert time_.sleeps == [7.0, 6.0, 12.0]
    assert len(arxiv.seen) == 4
    time_.sleeps.clear()
    arxiv.fail_next(502, count=4, retry_after="600")
    message = error(client, "1706.03762")
    assert "arXiv answered HTTP 502" in message and "gave up after 4 attempts" in message
    assert time_.sleeps == [60.0, 60.0, 60.0]  # a server's wait is capped


def test_client_errors_are_not_retried(arxiv: ArxivServer, client: ArxivClient) -> None:
    arxiv.fail_next(400)
    assert "HTTP 400" in error(client, "1706.03762")
    assert len(arxiv.seen) == 1


def test_timeouts_and_unreachable(arxiv: ArxivServer, time_: FakeTime) -> None:
    arxiv.delay = 1.0
    with ArxivClient(arxiv.url, timeout=0.2, retries=1, sleep=time_.sleep) as slow:
        message = error(slow, "1706.03762")
    assert "arXiv unreachable" in message and "ReadTimeout" in message
    assert "gave up after 2 attempts" in message
    with ArxivClient(min_interval=0, retries=0) as nowhere:  # conftest: a closed local port
        assert nowhere.base_url == "http://127.0.0.1:9"
        assert "ConnectError" in error(nowhere, "1706.03762")


def test_a_dead_proxy_is_named_not_arxiv(monkeypatch: pytest.MonkeyPatch) -> None:
    # QA: "arXiv unreachable at ... (ConnectError)" sent the user to check arXiv. The only
    # connection opened is to the proxy, a closed local port: nothing leaves the machine.
    monkeypatch.setenv("HTTP_PROXY", f"http://user:hunter2@127.0.0.1:{closed_port()}")
    with ArxivClient("http://arxiv.example.test", min_interval=0, retries=0) as client:
        message = error(client, "1706.03762")
    assert message.startswith(
        "arXiv unreachable at http://arxiv.example.test (ConnectError): the proxy in HTTP_PROXY "
        "(http://***@127.0.0.1:"
    )
    assert ") is unreachable; gave up after 1 attempts" in message and "hunter2" not in message


def test_default_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLAIMAUDIT_ARXIV_BASE_URL")
    with ArxivClient() as client:
        assert client.base_url == DEFAULT_BASE_URL == "https://export.arxiv.org"
    with ArxivClient("http://mirror.example/arxiv/") as client:
        assert client.base_url == "http://mirror.example/arxiv"


def test_an_unreachable_arxiv_is_not_asked_again_for_a_minute(time_: FakeTime) -> None:
    # Offline, every paper of a run would otherwise wait out the retries (21 s each).
    options = {"min_interval": 0, "retries": 2, "sleep": time_.sleep, "clock": time_.clock}
    with ArxivClient(**options) as nowhere:  # type: ignore[arg-type]  # conftest: closed port
        first = error(nowhere, "1706.03762")
        assert "ConnectError" in first and "gave up after 3 attempts" in first
        asked = nowhere.requests_made
        second = error(nowhere, "1810.04805")
        assert nowhere.requests_made == asked and "not retried: it failed moments ago" in second
        time_.now += 61
        third = error(nowhere, "1810.04805")
        assert nowhere.requests_made == asked + 3 and "gave up after 3 attempts" in third


def test_an_overloaded_arxiv_is_not_asked_again_for_a_minute(
    arxiv: ArxivServer, client: ArxivClient, time_: FakeTime
) -> None:
    # Each paper used to wait out every retry of its own 503s (or 429s).
    client.min_interval = 0
    arxiv.fail_next(503, count=4, retry_after="0")
    assert "gave up after 4 attempts" in error(client, "1706.03762")
    asked = client.requests_made
    assert "not retried: it failed moments ago" in error(client, "1706.03762")
    assert client.requests_made == asked
    time_.now += 61
    assert client.entry(parse_ref("1706.03762")).ref.work == "1706.03762"


def test_an_arxiv_that_refuses_with_403_is_not_asked_again_for_a_minute(
    arxiv: ArxivServer, client: ArxivClient, time_: FakeTime
) -> None:
    # A blocked client stays blocked: each paper used to be refused again on its own.
    client.min_interval = 0
    arxiv.fail_next(403)
    first = error(client, "1706.03762")
    assert first.startswith("arXiv answered HTTP 403") and client.requests_made == 1
    second = error(client, "1810.04805")
    assert second == f"{first} (not retried: it failed moments ago)"
    assert client.requests_made == 1
    time_.now += 61
    assert client.entry(parse_ref("1706.03762")).ref.work == "1706.03762"


@pytest.mark.parametrize(
    ("status", "retry_after"), [(403, None), (429, "0"), (503, "0")], ids=["403", "429", "503"]
)
@pytest.mark.parametrize("endpoint", ["/pdf/", "/e-print/"])
def test_a_refusal_of_one_endpoint_blocks_the_others_no_longer_than_the_interval(
    arxiv: ArxivServer,
    client: ArxivClient,
    time_: FakeTime,
    endpoint: str,
    status: int,
    retry_after: str | None,
) -> None:
    # One remembered outage served every endpoint: a refused PDF (or source) download kept
    # metadata from being asked for a minute, and the source's refusal the PDF fallback too.
    entry = ArxivEntry(parse_ref("1706.03762v7"), "Attention")
    arxiv.add_source("1706.03762", 7, b"%PDF-1.5 the source")
    download = client.pdf if endpoint == "/pdf/" else client.eprint
    other = client.eprint if endpoint == "/pdf/" else client.pdf
    arxiv.refuse(endpoint, status, retry_after=retry_after)
    with pytest.raises(ArxivError, match=f"HTTP {status}"):
        download(entry)
    asked, time_.sleeps = len(arxiv.seen), []
    assert client.entry(parse_ref("1706.03762")).ref.work == "1706.03762"
    assert other(entry).startswith(b"%PDF-")
    assert time_.sleeps == [3.0, 3.0]  # arXiv's interval between requests, and no more
    assert len(arxiv.seen) == asked + 2
    # The refusing endpoint itself is still not asked again for a minute.
    with pytest.raises(ArxivError, match="not retried: it failed moments ago"):
        download(entry)
    assert len(arxiv.seen) == asked + 2


def test_an_empty_feed_is_told_apart_from_other_answers(
    arxiv: ArxivServer, client: ArxivClient
) -> None:
    # arXiv answers an id it never issued so, and now and then one it has: a downloader may
    # take it as "no such paper" (a not-found error still), a reference check may not.
    with pytest.raises(ArxivEmptyFeedError):
        client.entry(parse_ref("2403.99999"))


def test_an_answer_that_is_an_error_is_not_remembered(
    arxiv: ArxivServer, client: ArxivClient
) -> None:
    arxiv.reply_next(200, b"<html>maintenance</html", "text/html")
    assert "is not valid Atom" in error(client, "1706.03762")  # arXiv answered: it is there
    assert client.entry(parse_ref("1706.03762")).ref.work == "1706.03762"


@pytest.mark.parametrize(
    ("entry", "missing"),
    [
        ("<entry><id></id><title></title></entry>", "versioned arXiv id"),
        ("<entry><id>http://arxiv.org/abs/2001.00001v1</id><title> </title></entry>", "title"),
    ],
)
def test_an_entry_without_id_or_title_is_unreadable_not_absent(
    arxiv: ArxivServer, client: ArxivClient, entry: str, missing: str
) -> None:
    # It says nothing about whether the paper exists: not a not-found error.
    feed = f'<feed xmlns="http://www.w3.org/2005/Atom">{entry}</feed>'.encode()
    arxiv.reply_next(200, feed, "application/atom+xml")
    with pytest.raises(ArxivError) as caught:
        client.entry(parse_ref("2001.00001"))
    assert not isinstance(caught.value, ArxivNotFoundError)
    assert f"gives no {missing}: an unreadable answer" in str(caught.value)


@pytest.mark.parametrize("url", ["garbage", "ftp://user:s3cret@mirror.example.org"])
def test_a_base_url_that_is_not_http_is_refused_before_any_request(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    # It was "arXiv unreachable at garbage (UnsupportedProtocol); gave up after 4 attempts".
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", url)
    with pytest.raises(InvalidSettingsError) as refused:
        ArxivClient()
    assert str(refused.value).startswith("CLAIMAUDIT_ARXIV_BASE_URL is not an http(s) URL: ")
    assert "s3cret" not in str(refused.value)


def test_an_unusable_proxy_is_refused_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: `library add arxiv:...` with HTTPS_PROXY=ftp://x:1 ended in a ValueError traceback.
    monkeypatch.setenv("HTTPS_PROXY", "ftp://x:1")
    with pytest.raises(InvalidSettingsError) as refused:
        ArxivClient()
    assert str(refused.value).startswith("the proxy in HTTPS_PROXY (ftp://x:1) is not a proxy")


def test_the_user_agent_names_the_version_that_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    # A checkout bumped and not reinstalled: the installed metadata still names the old version.
    monkeypatch.setattr(claimaudit, "__version__", "9.9.9rc1")
    assert user_agent().startswith("claimaudit/9.9.9rc1 (")


def _laughs(depth: int) -> bytes:
    """A feed whose title is an entity of ten entities of ten, ``depth`` deep."""
    entities = '<!ENTITY l0 "lol">' + "".join(
        f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, depth + 1)
    )
    return (
        f'<?xml version="1.0"?><!DOCTYPE feed [{entities}]>'
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry>'
        f"<id>http://arxiv.org/abs/1706.03762v7</id><title>&l{depth};</title></entry></feed>"
    ).encode()


@pytest.mark.parametrize("depth", [1, 9])
def test_a_feed_that_declares_a_dtd_is_refused_before_its_entities_are_expanded(
    arxiv: ArxivServer, client: ArxivClient, depth: int
) -> None:
    # Nine deep is "billion laughs": only libexpat 2.4.1 and later refuse it, and Python may
    # be linked to an older one; one deep (a title of 30 characters) was read as the title.
    arxiv.reply_next(200, _laughs(depth), "application/atom+xml")
    message = error(client, "1706.03762")
    assert "is not valid Atom (it declares a DTD, which arXiv's feeds never do)" in message
    assert "\n" not in message


def test_a_feed_nested_deeply_is_read_without_a_traceback(
    arxiv: ArxivServer, client: ArxivClient
) -> None:
    nest = "<x>" * 200_000 + "</x>" * 200_000
    feed = (
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry>'
        f"<id>http://arxiv.org/abs/1706.03762v7</id><title>T</title>{nest}</entry></feed>"
    )
    arxiv.reply_next(200, feed.encode(), "application/atom+xml")
    assert client.entry(parse_ref("1706.03762")).title == "T"
    arxiv.reply_next(200, f'<feed xmlns="http://www.w3.org/2005/Atom">{nest}</feed>'.encode())
    with pytest.raises(ArxivEmptyFeedError):
        client.entry(parse_ref("1706.03762"))


class _Moved(FakeHandler):
    """``/old`` moved to ``/new``, which answers ``{}``; each request recorded."""

    def do_GET(self) -> None:
        self.owner.record(self.read_request())
        if self.path == "/old":
            self.send_body(301, b"", "text/plain", {"Location": "/new"})
        else:
            self.send_body(200, b"{}", "application/json")


def test_a_catalogue_client_follows_a_move_sending_its_headers_each_time() -> None:
    # arXiv and Crossref alike: a catalogue that moved a path is followed, not an error.
    with FakeServer[RecordedRequest](_Moved, name="moved") as server:
        client = catalogue_client(server.url, {"User-Agent": "ua/1", "Accept": "x/y"}, 5.0)
        with client:
            reply = client.get(f"{server.url}/old")
        assert (reply.status_code, reply.content) == (200, b"{}")
        assert [
            (r.path, r.headers["user-agent"], r.headers["accept"]) for r in server.recorded
        ] == [
            ("/old", "ua/1", "x/y"),
            ("/new", "ua/1", "x/y"),
        ]
