"""ValyuSource's HTTP transport against a local Valyu server: redirects, deadline, size, wording."""

from __future__ import annotations

import importlib.util
import socket
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import requests

from claimaudit.errors import SourceError
from claimaudit.identity import parse_ref
from claimaudit.net.proxies import env_proxy
from claimaudit.sources.valyu import ValyuSource
from claimaudit.sources.valyu_transport import Deadline, ValyuTransport, proxy_problem
from tests.httpfake import closed_port
from tests.sources.valyuserver import TEST_VALYU_KEY, ValyuServer, result
from tests.tlsfake import local_ca
from tests.tunnelproxy import TunnelProxy

ABS = "https://arxiv.org/abs/"
REF = "1706.03762v5"


@pytest.fixture
def valyu(monkeypatch: pytest.MonkeyPatch) -> Iterator[ValyuServer]:
    with ValyuServer() as server:
        monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", server.url)
        server.results = [result(f"{ABS}{REF}", "The Transformer has no recurrence.")]
        yield server


def failure(source: ValyuSource, key: str = TEST_VALYU_KEY) -> SourceError:
    with pytest.raises(SourceError) as caught:
        source.fetch(parse_ref(REF), "claim")
    shown = str(caught.value) + "".join(traceback.format_exception(caught.value))
    assert key not in shown
    return caught.value


@pytest.mark.parametrize("status", [301, 302, 307, 308])
def test_a_redirect_is_not_followed_and_the_key_stays_home(valyu: ValyuServer, status: int) -> None:
    with ValyuServer(key=None) as elsewhere:
        # The other host would answer with a perfectly good search.
        elsewhere.results = [result(f"{ABS}{REF}", "Planted evidence.")]
        location = elsewhere.url.replace("127.0.0.1", "localhost") + "/search?token=SECRET"
        valyu.reply_next(status, valyu.ok_body("q"), {"Location": location})
        error = failure(ValyuSource())
        assert elsewhere.searches == []
    assert str(error) == (
        f"Valyu search failed: redirected (HTTP {status} to localhost); redirects are not followed"
    )
    assert error.calls == 1


def test_the_whole_search_is_bounded_by_the_timeout(valyu: ValyuServer) -> None:
    # Every read gets a byte well within the timeout: only an overall deadline ends this.
    valyu.reply_next(200, valyu.ok_body("q"), trickle=0.05)
    error = failure(ValyuSource(timeout=0.5))
    assert str(error) == "Valyu search failed: timed out after 0.5s"
    assert error.calls == 1


def test_a_slow_head_is_cut_off_at_the_deadline(valyu: ValyuServer) -> None:
    # Headers alone, a byte at a time, for far longer than the timeout: the client must hang up
    # while they are still coming (a check after the head would only notice once it ended).
    valyu.reply_next(200, b"", trickle=0.02, padding=90)  # http.client takes 100 at most
    assert str(failure(ValyuSource(timeout=0.5))) == "Valyu search failed: timed out after 0.5s"
    assert valyu.hung_up.wait(10)


def test_a_silent_server_times_out(valyu: ValyuServer) -> None:
    valyu.reply_next(200, b" " + b"{}" * 10, trickle=30)  # one byte, then silence
    assert str(failure(ValyuSource(timeout=0.5))) == "Valyu search failed: timed out after 0.5s"


@pytest.mark.parametrize("length", [True, False])
def test_a_reply_over_the_size_cap_is_refused(valyu: ValyuServer, length: bool) -> None:
    valyu.results = [result(f"{ABS}{REF}", "word " * 400)]
    valyu.reply_next(200, valyu.ok_body("q"), length=length)
    error = failure(ValyuSource(max_reply_bytes=1_000))
    assert str(error) == "Valyu search failed: reply over 1,000 bytes refused"
    # Under the cap, the same reply without Content-Length is read to its end.
    valyu.reply_next(200, valyu.ok_body("q"), length=length)
    paper = ValyuSource().fetch(parse_ref(REF), "claim")
    assert paper.passages[0].text.startswith("word word")


def test_a_length_in_digits_int_cannot_read_is_read_to_the_end(valyu: ValyuServer) -> None:
    # "Content-Length: ²" (byte 0xb2) passes isdigit() but not int(): the search had crashed.
    valyu.results = [result(f"{ABS}{REF}", "word " * 40)]
    valyu.reply_next(200, valyu.ok_body("q"), {"Content-Length": "\u00b2"}, length=False)
    paper = ValyuSource().fetch(parse_ref(REF), "claim")
    assert paper.passages[0].text.startswith("word word")


def test_a_cut_off_reply_says_so(valyu: ValyuServer) -> None:
    valyu.reply_next(200, valyu.ok_body("q"), cut=True)
    assert str(failure(ValyuSource())) == (
        "Valyu search failed: the connection closed before the reply was complete"
    )


