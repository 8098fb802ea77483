"""CrossrefClient against a local Crossref peer: the documented work shape, the polite
``mailto``, retractions, and every failure told apart from a 404."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from claimaudit.errors import (
    CrossrefError,
    CrossrefNotFoundError,
    CrossrefReplyError,
    InvalidSettingsError,
)
from claimaudit.identity import parse_ref
from claimaudit.net import redaction
from claimaudit.refcheck.compare import titles_match
from claimaudit.refcheck.crossref import DEFAULT_BASE_URL, CrossrefClient
from claimaudit.refcheck.mathml import without_mathml
from claimaudit.refcheck.verify import ReferenceVerifier
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
    with (
        client_for(crossref, retries=0) as client,
        pytest.raises(CrossrefNotFoundError, match=r"Crossref has no work doi:10\.9999/none"),
    ):
        client.work(parse_ref("10.9999/none"))
    for status in (429, 500, 503, 403):
        crossref.fail_next(status)
        # A fresh client each: one that gave up on a 429 or 5xx does not ask for a while.
        with client_for(crossref, retries=0) as client, pytest.raises(CrossrefError) as caught:
            client.work(parse_ref(DOI))
        assert not isinstance(caught.value, CrossrefNotFoundError)
        assert f"HTTP {status}" in str(caught.value)
    with client_for(crossref, retries=0) as client:
        crossref.reply_next(200, b"<html>maintenance</html>", "text/html")
        with pytest.raises(CrossrefReplyError, match="not a work") as caught:
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


def test_a_dead_proxy_is_named_not_crossref(monkeypatch: pytest.MonkeyPatch) -> None:
    # QA: "Crossref unreachable at ... (ConnectError)" without a word of the proxy. Only the
    # proxy, a closed local port, is connected to.
    monkeypatch.setenv("HTTPS_PROXY", f"http://user:hunter2@127.0.0.1:{closed_port()}")
    with (
        CrossrefClient("https://crossref.example.test", retries=0) as client,
        pytest.raises(CrossrefError) as caught,
    ):
        client.work(parse_ref(DOI))
    message = str(caught.value)
    assert message.startswith(
        "Crossref unreachable at https://crossref.example.test (ConnectError): the proxy in "
        "HTTPS_PROXY (http://***@127.0.0.1:"
    )
    assert ") is unreachable" in message and "hunter2" not in message


def test_an_unreachable_crossref_is_not_asked_again_for_a_minute() -> None:
    with CrossrefClient(f"http://127.0.0.1:{closed_port()}", retries=1, sleep=lambda _: None) as c:
        with pytest.raises(CrossrefError, match="gave up after 2 attempts"):
            c.work(parse_ref(DOI))
        asked = c.requests_made
        with pytest.raises(CrossrefError, match="not retried: it failed moments ago"):
            c.work(parse_ref("10.1000/another"))
        assert c.requests_made == asked


def test_an_overloaded_crossref_is_not_asked_again_for_a_minute(crossref: CrossrefServer) -> None:
    # Each reference used to wait out every retry of its own 503s.
    crossref.fail_next(503, count=2)
    with client_for(crossref, retries=1) as client:
        with pytest.raises(CrossrefError, match="HTTP 503; gave up after 2 attempts"):
            client.work(parse_ref(DOI))
        with pytest.raises(CrossrefError, match="not retried: it failed moments ago"):
            client.work(parse_ref("10.1234/retracted"))
        assert client.requests_made == 2


def test_a_crossref_that_refuses_with_403_is_not_asked_again_for_a_minute(
    crossref: CrossrefServer,
) -> None:
    # A blocked client stays blocked: each reference used to be refused again on its own.
    crossref.fail_next(403)
    with client_for(crossref, retries=1) as client:
        with pytest.raises(CrossrefError, match=r"Crossref answered HTTP 403$"):
            client.work(parse_ref(DOI))
        assert client.requests_made == 1
        with pytest.raises(
            CrossrefError, match=r"HTTP 403 \(not retried: it failed moments ago\)$"
        ):
            client.work(parse_ref("10.1234/retracted"))
        assert client.requests_made == 1


@pytest.mark.parametrize("page", [b"<html><h1>404 Not Found</h1></html>", b""])
def test_a_404_that_is_not_crossrefs_own_is_a_failure(
    crossref: CrossrefServer, page: bytes
) -> None:
    # A misaddressed base URL answers every path with its own 404 page: no answer on the DOI.
    crossref.reply_next(404, page, "text/html")
    with client_for(crossref) as client, pytest.raises(CrossrefError) as caught:
        client.work(parse_ref("10.9999/none"))
    assert not isinstance(caught.value, CrossrefNotFoundError)
    assert "answered HTTP 404 without Crossref's 'Resource not found.'" in str(caught.value)
    crossref.reply_next(404, b"Resource not found.")
    crossref.reply_next(404, page, "text/html")  # the agency route
    with client_for(crossref) as client, pytest.raises(CrossrefError) as caught:
        client.work(parse_ref("10.9999/none"))
    assert not isinstance(caught.value, CrossrefNotFoundError)


@pytest.mark.parametrize(
    "message",
    [None, "STRING", 3, [], {"title": ["x"], "author": "Doe", "updated-by": "retraction"}],
)
def test_a_reply_of_another_shape_is_unreadable_or_read_as_far_as_it_can_be(
    crossref: CrossrefServer, message: object
) -> None:
    body = json.dumps({"status": "ok", "message": message}).encode()
    crossref.reply_next(200, body, "application/json")
    with client_for(crossref) as client:
        if not isinstance(message, dict):
            with pytest.raises(CrossrefReplyError, match="came but could not be read: not a work"):
                client.work(parse_ref(DOI))
        else:
            found = client.work(parse_ref(DOI))
            assert (found.title, found.authors, found.withdrawn) == ("x", (), None)


def test_fields_of_another_shape_are_read_as_written(crossref: CrossrefServer) -> None:
    crossref.works["10.1000/shapes"] = {
        "title": "Title as a plain string",
        "author": [{"family": "Doe"}, "not a person"],
        "issued": "2020",
        "published-print": {"date-parts": "2020"},
        "published-online": {"date-parts": [[2021, 1]]},
    }
    with client_for(crossref) as client:
        found = client.work(parse_ref("10.1000/shapes"))
    # The string title used to be read as its first character, the string date crashed.
    assert (found.title, found.authors, found.years) == (
        "Title as a plain string",
        ("Doe",),
        (2021,),
    )


def test_a_person_known_by_one_name_is_an_author(crossref: CrossrefServer) -> None:
    crossref.works["10.1000/mono"] = {
        "title": ["Indonesian soils revisited"],
        "author": [
            {"given": "Sukarno", "sequence": "first"},
            {"given": "B.", "family": "Hartono", "sequence": "additional"},
        ],
    }
    with client_for(crossref) as client:
        assert client.work(parse_ref("10.1000/mono")).authors == ("Sukarno", "Hartono")


@pytest.mark.parametrize(
    ("title", "notice"),
    [
        ("Retracted Science and the Retraction Index", False),
        ("Retraction Watch and the retracted literature", False),
        ("Withdrawn drugs in Europe", False),
        ("RETRACTED: Ileal-lymphoid-nodular hyperplasia", True),
        ("Retracted article: A study of cells", True),
        ("RETRACTED ARTICLE: A study of cells", True),
        ("[Retracted] A study of cells", True),
        ("WITHDRAWN: A study of cells", True),
    ],
)
def test_only_a_title_that_is_a_notice_marks_a_work_withdrawn(
    crossref: CrossrefServer, title: str, notice: bool
) -> None:
    crossref.add("10.1000/t", title, ["Fang"], 2011)
    with client_for(crossref) as client:
        found = client.work(parse_ref("10.1000/t"))
    assert (found.withdrawn is not None) is notice, found.withdrawn


def test_a_base_url_that_is_not_http_is_refused_before_any_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", "api.crossref.org")
    with pytest.raises(InvalidSettingsError) as refused:
        CrossrefClient()
    assert str(refused.value) == (
        "CLAIMAUDIT_CROSSREF_BASE_URL is not an http(s) URL: api.crossref.org"
    )


@pytest.mark.parametrize("address", ["jürgen@uni-köln.de", "a@b.c\r\nX-Injected: 1", "a b@c.d"])
def test_a_contact_address_that_cannot_be_a_header_is_refused_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, crossref: CrossrefServer, address: str
) -> None:
    # Non-ASCII was a UnicodeEncodeError traceback from httpx; a line break was taken, and then
    # every request failed (each DOI "not_verified": LocalProtocolError).
    monkeypatch.setenv("CLAIMAUDIT_CONTACT_EMAIL", address)
    refusal = (
        "CLAIMAUDIT_CONTACT_EMAIL cannot be sent in a request header: give an address of "
        "printable ASCII without spaces (a domain as punycode, xn--...)"
    )
    for verifier_made in (False, True):
        with pytest.raises(InvalidSettingsError) as refused:
            ReferenceVerifier() if verifier_made else client_for(crossref)
        assert str(refused.value) == refusal
    with pytest.raises(InvalidSettingsError) as refused:
        client_for(crossref, mailto=address)
    assert str(refused.value).startswith("mailto cannot be sent in a request header")
    assert crossref.seen == []


def test_an_unusable_proxy_is_refused_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, crossref: CrossrefServer
) -> None:
    # QA: `claimaudit refs` with HTTPS_PROXY=ftp://x:1 ended in a ValueError traceback, exit 1.
    monkeypatch.setenv("HTTPS_PROXY", "ftp://x:1")
    with pytest.raises(InvalidSettingsError) as refused:
        CrossrefClient()
    assert str(refused.value) == (
        "the proxy in HTTPS_PROXY (ftp://x:1) is not a proxy URL that can be used "
        "(http, https or socks5)"
    )
    # Its own http:// server too: the client is made with every proxy's transport.
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    with pytest.raises(InvalidSettingsError):
        client_for(crossref)
    assert crossref.seen == []


def test_a_reply_nested_past_the_parser_is_a_malformed_reply_not_a_traceback(
    crossref: CrossrefServer,
) -> None:
    # Valid JSON 100,000 deep: json.loads raised RecursionError, which escaped as a traceback.
    deep = b'{"message": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    crossref.reply_next(200, deep, "application/json")
    with client_for(crossref) as client, pytest.raises(CrossrefError) as caught:
        client.work(parse_ref(DOI))
    assert str(caught.value) == (
        f"Crossref's reply for doi:{DOI} came but could not be read: "
        "not a work (JSON nested too deeply)"
    )
    # The agency route's reply, after Crossref's own 404, is read the same way.
    crossref.reply_next(404, b"Resource not found.")
    crossref.reply_next(200, deep, "application/json")
    with client_for(crossref) as client, pytest.raises(CrossrefError) as caught:
        client.work(parse_ref("10.9999/none"))
    assert not isinstance(caught.value, CrossrefNotFoundError)
    assert str(caught.value) == (
        "Crossref's agency reply for doi:10.9999/none came but could not be read "
        "(JSON nested too deeply)"
    )


@pytest.mark.parametrize("answered", ["10.9999/another", "10.9999/another\n\x1b[31mred"])
def test_a_reply_that_is_another_dois_record_is_not_compared(
    crossref: CrossrefServer, answered: str
) -> None:
    # It was compared as the cited DOI's record: a mismatch, or an "ok", about another work.
    message = {"DOI": answered, "title": ["Another"], "author": [{"family": "X"}]}
    body = json.dumps({"status": "ok", "message-type": "work", "message": message}).encode()
    crossref.reply_next(200, body, "application/json")
    with client_for(crossref) as client, pytest.raises(CrossrefReplyError) as raised:
        client.work(parse_ref(DOI))
    said = str(raised.value)
    assert said.startswith(f"Crossref's reply for doi:{DOI.lower()} is the record of doi:10.9999/")
    assert "another DOI: not compared" in said
    assert said.isprintable()


def test_a_reply_naming_the_doi_in_another_case_is_the_work(crossref: CrossrefServer) -> None:
    crossref.works[DOI.lower()]["DOI"] = DOI.upper()
    with client_for(crossref) as client:
        assert client.work(parse_ref(DOI)).title.startswith("SciPy 1.0")


def test_the_contact_address_is_masked_in_logged_request_lines(
    crossref: CrossrefServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "--debug" printed httpx's "GET .../works/...?mailto=me.private%40example.org": the
    # user's own address, in a log written to be pasted into a bug report.
    monkeypatch.setattr(redaction, "_ADDED_SECRET_ENV", set())
    monkeypatch.setenv("CLAIMAUDIT_CONTACT_EMAIL", "me.private@example.org")
    with client_for(crossref) as client:
        client.work(parse_ref(DOI))
    [seen] = crossref.seen
    assert seen.query["mailto"] == ["me.private@example.org"]  # still sent
    line = f'HTTP Request: GET {crossref.url}/works/{DOI}?mailto=me.private%40example.org "200"'
    assert "me.private" not in redaction.redact_text(line)


# As Crossref gives a formula in a title (Elsevier's and APS's deposits): a tag longer than a
# tag is read as, and the formula again as TeX in an annotation.
MATHML = (
    'Search for <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML" altimg="si1.svg" '
    'display="inline" id="d1e1234" overflow="scroll"><mml:semantics><mml:mrow>'
    '<mml:mi>B</mml:mi><mml:mo stretchy="false">→</mml:mo><mml:mi>K</mml:mi>'
    "<mml:msup><mml:mi>e</mml:mi><mml:mo>+</mml:mo></mml:msup><mml:msup><mml:mi>e</mml:mi>"
    '<mml:mo>\u2212</mml:mo></mml:msup></mml:mrow><mml:annotation encoding="application/x-tex">'
    "B\\to K e^+e^-"
    "</mml:annotation></mml:semantics></mml:math> decays"
)


def test_a_title_with_mathml_reads_as_its_formula_and_matches(crossref: CrossrefServer) -> None:
    crossref.add("10.1103/mathml", MATHML, ["Belle"], 2021, subtitle="a first look")
    with client_for(crossref) as client:
        record = client.work(parse_ref("10.1103/mathml"))
    # The subtitle is added (the namespace's colon was taken for one), the TeX left out.
    assert record.title == "Search for B → K e + e \u2212 decays: a first look"
    for cited in ("Search for B → K e⁺e⁻ decays", r"Search for $B \to K e^+e^-$ decays"):
        assert titles_match(cited, record.title), cited
    assert not titles_match("Search for B → D decays", record.title)


@pytest.mark.parametrize(
    "piece", ["<mml:math>x ", "<mml:math><mml:annotation>x ", "<math><semantics>x</math>"]
)
def test_a_title_of_many_formulas_reads_in_linear_time(piece: str) -> None:
    # A formula matched to its end from each start: 96 KB of unclosed formulas took 30 s, so
    # the 1 MB here would take an hour. Read in one pass, well under a second.
    started = time.monotonic()
    read = without_mathml(piece * 80_000)
    assert time.monotonic() - started < 5
    assert read == (piece * 80_000 if "</math>" not in piece else "x" * 80_000)
