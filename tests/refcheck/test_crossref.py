"""CrossrefClient against a local Crossref peer: the documented work shape, the polite
``mailto``, retractions, and every failure told apart from a 404."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from claimaudit.errors import CrossrefError, CrossrefNotFoundError
from claimaudit.identity import parse_ref
from claimaudit.refcheck.crossref import DEFAULT_BASE_URL, CrossrefClient
from tests.httpfake import closed_port
from tests.refcheck.crossrefserver import CrossrefServer

DOI = "10.1038/s41592-019-0686-2"


@pytest.fixture
def crossref() -> Iterator[CrossrefServer]:
    with CrossrefServer() as server:
        server.add(
            DOI,
            "SciPy 1.0",
            ["Virtanen", "Gommers"],
            2020,
            subtitle="fundamental algorithms for scientific computing in Python",
            print_year=2020,
        )
        server.add(
            "10.1234/retracted",
            "A result",
            ["Doe"],
            2019,
            updated_by=[("retraction", "10.1234/notice")],
        )
        server.add(
            "10.1234/notice",
            "Retraction notice",
            ["Editors"],
            2020,
            update_to=[("retraction", "10.1234/retracted")],
        )
        yield server


def client_for(server: CrossrefServer, **options: object) -> CrossrefClient:
    return CrossrefClient(server.url, sleep=lambda _: None, **options)  # type: ignore[arg-type]


def test_default_base_url_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLAIMAUDIT_CROSSREF_BASE_URL", raising=False)
    monkeypatch.delenv("CLAIMAUDIT_CONTACT_EMAIL", raising=False)
    with CrossrefClient() as client:
        assert client.base_url == DEFAULT_BASE_URL == "https://api.crossref.org"
        assert client.mailto is None
    monkeypatch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", "http://127.0.0.1:1/")
    monkeypatch.setenv("CLAIMAUDIT_CONTACT_EMAIL", "me@example.org")
    with CrossrefClient() as client:
        assert (client.base_url, client.mailto) == ("http://127.0.0.1:1", "me@example.org")


def test_work_title_authors_years(crossref: CrossrefServer) -> None:
    with client_for(crossref) as client:
        record = client.work(parse_ref(DOI.upper()))
    assert record.source == "crossref"
    assert record.title == "SciPy 1.0: fundamental algorithms for scientific computing in Python"
    assert record.authors == ("Virtanen", "Gommers")
    assert record.years == (2020,)
    assert record.withdrawn is None
    [seen] = crossref.seen
    assert seen.path == "/works/10.1038/s41592-019-0686-2"
    assert "mailto" not in seen.query


def test_polite_mailto_in_query_and_user_agent(crossref: CrossrefServer) -> None:
    with client_for(crossref, mailto="me@example.org") as client:
        client.work(parse_ref(DOI))
    [seen] = crossref.seen
    assert seen.query["mailto"] == ["me@example.org"]
    assert seen.headers["user-agent"].startswith("claimaudit/")
    assert "mailto:me@example.org" in seen.headers["user-agent"]


def test_retraction_and_retraction_notice(crossref: CrossrefServer) -> None:
    with client_for(crossref) as client:
        retracted = client.work(parse_ref("10.1234/retracted"))
        notice = client.work(parse_ref("10.1234/notice"))
    assert retracted.withdrawn == "Crossref lists a retraction (notice doi:10.1234/notice)"
    assert (
        notice.withdrawn
        == "this DOI is the retraction notice of doi:10.1234/retracted, not the work"
    )


def test_only_a_404_means_not_found(crossref: CrossrefServer) -> None:
    with client_for(crossref, retries=0) as client:
        with pytest.raises(CrossrefNotFoundError, match=r"Crossref has no work doi:10\.9999/none"):
            client.work(parse_ref("10.9999/none"))
        for status in (429, 500, 503, 403):
            crossref.fail_next(status)
            with pytest.raises(CrossrefError) as caught:
                client.work(parse_ref(DOI))
            assert not isinstance(caught.value, CrossrefNotFoundError)
            assert f"HTTP {status}" in str(caught.value)
        crossref.reply_next(200, b"<html>maintenance</html>", "text/html")
        with pytest.raises(CrossrefError, match="not a work") as caught:
            client.work(parse_ref(DOI))
        assert not isinstance(caught.value, CrossrefNotFoundError)


def test_retries_429_and_5xx_then_succeeds(crossref: CrossrefServer) -> None:
    waits: list[float] = []
    crossref.fail_next(429, retry_after="7")
    crossref.fail_next(503)
    with CrossrefClient(crossref.url, sleep=waits.append, backoff=0.5) as client:
        assert client.work(parse_ref(DOI)).authors[0] == "Virtanen"
        assert client.requests_made == 3
    assert waits == [7.0, 1.0]


def test_timeout_and_unreachable_are_failures_not_404(crossref: CrossrefServer) -> None:
    crossref.delay = 1.0
    with (
        client_for(crossref, timeout=0.2, retries=1) as client,
        pytest.raises(CrossrefError, match=r"unreachable.*ReadTimeout.*2 attempts") as caught,
    ):
        client.work(parse_ref(DOI))
    assert not isinstance(caught.value, CrossrefNotFoundError)
    with (
        CrossrefClient(f"http://127.0.0.1:{closed_port()}", retries=0) as client,
        pytest.raises(CrossrefError, match="unreachable"),
    ):
        client.work(parse_ref(DOI))


def test_an_unreachable_crossref_is_not_asked_again_for_a_minute() -> None:
    with CrossrefClient(f"http://127.0.0.1:{closed_port()}", retries=1, sleep=lambda _: None) as c:
        with pytest.raises(CrossrefError, match="gave up after 2 attempts"):
            c.work(parse_ref(DOI))
        asked = c.requests_made
        with pytest.raises(CrossrefError, match="not retried: it failed moments ago"):
            c.work(parse_ref("10.1000/another"))
        assert c.requests_made == asked
