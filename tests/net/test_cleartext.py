"""A key sent over plain http to another machine is said once, by name, never refused.

No request is sent: the warning comes where a judge or source is built and where its client is
made, and the addresses are TEST-NET ones (192.0.2.0/24) nothing connects to.
"""

from __future__ import annotations

import logging

import pytest

from claimaudit.judges.jev import JevJudge
from claimaudit.judges.jev import register as register_jev
from claimaudit.judges.openai import OpenAIOptions
from claimaudit.judges.openai import register as register_openai
from claimaudit.judges.openai.judge import OpenAIJudge
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.net import cleartext
from claimaudit.net.cleartext import is_loopback, sent_in_clear, warn_cleartext
from claimaudit.sources.valyu import make_valyu_source
from tests.judges.faultserver import TEST_KEY
from tests.judges.helpers import registered_judge

FAR = "http://192.0.2.7:8080/v1"
LOCAL = "http://localhost:11434/v1"
SAID = (
    "warning: the {backend} sends {credential} over plain http to 192.0.2.7:8080, unencrypted: "
    "anyone on the network path can read it (use https, unless that network is trusted)"
)


@pytest.fixture
def said(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> pytest.LogCaptureFixture:
    """The warnings logged, each process's memory of what was said reset first."""
    monkeypatch.setattr(cleartext, "_warned", set())
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("all_proxy", raising=False)
    caplog.set_level(logging.WARNING, logger="claimaudit.net.cleartext")
    return caplog


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "127.8.9.10", "::1", "localhost", "LOCALHOST", "::ffff:127.0.0.1"]
)
def test_this_machine_is_loopback(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["192.0.2.7", "10.0.0.1", "::2", "example.org", "localhost.x"])
def test_other_hosts_are_not(host: str) -> None:
    assert not is_loopback(host)


@pytest.mark.parametrize(
    ("url", "where"),
    [
        (FAR, "192.0.2.7:8080"),
        ("HTTP://Gateway.Lab/v1", "gateway.lab"),
        ("http://[2001:db8::1]/v1", "[2001:db8::1]"),
        ("https://192.0.2.7/v1", None),
        ("http://127.0.0.1:11434/v1", None),
        ("http://localhost:8000/v1", None),
        ("http://[::1]:8000/v1", None),
    ],
)
def test_what_goes_in_clear(url: str, where: str | None) -> None:
    assert sent_in_clear(url) == where