@pytest.mark.parametrize(
    ("body", "why"),
    [(b"{not json", "not JSON"), (b"\xff\xfe", "not JSON"), (b"[1, 2]", "not a JSON object")],
)
def test_malformed_json_is_one_fixed_line(valyu: ValyuServer, body: bytes, why: str) -> None:
    valyu.reply_next(200, body)
    assert str(failure(ValyuSource())) == f"Valyu search failed: malformed reply ({why})"


@pytest.mark.parametrize("status", [401, 403])
def test_an_error_body_is_never_quoted(
    valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch, status: int
) -> None:
    key = "vk/SECRET+789="
    monkeypatch.setenv("VALYU_API_KEY", key)
    valyu.reply_next(status, {"success": False, "error": "Invalid API key: vk%2FSECRET%2B789%3D"})
    message = str(failure(ValyuSource(), key))
    assert message == (
        f"Valyu search failed: HTTP {status} (the API key was refused; check VALYU_API_KEY)"
    )
    assert "SECRET" not in message


def test_an_error_reported_in_a_200_is_masked_in_any_encoding(
    valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "vk/SECRET+789="
    monkeypatch.setenv("VALYU_API_KEY", key)
    said = "no credits for vk%2fsecret%2b789%3d nor vk%2FSECRET%2B789%3D nor vk\\/SECRET+789="
    valyu.reply_next(200, {**valyu.ok_body("q"), "results": [], "error": said})
    message = str(failure(ValyuSource(), key))
    assert message == "Valyu search failed: no credits for *** nor *** nor ***"


def test_a_redirect_with_a_json_body_is_no_answer(valyu: ValyuServer) -> None:
    # requests counts a 3xx as "ok"; the SDK would read its body as the search's results.
    valyu.reply_next(307, valyu.ok_body("q"))
    assert "redirected (HTTP 307)" in str(failure(ValyuSource()))


def test_a_rate_limit_wait_past_the_deadline_ends_the_search(valyu: ValyuServer) -> None:
    valyu.fail_next(429, retry_after="30")
    error = failure(ValyuSource(timeout=5))
    assert str(error) == (
        "Valyu search failed: HTTP 429 (rate limited; Valyu asks to wait 30s, past the timeout)"
    )
    assert error.calls == 1 and len(valyu.searches) == 1
    # A wait that fits is still the SDK's to honour.
    valyu.fail_next(429, retry_after="0")
    assert ValyuSource(timeout=5).fetch(parse_ref(REF), "claim").calls == 2


def test_a_rate_limit_wait_past_the_sdk_cap_is_reported_as_asked(valyu: ValyuServer) -> None:
    # The SDK waits at most 60 s, but Valyu asked for 100: the message used to say 60.
    valyu.fail_next(429, retry_after="100")
    error = failure(ValyuSource(timeout=5))
    assert str(error) == (
        "Valyu search failed: HTTP 429 (rate limited; Valyu asks to wait 100s, past the timeout)"
    )
    assert error.calls == 1


def test_a_server_error_is_not_retried_when_the_wait_would_not_fit(valyu: ValyuServer) -> None:
    valyu.fail_next(503)
    error = failure(ValyuSource(timeout=1, server_error_wait=5))
    assert str(error) == "Valyu search failed: HTTP 503 (server error)"
    assert error.calls == 1


def test_an_attempt_refused_for_the_deadline_before_sending_is_not_counted(
    valyu: ValyuServer,
) -> None:
    # As when the SDK's wait before a retry used up the time left: no request goes out.
    transport = ValyuTransport(Deadline(0.0))
    with pytest.raises(requests.Timeout):
        transport.session.post(f"{valyu.url}/v1/search", json={"query": "q"})
    transport.close()
    assert valyu.searches == []
    assert transport.sent == 0


def test_a_name_lookup_that_hangs_ends_at_the_deadline(
    valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The system's lookup has no timeout; this one answers only when the test lets it (or after
    # 20 s, so that a client that waits for it cannot hang the suite).
    port = valyu.url.rsplit(":", 1)[1]
    monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", f"http://valyu.test:{port}")
    release = threading.Event()
    waited_out = threading.Event()
    lookup = socket.getaddrinfo

    def hanging_lookup(host: object, *args: object, **kwargs: object) -> object:
        if host == "valyu.test":
            if not release.wait(20):
                waited_out.set()
            raise socket.gaierror(socket.EAI_NONAME, "no such host")
        return lookup(host, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket, "getaddrinfo", hanging_lookup)
    try:
        error = failure(ValyuSource(timeout=0.5))
        assert not waited_out.is_set()  # the search did not wait for the lookup
    finally:
        release.set()
    assert str(error) == "Valyu search failed: timed out after 0.5s"
    assert valyu.searches == []


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("http://u:hunter2@127.0.0.1:3128", None),
        ("127.0.0.1:3128", None),  # no scheme: http, as requests reads it
        ("ftp://x:1", "(ftp://x:1) is not a proxy URL that can be used (http or https)"),
        ("\thttp://127.0.0.1:1", "('\\thttp://127.0.0.1:1') has a space or tab around it"),
    ],
)
def test_the_proxy_is_checked_as_requests_reads_it(
    monkeypatch: pytest.MonkeyPatch, value: str, problem: str | None
) -> None:
    monkeypatch.setenv("HTTPS_PROXY", value)
    found = proxy_problem("https://api.valyu.ai/v1")
    if problem is None:
        assert found is None
    else:
        assert found is not None and found.startswith(f"the proxy in HTTPS_PROXY {problem}")


