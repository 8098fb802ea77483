"""The environment's proxy: found as the HTTP clients find it, refused up front when they cannot
use it, and named (never with its credentials) when a request through it fails."""

from __future__ import annotations

import importlib.util
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest

from claimaudit.errors import InvalidSettingsError
from claimaudit.net.proxies import EnvProxy, env_proxy, proxy_problem, unreachable, usable_proxy
from tests.httpfake import closed_port

API = "https://api.example.test/v1"


def test_the_variable_that_sets_the_proxy_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    assert env_proxy(API) is None
    monkeypatch.setenv("ALL_PROXY", "http://all.test:3128")
    found = env_proxy(API)
    assert found is not None and found.env == "ALL_PROXY"
    monkeypatch.setenv("HTTPS_PROXY", "http://secure.test:3128")
    found = env_proxy(API)
    assert found is not None and (found.env, found.value) == (
        "HTTPS_PROXY",
        "http://secure.test:3128",
    )
    monkeypatch.setenv("NO_PROXY", "example.test")
    assert env_proxy(API) is None  # NO_PROXY names the host


def test_a_proxy_is_named_without_its_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "user:hunter2@127.0.0.1:3128")  # no scheme: http, as httpx
    found = env_proxy(API)
    assert found is not None
    assert found.named == "the proxy in HTTPS_PROXY (http://***@127.0.0.1:3128)"


@pytest.mark.parametrize("password", ["pa/hunter2", "pa#hunter2", "pa?hunter2", "12/hunter2"])
def test_a_password_a_parser_would_cut_short_is_masked_whole(
    monkeypatch: pytest.MonkeyPatch, password: str
) -> None:
    # QA: "http://alice:pa/S3cr3tPW@..." was shown whole, to HTTP API clients too.
    # (A parser reads "alice:12/..." as host alice, port 12: named by unreachable messages.)
    monkeypatch.setenv("HTTPS_PROXY", f"http://alice:{password}@127.0.0.1:9")
    found = env_proxy(API)
    assert found is not None
    assert found.named == "the proxy in HTTPS_PROXY (http://***@127.0.0.1:9)"
    monkeypatch.setenv("HTTPS_PROXY", f" http://alice:{password}@127.0.0.1:9")  # padded
    problem = proxy_problem(API)
    assert problem is not None and "hunter2" not in problem
    assert problem.startswith("the proxy in HTTPS_PROXY (' http://***@127.0.0.1:9')")


def test_a_scheme_the_client_cannot_use_is_refused_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: every record read "judge 'openai' failed: ValueError".
    monkeypatch.setenv("HTTPS_PROXY", "ftp://u:hunter2@x")
    with pytest.raises(InvalidSettingsError) as refused:
        usable_proxy(API)
    assert str(refused.value) == (
        "the proxy in HTTPS_PROXY (ftp://***@x) is not a proxy URL that can be used "
        "(http, https or socks5)"
    )
    assert proxy_problem("http://127.0.0.1:8000/v1") is None  # HTTPS_PROXY is not its proxy


@pytest.mark.parametrize(
    ("value", "shown"),
    [("http://", "http://"), ("http://:hunter2@", "http://***@"), ("u:hunter2@", "http://***@")],
)
def test_a_proxy_with_no_host_is_refused(
    monkeypatch: pytest.MonkeyPatch, value: str, shown: str
) -> None:
    # QA: httpx takes it, and every request then failed as if the server were down.
    monkeypatch.setenv("ALL_PROXY", value)
    with pytest.raises(InvalidSettingsError) as refused:
        usable_proxy(API)
    assert str(refused.value) == (
        f"the proxy in ALL_PROXY ({shown}) names no host: give it as http://host:port"
    )


