"""serve and mcp refuse, at start-up, a setting every request would be refused for."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import _install_commands, app
from claimaudit.errors import InvalidSettingsError, UnknownBackendError
from claimaudit.server.environment import check_environment
from tests.signals import child_env, console_script

GARBAGE_JUDGE = "CLAIMAUDIT_JUDGE names an unknown judge 'garbage' (known: jev, local, openai)"


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port in use: the old start-up, which never read the settings, stopped there instead of
    serving forever."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


def test_usable_or_unset_settings_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAIMAUDIT_JUDGE", "openai")
    monkeypatch.setenv("OPENAI_CONTEXT_TOKENS", "8192")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    check_environment()


def test_an_unknown_default_judge_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAIMAUDIT_JUDGE", "garbage")
    with pytest.raises(UnknownBackendError) as refused:
        check_environment()
    assert str(refused.value) == GARBAGE_JUDGE


@pytest.mark.parametrize(
    ("env", "value", "message"),
    [
        (
            "OPENAI_CONTEXT_TOKENS",
            "lots",
            "OPENAI_CONTEXT_TOKENS must be a whole number of tokens, not 'lots'",
        ),
        (
            "OPENAI_CONTEXT_TOKENS",
            "12",
            "OPENAI_CONTEXT_TOKENS must be at least 256 tokens, not 12",
        ),
        ("TYPESAFE_BASE_URL", "garbage", "TYPESAFE_BASE_URL is not an http(s) URL: garbage"),
        (
            "OPENAI_API_KEY",
            "sk with space",
            "OPENAI_API_KEY is malformed: it must be printable ASCII without spaces",
        ),
        # QA: a line break in a default model id was sent in every request.
        ("OPENAI_MODEL", "m\nx", "OPENAI_MODEL holds U+000A (a line feed) at character 2"),
        (
            "TYPESAFE_DEFAULT_MODEL",
            "jev\x1b[2J",
            "TYPESAFE_DEFAULT_MODEL holds U+001B (a control character) at character 4",
        ),
        (
            "CLAIMAUDIT_CONTACT_EMAIL",
            "jürgen@uni-köln.de",
            "CLAIMAUDIT_CONTACT_EMAIL cannot be sent in a request header: give an address of "
            "printable ASCII without spaces (a domain as punycode, xn--...)",
        ),
    ],
)
def test_a_setting_no_request_could_use_is_named(
    monkeypatch: pytest.MonkeyPatch, env: str, value: str, message: str
) -> None:
    monkeypatch.setenv(env, value)
    with pytest.raises(InvalidSettingsError) as refused:
        check_environment()
    assert str(refused.value) == message


UNUSABLE_CA = "SSL_CERT_FILE names an unusable CA file (no such file or directory): /absent.pem"
FTP_PROXY = "the proxy in ALL_PROXY (ftp://***@x:1) is not a proxy URL that can be used"
_NETWORK_ENV = [f"{kind}_{end}" for kind in ("http", "https", "all", "no") for end in ("proxy",)]
_NETWORK_ENV += [name.upper() for name in _NETWORK_ENV] + ["SSL_CERT_FILE", "SSL_CERT_DIR"]


@pytest.fixture
def network(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No proxy, CA setting, default judge or Valyu key but those a test sets."""
    for name in [*_NETWORK_ENV, "CLAIMAUDIT_JUDGE", "VALYU_API_KEY"]:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.parametrize(
    ("backend", "setting", "message"),
    [
        ({"CLAIMAUDIT_JUDGE": "openai"}, {"ALL_PROXY": "ftp://u:hunter2@x:1"}, FTP_PROXY),
        ({"CLAIMAUDIT_JUDGE": "jev"}, {"ALL_PROXY": "ftp://u:hunter2@x:1"}, FTP_PROXY),
        ({"VALYU_API_KEY": "val-key"}, {"ALL_PROXY": "ftp://u:hunter2@x:1"}, FTP_PROXY),
        ({"CLAIMAUDIT_JUDGE": "openai"}, {"SSL_CERT_FILE": "/absent.pem"}, UNUSABLE_CA),
        ({"VALYU_API_KEY": "val-key"}, {"SSL_CERT_FILE": "/absent.pem"}, UNUSABLE_CA),
    ],
)
def test_network_settings_a_configured_backend_would_use_are_named(
    network: pytest.MonkeyPatch,
    backend: dict[str, str],
    setting: dict[str, str],
    message: str,
) -> None:
    # QA: an unusable proxy started the server, then every check was refused with it.
    for env, value in {**backend, **setting}.items():
        network.setenv(env, value)
    with pytest.raises(InvalidSettingsError) as refused:
        check_environment()
    assert str(refused.value).startswith(message)
    assert "hunter2" not in str(refused.value)


def test_a_local_judge_and_library_start_whatever_the_network_settings(
    network: pytest.MonkeyPatch,
) -> None:
    # No request of theirs goes over the network.
    network.setenv("ALL_PROXY", "ftp://x:1")
    network.setenv("SSL_CERT_FILE", "/absent.pem")
    network.setenv("VALYU_API_KEY", "")
    check_environment()


def test_serve_stops_at_an_unusable_proxy(
    network: pytest.MonkeyPatch, tmp_path: Path, taken_port: int
) -> None:
    network.delenv("CLAIMAUDIT_TOKEN", raising=False)
    network.setenv("CLAIMAUDIT_JUDGE", "openai")
    network.setenv("ALL_PROXY", "ftp://u:hunter2@x:1")
    _install_commands()
    library = tmp_path / "library.sqlite3"
    command = ["serve", "--port", str(taken_port), "--library", str(library)]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {FTP_PROXY}")
    assert result.stderr.count("\n") == 1 and "hunter2" not in result.stderr
    assert not library.exists()


def test_serve_stops_before_it_starts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, taken_port: int
) -> None:
    # It started, then answered each check 400 unknown_judge 'garbage'.
    monkeypatch.delenv("CLAIMAUDIT_TOKEN", raising=False)
    monkeypatch.setenv("CLAIMAUDIT_JUDGE", "garbage")
    _install_commands()
    library = tmp_path / "library.sqlite3"
    command = ["serve", "--port", str(taken_port), "--library", str(library)]
    result = CliRunner().invoke(app, command)
    assert (result.exit_code, result.stderr) == (2, f"error: {GARBAGE_JUDGE}\n")
    assert not library.exists()


def _mcp(library: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``claimaudit mcp`` run as a client starts it, with nothing on its input (these tests
    expect it to refuse its settings before it reads any)."""
    return subprocess.run(
        [*console_script(), "mcp", "--library", str(library)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_mcp_stops_before_it_starts(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    env = child_env({"OPENAI_CONTEXT_TOKENS": "lots"})
    done = _mcp(library, env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "error: OPENAI_CONTEXT_TOKENS must be a whole number of tokens, not 'lots'\n"
    )
    assert not library.exists()


def test_mcp_stops_at_an_unusable_proxy_valyu_would_use(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    names = [n for n in _NETWORK_ENV if n != "ALL_PROXY"]
    env = child_env({"VALYU_API_KEY": "val-key", "ALL_PROXY": "ftp://u:hunter2@x:1"})
    for name in names:
        env.pop(name, None)
    done = _mcp(library, env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"error: {FTP_PROXY}")
    assert done.stderr.count("\n") == 1 and "hunter2" not in done.stderr
    assert not library.exists()
