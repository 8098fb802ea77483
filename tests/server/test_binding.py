"""A port another program holds, or a blank --host, is refused in one line before the server
starts (the binding rule itself, loopback or a token, is tested in test_auth.py)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import _install_commands, app
from claimaudit.server.binding import port_problem


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on 127.0.0.1 that a socket is listening on."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


def test_a_port_in_use_is_named(taken_port: int) -> None:
    assert port_problem("127.0.0.1", taken_port) == (
        f"port {taken_port} on 127.0.0.1 is in use; pass --port"
    )


def test_a_free_port_is_no_problem() -> None:
    assert port_problem("127.0.0.1", 0) is None


def test_serve_on_a_port_in_use_is_one_line_and_creates_nothing(
    taken_port: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLAIMAUDIT_TOKEN", raising=False)
    _install_commands()
    library = tmp_path / "library.sqlite3"
    command = ["serve", "--port", str(taken_port), "--library", str(library)]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2
    assert result.stderr == f"error: port {taken_port} on 127.0.0.1 is in use; pass --port\n"
    assert not library.exists()


@pytest.mark.parametrize("host", ["", "   ", "[]"])
@pytest.mark.parametrize("token", [None, "a-secret-token-of-some-length"])
def test_serve_on_a_blank_host_is_refused_naming_the_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: str, token: str | None
) -> None:
    # It read "binding to  makes the server reachable from other machines" (a blank name), or
    # with a token "cannot listen on : ...".
    if token is None:
        monkeypatch.delenv("CLAIMAUDIT_TOKEN", raising=False)
    else:
        monkeypatch.setenv("CLAIMAUDIT_TOKEN", token)
    _install_commands()
    library = tmp_path / "library.sqlite3"
    result = CliRunner().invoke(
        app, ["serve", "--host", host, "--port", "0", "--library", str(library)]
    )
    assert (result.exit_code, result.stderr) == (
        2,
        "error: --host is blank; give the address to listen on, such as 127.0.0.1\n",
    )
    assert not library.exists()


@pytest.mark.parametrize(
    ("option", "value", "most"),
    [
        ("--max-upload-mb", "99999999999999999999", 1024),
        ("--max-upload-mb", "1025", 1024),
        ("--max-json-kb", "65537", 65536),
        ("--max-review-pairs", "50001", 50000),
        ("--max-review-pairs", "99999999999999999999", 50000),
    ],
)
def test_serve_refuses_a_size_limit_past_its_maximum(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str, value: str, most: int
) -> None:
    # Any size was taken: --max-upload-mb 99999999999999999999 started with no bound at all.
    monkeypatch.delenv("CLAIMAUDIT_TOKEN", raising=False)
    _install_commands()
    library = tmp_path / "library.sqlite3"
    result = CliRunner().invoke(app, ["serve", option, value, "--library", str(library)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert f"'{option}': Input should be less than or equal to {most}." in result.stderr
    assert not library.exists()