@pytest.mark.parametrize(
    ("variable", "value", "shown"),
    [
        ("HTTPS_PROXY", " http://127.0.0.1:1", "' http://127.0.0.1:1'"),
        ("ALL_PROXY", "\thttp://u:hunter2@127.0.0.1:1", "'\\thttp://***@127.0.0.1:1'"),
        ("https_proxy", "127.0.0.1:1\t", "'127.0.0.1:1\\t'"),
    ],
)
def test_a_proxy_with_whitespace_around_it_is_refused_as_given(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, shown: str
) -> None:
    # QA: the check stripped it, httpx did not: every record read "check failed: ValueError".
    monkeypatch.setenv(variable, value)
    with pytest.raises((ValueError, httpx.InvalidURL)):
        httpx.Client()  # what the check stands for
    assert proxy_problem(API) == (
        f"the proxy in {variable} ({shown}) has a space or tab around it, which the HTTP "
        "client does not ignore: remove it"
    )
    monkeypatch.setenv(variable, "http://127.0.0.1:1 ")  # httpx takes a space after it
    assert proxy_problem(API) is None


@pytest.mark.skipif(
    importlib.util.find_spec("socksio") is not None, reason="socksio installed: SOCKS works"
)
def test_a_socks_proxy_without_socksio_is_refused_saying_what_it_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: every record read "judge 'openai' failed: ImportError".
    monkeypatch.setenv("HTTPS_PROXY", "socks5://127.0.0.1:9")
    assert proxy_problem(API) == (
        "the proxy in HTTPS_PROXY (socks5://127.0.0.1:9) is a SOCKS proxy, which needs the "
        "socksio package (pip install 'httpx[socks]')"
    )


def test_an_unreachable_proxy_is_told_from_an_unreachable_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: "unreachable at https://api.openai.com/v1" sent the user to check the server.
    target = "http://api.example.test/v1"
    assert unreachable("S", target, target, httpx.ConnectError("no")) == (
        f"S is unreachable at {target}"
    )
    monkeypatch.setenv("HTTP_PROXY", f"http://user:hunter2@127.0.0.1:{closed_port()}")
    # trust_env: the client takes the proxy above.
    with httpx.Client() as client, pytest.raises(httpx.ConnectError) as failed:
        client.get(target)
    message = unreachable("S", target, target, failed.value)
    assert message.startswith(f"S is unreachable at {target}: the proxy in HTTP_PROXY (")
    assert message.endswith(") is unreachable") and "hunter2" not in message


def test_a_proxy_that_refuses_the_connection_says_so(
    monkeypatch: pytest.MonkeyPatch, refusing_proxy: int
) -> None:
    monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{refusing_proxy}")
    # CONNECT answered 407: nothing leaves the machine.
    with httpx.Client() as client, pytest.raises(httpx.ProxyError) as failed:
        client.get(API)
    assert unreachable("S", API, API, failed.value) == (
        f"S is unreachable at {API}: the proxy in HTTPS_PROXY "
        f"(http://127.0.0.1:{refusing_proxy}) refused to connect to it"
    )


@pytest.fixture
def refusing_proxy() -> Iterator[int]:
    """A proxy on 127.0.0.1 that answers every CONNECT with 407."""
    server = socket.create_server(("127.0.0.1", 0))
    port: int = server.getsockname()[1]

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.recv(65536)
                conn.sendall(
                    b"HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n"
                )

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        server.close()
        thread.join(timeout=5)


def test_the_check_loads_no_certificates(monkeypatch: pytest.MonkeyPatch) -> None:
    # A missing SSL_CERT_FILE is the client's to report: the proxy check must not fail on it.
    monkeypatch.setenv("SSL_CERT_FILE", "/nonexistent/ca.pem")
    monkeypatch.setenv("HTTPS_PROXY", "https://proxy.test:3128")
    assert proxy_problem(API) is None


def test_a_password_the_client_cannot_parse_is_said_to_need_encoding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: "... is not a proxy URL that can be used (http, https or socks5)", of an http:// one.
    monkeypatch.setenv("HTTPS_PROXY", "http://user:pa/ss#w?d x@proxy:1")
    assert proxy_problem(API) == (
        "the proxy in HTTPS_PROXY (http://***@proxy:1): its user or password holds a /, ?, # "
        "or space, which a URL must percent-encode (%2F, %3F, %23, %20)"
    )


def test_an_env_proxys_repr_masks_its_credentials() -> None:
    # QA: the dataclass repr printed the proxy's user and password.
    proxy = EnvProxy("HTTPS_PROXY", "http://bob:PWSEKRIT@proxy:3128")
    assert repr(proxy) == "EnvProxy(env='HTTPS_PROXY', value='http://***@proxy:3128')"
