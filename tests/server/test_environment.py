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
        (
            "SSL_CERT_FILE",
            "/nonexistent/ca.pem",
            "SSL_CERT_FILE names an unusable CA file (no such file or directory): "
            "/nonexistent/ca.pem",
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


def test_mcp_stops_before_it_starts(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    env = child_env({"OPENAI_CONTEXT_TOKENS": "lots"})
    done = subprocess.run(
        [*console_script(), "mcp", "--library", str(library)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "error: OPENAI_CONTEXT_TOKENS must be a whole number of tokens, not 'lots'\n"
    )
    assert not library.exists()