@pytest.mark.parametrize(
    "value", ["\thttp://127.0.0.1:1", " http://127.0.0.1:1", " 127.0.0.1:1", "http://127.0.0.1:1\n"]
)
def test_a_padded_proxy_is_refused_whatever_urllib3_makes_of_its_host(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    # urllib3 before 2.8 (pyproject allows 2.2) took "\thttp://127.0.0.1:1" for a proxy on the
    # host "\thttp", and so the check passed it: only 2.8 refuses a tab in a host. As urllib3 2.7
    # did, hosts are taken as written here; the padding is refused all the same.
    import urllib3.util.url

    monkeypatch.setattr(urllib3.util.url, "_normalize_host", lambda host, scheme: host)
    monkeypatch.setenv("HTTPS_PROXY", value)
    found = proxy_problem("https://api.valyu.ai/v1")
    assert found == (
        f"the proxy in HTTPS_PROXY ({value!r}) has a space or tab around it, which the HTTP "
        "client does not ignore: remove it"
    )


@pytest.mark.skipif(importlib.util.find_spec("socks") is not None, reason="PySocks installed")
def test_a_socks_proxy_without_pysocks_says_what_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "socks5://127.0.0.1:9")
    assert proxy_problem("https://api.valyu.ai/v1") == (
        "the proxy in HTTPS_PROXY (socks5://127.0.0.1:9) is a SOCKS proxy, which needs the "
        "PySocks package (pip install 'requests[socks]')"
    )


_NETWORK_ENV = (
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    *(f"{kind}_proxy" for kind in ("http", "https", "all", "no")),
    *(f"{kind}_PROXY" for kind in ("HTTP", "HTTPS", "ALL", "NO")),
)


def _reaches(url: str) -> bool:
    """Whether an httpx client (as the other backends make one) got an answer from ``url``."""
    try:
        httpx.post(url, json={}, timeout=10)
    except httpx.TransportError:
        return False
    return True


@pytest.mark.parametrize("variable", ["SSL_CERT_FILE", "REQUESTS_CA_BUNDLE", None])
def test_the_certificate_authorities_are_the_httpx_clients(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variable: str | None
) -> None:
    # requests trusted REQUESTS_CA_BUNDLE (else certifi) and ignored SSL_CERT_FILE, which the
    # httpx clients of every other backend trust: a private CA worked for them, not for Valyu.
    for name in _NETWORK_ENV:
        monkeypatch.delenv(name, raising=False)
    ca = local_ca(tmp_path)
    if variable is not None:
        monkeypatch.setenv(variable, str(ca.ca_file))
    with ValyuServer().serve_tls(ca.server) as server:
        server.results = [result(f"{ABS}{REF}", "The Transformer has no recurrence.")]
        monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", server.url)
        trusted = _reaches(f"{server.url}/search")
        assert trusted is (variable == "SSL_CERT_FILE")
        if trusted:
            paper = ValyuSource().fetch(parse_ref(REF), "claim")
            assert paper.calls == 1
        else:
            assert str(failure(ValyuSource())) == (
                f"Valyu search failed: Valyu unreachable at {server.url} (SSLError)"
            )


