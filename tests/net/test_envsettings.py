"""Keys, base URLs and CA files from the environment, checked before any work."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import certifi
import httpx
import httpx2
import pytest

from claimaudit.errors import InvalidSettingsError
from claimaudit.net.envsettings import (
    env_base_url,
    http_client,
    http_url,
    require_header_safe_key,
    require_tls_settings,
    tls_context,
)

API = "https://api.example.test/v1"


def _refused_by_every_client(expected: str) -> None:
    """The settings check and a client of each HTTP library refuse the environment, saying
    ``expected``: never a constructor's own exception, never a request that fails later."""
    with pytest.raises(InvalidSettingsError) as refused:
        require_tls_settings()
    assert str(refused.value) == expected
    for make in (httpx.Client, httpx2.Client):
        with pytest.raises(InvalidSettingsError) as refused:
            http_client(make, API)
        assert str(refused.value) == expected


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/v1", "https://api.example.org", "HTTPS://Example.org/x"]
)
def test_an_http_url_is_taken_as_it_is(url: str) -> None:
    assert http_url(url, "X_BASE_URL") == url


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("garbage", "garbage"),
        ("ftp://mirror.example.org/arxiv", "ftp://mirror.example.org/arxiv"),
        ("ftp://user:s3cret@proxy/v1", "ftp://***@proxy/v1"),
        ("user:s3cret@proxy:8080/v1", "***@proxy:8080/v1"),
        ("http//user:s3cret@proxy/v1", "http//***@proxy/v1"),
        ("https://", "https://"),
        ("http://host:99999/v1", "http://host:99999/v1"),
        ("http://exa mple.org", "http://exa mple.org"),
        ("ftp://user:s3cret@host", "ftp://***@host"),
    ],
)
def test_anything_else_is_refused_naming_the_variable_never_a_credential(
    url: str, shown: str
) -> None:
    with pytest.raises(InvalidSettingsError) as refused:
        http_url(url, "X_BASE_URL")
    assert str(refused.value) == f"X_BASE_URL is not an http(s) URL: {shown}"


def test_an_unset_or_blank_variable_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("X_BASE_URL", raising=False)
    assert env_base_url("X_BASE_URL", "https://default.example.org") == (
        "https://default.example.org"
    )
    monkeypatch.setenv("X_BASE_URL", "  ")
    assert env_base_url("X_BASE_URL", "https://default.example.org") == (
        "https://default.example.org"
    )
    monkeypatch.setenv("X_BASE_URL", " http://127.0.0.1:9/v1 ")
    assert env_base_url("X_BASE_URL", "https://default.example.org") == "http://127.0.0.1:9/v1"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        # QA: only the last piece before "@" was masked where the password held "/" or a space,
        # and then the URL was said not to be http(s), which it was.
        ("http://alice:pa/s3cret@127.0.0.1:9/v1", "http://***@127.0.0.1:9/v1"),
        ("http://alice:my s3cret@127.0.0.1:9/v1", "http://***@127.0.0.1:9/v1"),
        ("ftp://alice:pa/s3cret@host", "ftp://***@host"),
        ("alice:pa#s3cret@host", "***@host"),
    ],
)
def test_a_password_to_percent_encode_is_said_so_and_never_shown(url: str, shown: str) -> None:
    with pytest.raises(InvalidSettingsError) as refused:
        http_url(url, "X_BASE_URL")
    assert str(refused.value) == (
        f"X_BASE_URL ({shown}): its user or password holds a /, ?, # or space, which a URL "
        "must percent-encode (%2F, %3F, %23, %20)"
    )


@pytest.mark.parametrize("key", ["sk with space", "sk-first\nsecond", "clé-0000"])
def test_a_key_that_cannot_be_a_header_is_refused_naming_only_the_variable(
    monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    monkeypatch.setenv("X_API_KEY", key)
    with pytest.raises(InvalidSettingsError) as refused:
        require_header_safe_key("X_API_KEY")
    assert str(refused.value) == "X_API_KEY is malformed: it must be printable ASCII without spaces"


def test_a_missing_or_good_key_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("X_API_KEY", raising=False)
    require_header_safe_key("X_API_KEY")
    monkeypatch.setenv("X_API_KEY", " sk-0000-good\n")  # the ends are stripped where it is read
    require_header_safe_key("X_API_KEY")


@pytest.fixture
def no_ca_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)