def test_the_openai_factory_warns_once_naming_the_variable_never_the_key(
    said: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: the key went to a non-loopback host over plain http with no word said.
    monkeypatch.setenv("OPENAI_API_KEY", TEST_KEY)
    settings = JudgeSettings(model="m", options=OpenAIOptions(base_url=FAR))
    for _ in range(2):  # a server builds a judge per request: said once per process
        judge = registered_judge(register_openai, "openai", OpenAIJudge, settings)
    judge._get_client()  # the client made: nothing more said, nothing sent
    judge.close()
    assert said.messages == [SAID.format(backend="openai judge", credential="OPENAI_API_KEY")]
    assert TEST_KEY not in " ".join(said.messages)


def test_nothing_is_said_without_a_key_or_on_this_machine_or_over_https(
    said: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    registered_judge(
        register_openai,
        "openai",
        OpenAIJudge,
        JudgeSettings(model="m", options=OpenAIOptions(base_url=FAR)),
    )
    monkeypatch.setenv("OPENAI_API_KEY", TEST_KEY)
    for url in ("http://127.0.0.1:9/v1", "http://localhost:9/v1", "https://192.0.2.7/v1"):
        options = OpenAIOptions(base_url=url)
        registered_judge(
            register_openai, "openai", OpenAIJudge, JudgeSettings(model="m", options=options)
        )
    assert said.messages == []


def test_a_judge_built_directly_warns_naming_its_own_variable(
    said: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LAB_GATEWAY_KEY", TEST_KEY)
    judge = OpenAIJudge(model="m", base_url=FAR, timeout=2.0, retries=0, key_env="LAB_GATEWAY_KEY")
    judge._get_client()
    judge.close()
    assert said.messages == [SAID.format(backend="openai judge", credential="LAB_GATEWAY_KEY")]


def test_jev_warns_from_its_factory_and_its_client(
    said: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    monkeypatch.setenv("TYPESAFE_BASE_URL", FAR)
    registered_judge(register_jev, "jev", JevJudge, JudgeSettings())
    assert said.messages == [SAID.format(backend="jev judge", credential="TYPESAFE_API_KEY")]
    monkeypatch.setattr(cleartext, "_warned", set())
    said.clear()
    judge = JevJudge(base_url="http://u:p@192.0.2.7:8080/v1")
    judge._get_client()
    judge.close()
    # The user and password go as Basic auth, in place of the key: they are what is exposed.
    credential = "the user and password in its base URL"
    assert said.messages == [SAID.format(backend="jev judge", credential=credential)]


def test_valyu_sends_its_key_beside_a_base_urls_user_and_password(
    said: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", TEST_KEY)
    monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", "http://u:p@192.0.2.7:8080/v1")
    make_valyu_source()
    assert said.messages == [
        SAID.format(backend="valyu source", credential="the user and password in its base URL"),
        SAID.format(backend="valyu source", credential="VALYU_API_KEY"),
    ]


def test_a_url_no_parser_takes_is_left_to_its_check(said: pytest.LogCaptureFixture) -> None:
    warn_cleartext("openai judge", "http://h:port/v1", "OPENAI_API_KEY")
    assert said.messages == []


_PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "REQUEST_METHOD")


@pytest.mark.parametrize(
    ("url", "env", "where"),
    [
        # https through any proxy is a CONNECT tunnel: encrypted from end to end.
        ("https://192.0.2.7/v1", {"HTTPS_PROXY": "http://proxy.example:3128"}, None),
        ("https://192.0.2.7/v1", {"ALL_PROXY": "http://proxy.example:3128"}, None),
        ("https://localhost/v1", {"HTTPS_PROXY": "http://proxy.example:3128"}, None),
        # Plain http through a proxy: in clear to it, and in clear from it.
        (FAR, {"HTTP_PROXY": "http://proxy.example:3128"}, "{far} through {proxy}"),
        (FAR, {"ALL_PROXY": "http://proxy.example:3128"}, "{far} through {proxy}"),
        (FAR, {"http_proxy": "http://proxy.example:3128"}, "{far} through {proxy}"),
        (FAR, {"HTTP_PROXY": "http://127.0.0.1:3128"}, "{far} through {local}"),
        (FAR, {"HTTPS_PROXY": "http://proxy.example:3128"}, "192.0.2.7:8080"),  # not for http
        (FAR, {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "192.0.2.7"}, "{far_}"),
        (FAR, {"HTTP_PROXY": "http://proxy.example:3128", "no_proxy": "*"}, "{far_}"),
        # This machine's server named in the URL: the proxy gets the request, key and all.
        (LOCAL, {"HTTP_PROXY": "http://proxy.example:3128"}, "{local_server} through {proxy}"),
        (LOCAL, {"ALL_PROXY": "socks5://proxy.example:1080"}, "{local_server} through {socks}"),
        (LOCAL, {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "localhost"}, None),
        (LOCAL, {"HTTP_PROXY": "http://localhost:3128"}, None),  # stays on this machine
        (LOCAL, {"HTTP_PROXY": "https://proxy.example:3128"}, None),  # encrypted to it
        (LOCAL, {"HTTPS_PROXY": "http://proxy.example:3128"}, None),
    ],
)
def test_what_goes_in_clear_through_the_environment_s_proxy(
    monkeypatch: pytest.MonkeyPatch, url: str, env: dict[str, str], where: str | None
) -> None:
    # QA: http://localhost:11434 with HTTP_PROXY set sent the key in clear to the proxy's
    # host, unsaid: only the base URL's host was looked at.
    for name in _PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    names = {
        "far": "192.0.2.7:8080",
        "far_": "192.0.2.7:8080",
        "local_server": "localhost:11434",
        "proxy": f"the proxy in {next(iter(env))} (http://proxy.example:3128)",
        "local": "the proxy in HTTP_PROXY (http://127.0.0.1:3128)",
        "socks": "the proxy in ALL_PROXY (socks5://proxy.example:1080)",
    }
    assert sent_in_clear(url) == (None if where is None else where.format(**names))


def test_a_proxied_warning_names_the_proxy_never_its_password(
    said: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.setenv("HTTP_PROXY", "http://me:proxy-secret@proxy.example:3128")
    warn_cleartext("openai judge", LOCAL, "OPENAI_API_KEY")
    assert said.messages == [
        "warning: the user and password of the proxy in HTTP_PROXY "
        "(http://***@proxy.example:3128) go to it unencrypted with every request: anyone on "
        "the network path to the proxy can read them (use an https:// proxy, unless that "
        "network is trusted)",
        "warning: the openai judge sends OPENAI_API_KEY over plain http to localhost:11434 "
        "through the proxy in HTTP_PROXY (http://***@proxy.example:3128), unencrypted: anyone "
        "on the network path can read it (use https, unless that network is trusted)",
    ]


_PROXY_SAID = (
    "warning: the user and password of the proxy in {env} ({shown}) go to it unencrypted with "
    "every request: anyone on the network path to the proxy can read them (use an https:// "
    "proxy, unless that network is trusted)"
)


@pytest.mark.parametrize(
    ("env", "value", "shown"),
    [
        ("HTTPS_PROXY", "http://user:pa55@proxy.example:3128", "http://***@proxy.example:3128"),
        ("ALL_PROXY", "socks5://user:pa55@proxy.example:1080", "socks5://***@proxy.example:1080"),
        ("HTTPS_PROXY", "user:pa55@proxy.example:3128", "http://***@proxy.example:3128"),
    ],
)
def test_a_proxys_own_credentials_sent_in_clear_are_said_once_never_shown(
    said: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    env: str,
    value: str,
    shown: str,
) -> None:
    # QA: HTTPS_PROXY=http://user:pass@proxy:3128 sent the proxy's password in clear (its
    # CONNECT, even for an https server) and nothing said so. The server's URL is https: its
    # own traffic is a tunnel, and only the proxy's credentials are at stake.
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.setenv(env, value)
    with cleartext.said_on_stderr():
        warn_cleartext("openai judge", "https://192.0.2.7/v1", "OPENAI_API_KEY")
        warn_cleartext("jev judge", "https://192.0.2.8/", "JEV_API_KEY")  # the same proxy
    assert capsys.readouterr().err == _PROXY_SAID.format(env=env, shown=shown) + "\n"


@pytest.mark.parametrize(
    "value",
    [
        "http://proxy.example:3128",
        "https://user:pa55@proxy.example:3128",
        "http://user:pa55@127.0.0.1:3128",
    ],
)
def test_a_proxy_without_credentials_in_clear_is_not_said(
    said: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.setenv("HTTPS_PROXY", value)
    warn_cleartext("openai judge", "https://192.0.2.7/v1", "OPENAI_API_KEY")
    assert said.messages == []