def test_through_a_proxy_the_server_is_verified_by_the_same_authorities(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The tunnelled TLS session is the one that must use SSL_CERT_FILE (requests used certifi).
    for name in _NETWORK_ENV:
        monkeypatch.delenv(name, raising=False)
    ca = local_ca(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(ca.ca_file))
    with TunnelProxy() as proxy, ValyuServer().serve_tls(ca.server) as server:
        monkeypatch.setenv("HTTPS_PROXY", proxy.url)
        server.results = [result(f"{ABS}{REF}", "The Transformer has no recurrence.")]
        monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", server.url)
        assert ValyuSource().fetch(parse_ref(REF), "claim").calls == 1
        assert proxy.connects == [server.url.split("/")[2]]


def test_an_unusable_ca_file_is_named_before_any_search(
    valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate\n")
    monkeypatch.setenv("SSL_CERT_FILE", str(garbage))
    expected = f"SSL_CERT_FILE names an unusable CA file (it holds no PEM certificate): {garbage}"
    assert str(failure(ValyuSource())) == expected
    assert valyu.searches == []


@pytest.mark.parametrize("no_proxy", ["127.0.0.0/8", "127.0.0.1", "*"])
def test_no_proxy_is_read_as_for_the_httpx_clients(
    valyu: ValyuServer, monkeypatch: pytest.MonkeyPatch, no_proxy: str
) -> None:
    # requests bypassed the proxy for a CIDR range in NO_PROXY, which neither httpx nor the
    # rule that names a proxy in messages (proxies.env_proxy) reads so: Valyu alone went direct.
    for name in _NETWORK_ENV:
        monkeypatch.delenv(name, raising=False)
    proxy = f"http://127.0.0.1:{closed_port()}"
    monkeypatch.setenv("HTTP_PROXY", proxy)
    monkeypatch.setenv("NO_PROXY", no_proxy)
    direct = _reaches(f"{valyu.url}/search")
    assert direct is (env_proxy(valyu.url) is None)
    valyu.clear()
    if direct:
        assert ValyuSource().fetch(parse_ref(REF), "claim").calls == 1
    else:
        assert str(failure(ValyuSource())) == (
            f"Valyu search failed: Valyu unreachable at {valyu.url}: the proxy in HTTP_PROXY "
            f"({proxy}) is unreachable or refused to connect to it"
        )
        assert valyu.searches == []


# A kept-alive connection the server drops as the next request comes (its keep-alive timeout)
# is the client's stale pool: the search is asked again on a fresh connection, as the httpx
# clients do (``net.stalepool``). The SDK's 429 retry is the request sent on a kept connection.


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
def test_a_search_dropped_with_a_kept_connection_is_asked_again(
    valyu: ValyuServer, reset: bool
) -> None:
    valyu.fail_next(429, retry_after="0")
    valyu.drop_next(reset=reset)
    paper = ValyuSource().fetch(parse_ref(REF), "claim")
    # Each request sent is counted: the dropped one may have been read.
    assert paper.calls == 3 and len(valyu.searches) == 3


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
def test_a_search_dropped_on_a_fresh_connection_is_the_servers_failure(
    valyu: ValyuServer, reset: bool
) -> None:
    valyu.drop_next(reset=reset)
    error = failure(ValyuSource())
    assert str(error).startswith("Valyu search failed: Valyu unreachable at http://127.0.0.1:")
    assert error.calls == 1 and len(valyu.searches) == 1


@pytest.mark.parametrize("partial", [b"H", b"HTTP/1.1 200 OK\r\n", b"HTTP/1.1 200 OK\r\nContent-"])
def test_a_kept_connection_reset_after_part_of_a_reply_is_not_asked_again(
    valyu: ValyuServer, partial: bytes
) -> None:
    # A byte came: the server read the search and began to answer it.
    valyu.fail_next(429, retry_after="0")
    valyu.drop_next(reset=True, partial=partial)
    error = failure(ValyuSource())
    assert "Valyu unreachable" in str(error)
    assert error.calls == 2 and len(valyu.searches) == 2


def test_a_reply_cut_off_on_a_kept_connection_is_not_asked_again(valyu: ValyuServer) -> None:
    # The reply began: the server answered, and the search is not sent a second time.
    valyu.fail_next(429, retry_after="0")
    valyu.reply_next(200, valyu.ok_body("q"), cut=True)
    assert str(failure(ValyuSource())) == (
        "Valyu search failed: the connection closed before the reply was complete"
    )
    assert len(valyu.searches) == 2


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
def test_over_tls_a_kept_connection_dropped_is_told_from_a_fresh_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, reset: bool
) -> None:
    # An HTTPS pool opens its socket before the request is sent (a plain one within it): a
    # socket opened for this request is fresh either way.
    for name in _NETWORK_ENV:
        monkeypatch.delenv(name, raising=False)
    ca = local_ca(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(ca.ca_file))
    with ValyuServer().serve_tls(ca.server) as server:
        server.results = [result(f"{ABS}{REF}", "The Transformer has no recurrence.")]
        monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", server.url)
        server.fail_next(429, retry_after="0")
        server.drop_next(reset=reset)
        assert ValyuSource().fetch(parse_ref(REF), "claim").calls == 3
        server.drop_next(reset=reset)
        assert "Valyu unreachable" in str(failure(ValyuSource()))
        assert len(server.searches) == 4