@pytest.mark.parametrize(
    ("name", "why"),
    [("absent.pem", "no such file or directory"), ("garbage.pem", "it holds no PEM certificate")],
)
def test_a_ca_file_httpx_cannot_load_is_refused_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_ca_settings: None, name: str, why: str
) -> None:
    # httpx.Client() raised FileNotFoundError or ssl.SSLError: a traceback on the command line.
    (tmp_path / "garbage.pem").write_text("garbage\n", encoding="utf-8")
    cafile = tmp_path / name
    monkeypatch.setenv("SSL_CERT_FILE", str(cafile))
    expected = f"SSL_CERT_FILE names an unusable CA file ({why}): {cafile}"
    _refused_by_every_client(expected)


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_a_ca_file_that_is_no_regular_file_is_refused_unread(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_ca_settings: None, kind: str
) -> None:
    # QA: a FIFO hung every command that made an HTTP client (OpenSSL waited on a writer).
    cafile = tmp_path / "ca.pem"
    if kind == "fifo":
        os.mkfifo(cafile)
    elif kind == "folder":
        cafile.mkdir()
    else:
        cafile = Path("/dev/zero")
    monkeypatch.setenv("SSL_CERT_FILE", str(cafile))
    expected = f"SSL_CERT_FILE names an unusable CA file (not a regular file): {cafile}"
    _refused_by_every_client(expected)
    with pytest.raises(InvalidSettingsError) as refused:
        tls_context()
    assert str(refused.value) == expected


def test_a_ca_folder_that_is_not_one_is_refused_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_ca_settings: None
) -> None:
    # No constructor failed: every HTTPS request failed to verify, as "unreachable".
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "absent"))
    with pytest.raises(InvalidSettingsError) as refused:
        http_client(httpx.Client, API)
    assert str(refused.value) == f"SSL_CERT_DIR names no folder: {tmp_path / 'absent'}"
    # A list of folders, as OpenSSL reads it, with one that exists, is usable.
    monkeypatch.setenv("SSL_CERT_DIR", f"{tmp_path / 'absent'}{os.pathsep}{tmp_path}")
    http_client(httpx.Client, API).close()


def test_usable_or_unset_ca_settings_pass(
    monkeypatch: pytest.MonkeyPatch, no_ca_settings: None
) -> None:
    require_tls_settings()
    http_client(httpx.Client, API).close()
    monkeypatch.setenv("SSL_CERT_FILE", certifi.where())
    monkeypatch.setenv("SSL_CERT_DIR", "/nonexistent")  # unused beside a file, as by OpenSSL
    require_tls_settings()
    http_client(httpx.Client, API).close()


def test_a_ca_file_with_a_space_before_it_is_shown_as_given(
    monkeypatch: pytest.MonkeyPatch, no_ca_settings: None
) -> None:
    # QA: "(no such file or directory): /etc/ssl/...", a path that exists: the space was lost.
    monkeypatch.setenv("SSL_CERT_FILE", f" {certifi.where()}")
    with pytest.raises(InvalidSettingsError) as refused:
        require_tls_settings()
    why = "no such file or directory"
    assert (
        str(refused.value)
        == f"SSL_CERT_FILE names an unusable CA file ({why}): ' {certifi.where()}'"
    )


@pytest.mark.parametrize("variable", ["HTTPS_PROXY", "HTTP_PROXY", "all_proxy"])
def test_every_client_refuses_an_unusable_proxy_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    # QA: refs, library add arxiv: and review --verify-refs ended in a ValueError traceback.
    # HTTP_PROXY too: httpx builds every proxy's transport when a client is made.
    monkeypatch.setenv(variable, "ftp://u:hunter2@x:1")
    for make in (httpx.Client, httpx2.Client):
        with pytest.raises(InvalidSettingsError) as refused:
            http_client(make, API)
        assert str(refused.value) == (
            f"the proxy in {variable} (ftp://***@x:1) is not a proxy URL that can be used "
            "(http, https or socks5)"
        )


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("http://h/v1 ?api_key=KEYSEKRIT1", "http://h/v1 ?api_key=***"),
        ("http://h/v1\n?token=KEYSEKRIT1&x=1", "http://h/v1 ?token=***&x=1"),
        ("http://h/v1 x;access_token%3DKEYSEKRIT1", "http://h/v1 x;access_token%3D***"),
        ("http://h/v1 ?model=m", "http://h/v1 ?model=m"),
    ],
)
def test_a_refused_base_url_split_by_whitespace_keeps_its_query_secrets(
    value: str, shown: str
) -> None:
    # QA: a space or line break pasted into the URL left the query outside what the URL
    # pattern takes in, so the one-line error quoted the key as typed.
    with pytest.raises(InvalidSettingsError) as refused:
        http_url(value, "OPENAI_BASE_URL")
    assert str(refused.value) == f"OPENAI_BASE_URL is not an http(s) URL: {shown}"


@pytest.mark.parametrize(
    "value",
    [
        "http://127.0.0.1:9/v1?api_key=KEYSEKRIT1",
        "http://127.0.0.1:9/v1#access_token=KEYSEKRIT1",
        "http://127.0.0.1:9/v1?",
    ],
)
def test_a_base_url_whose_query_the_client_would_lose_is_refused(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    # QA: the Valyu and Jev SDKs, arXiv and Crossref append their paths to the base URL as a
    # string, so "/v1?api_key=KEY" sent each search to "/v1" with "api_key=KEY/search".
    monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", value)
    with pytest.raises(InvalidSettingsError) as refused:
        env_base_url("CLAIMAUDIT_VALYU_BASE_URL", "https://api.valyu.ai/v1")
    message = str(refused.value)
    assert message.startswith(
        "CLAIMAUDIT_VALYU_BASE_URL ends in a query or fragment, which would swallow each "
        "request's path (give the API root alone, without '?' or '#'): http://127.0.0.1:9/v1"
    )
    assert "KEYSEKRIT1" not in message
    # The openai judge's client keeps the query on each request (after the endpoint's path).
    monkeypatch.setenv("OPENAI_BASE_URL", value)
    assert env_base_url("OPENAI_BASE_URL", "https://x/v1", keeps_query=True) == value


def _jev_options(url: str) -> object:
    from claimaudit.judges.jev import JevOptions

    return JevOptions(base_url=url)


def _jev_judge(url: str) -> object:
    from claimaudit.judges.jev import JevJudge

    return JevJudge(base_url=url)


def _valyu(url: str) -> object:
    from claimaudit.sources.valyu import ValyuSource

    return ValyuSource(base_url=url)


def _arxiv(url: str) -> object:
    from claimaudit.sources.arxiv import ArxivClient

    return ArxivClient(url)


def _crossref(url: str) -> object:
    from claimaudit.refcheck.crossref import CrossrefClient

    return CrossrefClient(url)


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (_jev_options, "JevOptions.base_url"),
        (_jev_judge, "JevJudge's base_url"),
        (_valyu, "ValyuSource's base_url"),
        (_arxiv, "ArxivClient's base_url"),
        (_crossref, "CrossrefClient's base_url"),
    ],
)
@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("https://host/v1?q=1", "https://host/v1?q=1"),
        ("https://u:hunter2@host/v1?api_key=KEYSEKRIT1", "https://***@host/v1?api_key=***"),
        ("https://host/v1#access_token=KEYSEKRIT1", "https://host/v1#access_token=***"),
    ],
)
def test_a_base_url_option_whose_query_the_client_would_lose_is_refused_as_the_variable_is(
    make: Callable[[str], object], name: str, value: str, shown: str
) -> None:
    # QA: TYPESAFE_BASE_URL with a query was refused, but JevOptions(base_url=...) (and the
    # Valyu, arXiv and Crossref clients' base_url) took it, and each request lost its path.
    with pytest.raises(InvalidSettingsError) as refused:
        make(value)
    assert str(refused.value) == (
        f"{name} ends in a query or fragment, which would swallow each request's path "
        f"(give the API root alone, without '?' or '#'): {shown}"
    )


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (_jev_options, "JevOptions.base_url"),
        (_valyu, "ValyuSource's base_url"),
        (_arxiv, "ArxivClient's base_url"),
    ],
)
def test_a_base_url_option_that_is_not_http_is_refused_naming_it(
    make: Callable[[str], object], name: str
) -> None:
    with pytest.raises(InvalidSettingsError) as refused:
        make("ftp://u:hunter2@host/v1")
    assert str(refused.value) == f"{name} is not an http(s) URL: ftp://***@host/v1"


def test_the_openai_options_keep_a_query_but_refuse_a_url_that_is_not_http() -> None:
    from claimaudit.judges.openai import OpenAIOptions
    from claimaudit.judges.openai.judge import OpenAIJudge

    # Its client keeps the query on each request, after the endpoint's path.
    assert OpenAIOptions(base_url="https://gw/v1?api-version=1").base_url is not None
    with pytest.raises(InvalidSettingsError) as refused:
        OpenAIOptions(base_url="ftp://gw/v1")
    assert str(refused.value) == "OpenAIOptions.base_url is not an http(s) URL: ftp://gw/v1"
    with pytest.raises(InvalidSettingsError) as refused:
        OpenAIJudge(model="m", base_url="gw/v1", timeout=1.0, retries=0)
    assert str(refused.value) == "OpenAIJudge's base_url is not an http(s) URL: gw/v1"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("http://u:p@exa_mple..com/v1", "http://***@exa_mple..com/v1"),
        ("https://xn--zz/v1", "https://xn--zz/v1"),
        (f"http://{'a' * 70}.org/", f"http://{'a' * 70}.org/"),
    ],
)
def test_a_host_no_lookup_can_take_is_refused_naming_the_variable(url: str, shown: str) -> None:
    with pytest.raises(InvalidSettingsError) as refused:
        http_url(url, "X_BASE_URL")
    assert str(refused.value) == f"X_BASE_URL names no valid host name: {shown}"


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:8080/v1", "http://[::1]:9/v1", "https://bücher.example/v1",
     "https://xn--bcher-kva.example/", "https://api.example.org./v1", "http://my_host/v1"],
)  # fmt: skip
def test_hosts_a_lookup_takes_are_kept(url: str) -> None:
    assert http_url(url, "X_BASE_URL") == url
