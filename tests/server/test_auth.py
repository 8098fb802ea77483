"""Who may talk to the server: the binding rule, the token check, and a real server that
requires its token (started on 127.0.0.1, since no other interface can be bound reliably)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from claimaudit.cli import _install_commands, app
from claimaudit.server.auth import is_open_path, token_matches
from claimaudit.server.binding import MIN_TOKEN_CHARS, bind_problem, is_loopback
from tests.server.conftest import DEEP_RULES_REF, TOKEN, RunningServer


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]", " 127.0.0.1 "]
)
def test_loopback_addresses(host: str) -> None:
    assert is_loopback(host)
    assert bind_problem(host, None) is None


@pytest.mark.parametrize(
    "host", ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "8.8.8.8", "example.org", "my-host", ""]
)
def test_anything_else_needs_a_token(host: str) -> None:
    assert not is_loopback(host)
    problem = bind_problem(host, None)
    assert problem is not None and "CLAIMAUDIT_TOKEN" in problem
    assert bind_problem(host, TOKEN) is None


def test_a_short_token_is_refused_anywhere() -> None:
    short = "x" * (MIN_TOKEN_CHARS - 1)
    for host in ("127.0.0.1", "0.0.0.0"):
        problem = bind_problem(host, short)
        assert problem is not None and "too short" in problem and short not in problem


@pytest.mark.parametrize("token", ["a-long-enough-secret-tökén", "a-long-enough-secret-token-€"])
def test_a_token_that_is_not_printable_ascii_is_refused(token: str) -> None:
    problem = bind_problem("127.0.0.1", token)
    assert problem is not None and "ASCII" in problem and token not in problem


def test_serve_refuses_a_non_ascii_token_in_one_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_TOKEN", "a-long-enough-secret-tökén")
    result = runner.invoke(app, ["serve", "--library", str(tmp_path / "l")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "non-ASCII" in result.stderr
    assert "tökén" not in result.output + result.stderr
    assert not (tmp_path / "l").exists()


@pytest.mark.parametrize(
    ("header", "ok"),
    [
        (f"Bearer {TOKEN}", True),
        (f"bearer {TOKEN}", True),
        (f"Bearer  {TOKEN} ", True),
        (f"Bearer {TOKEN}x", False),
        (f"Bearer {TOKEN[:-1]}", False),
        (f"Basic {TOKEN}", False),
        (TOKEN, False),
        ("Bearer", False),
        ("", False),
        (None, False),
    ],
)
def test_token_matches(header: str | None, ok: bool) -> None:
    assert token_matches(header, TOKEN) is ok


def test_open_paths() -> None:
    assert is_open_path("/health") and is_open_path("/") and is_open_path("/static/main.js")
    assert not is_open_path("/v1/library") and not is_open_path("/openapi.json")
    assert not is_open_path("/staticx") and not is_open_path("/health/x")


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    _install_commands()
    return CliRunner()


def test_serve_refuses_a_public_address_without_a_token(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLAIMAUDIT_TOKEN", raising=False)
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--library", str(tmp_path / "l")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "CLAIMAUDIT_TOKEN" in result.stderr
    assert not (tmp_path / "l").exists()  # refused before anything was created


def test_serve_refuses_a_short_token_and_never_prints_it(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_TOKEN", "short-SECRET")
    result = runner.invoke(app, ["serve", "--library", str(tmp_path / "l")])
    assert result.exit_code == 2 and "too short" in result.stderr
    assert "short-SECRET" not in result.output + result.stderr


# -- a real server with a token (and small limits) -------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/library"),
        ("GET", "/v1/library/search?q=deep"),
        ("GET", f"/v1/library/{DEEP_RULES_REF}"),
        ("DELETE", f"/v1/library/{DEEP_RULES_REF}"),
        ("POST", "/v1/checks"),
        ("POST", "/v1/library"),
        ("GET", "/v1/judges"),
        ("GET", "/openapi.json"),
        ("GET", "/v1/nothing-here"),
    ],
)
def test_every_api_request_needs_the_token(strict: RunningServer, method: str, path: str) -> None:
    with strict.client() as anonymous, strict.client("wrong-token-0123456789") as wrong:
        for client in (anonymous, wrong):
            response = client.request(method, path, json={"claim": "x", "papers": ["1706.03762"]})
            assert response.status_code == 401
            assert response.headers["www-authenticate"] == "Bearer"
            assert response.json()["error"]["code"] == "unauthorized"
            assert TOKEN not in response.text
    # Nothing was removed by the refused DELETE.
    with strict.client(TOKEN) as client:
        assert client.get(f"/v1/library/{DEEP_RULES_REF}").status_code == 200


def test_refusals_read_as_written_while_the_token_is_set(strict: RunningServer) -> None:
    # Redaction masks bearer tokens, not the word after "bearer" in a message.
    with strict.client() as anonymous:
        message = anonymous.get("/v1/library").json()["error"]["message"]
        assert message == "a valid bearer token is required"
    with strict.client(TOKEN) as client:
        check = {"claim": "A claim.", "papers": [DEEP_RULES_REF], "judge": "bearer secret"}
        response = client.post("/v1/checks", json=check)
        assert response.status_code == 400
        assert "unknown judge 'bearer secret'" in response.json()["error"]["message"]


def test_with_the_token_requests_go_through(strict: RunningServer) -> None:
    with strict.client(TOKEN) as client:
        assert client.get("/v1/library").status_code == 200
        response = client.post(
            "/v1/checks", json={"claim": "A claim.", "papers": [DEEP_RULES_REF], "judge": "gated"}
        )
        assert response.status_code == 200 and response.json()["records"][0]["judge"] == "gated"


def test_health_and_the_page_stay_open(strict: RunningServer) -> None:
    with strict.client() as anonymous:
        assert anonymous.get("/health").json()["status"] == "ok"
        page = anonymous.get("/")
        assert page.status_code == 200 and "<title>claimaudit</title>" in page.text
        assert anonymous.get("/static/api.js").status_code == 200


def test_the_token_never_reaches_the_log(strict: RunningServer) -> None:
    with strict.client(TOKEN) as client:
        client.get("/v1/library", params={"q": "deep"})
    assert TOKEN not in strict.log_text()


def test_configured_limits(strict: RunningServer, tmp_path: Path) -> None:
    with strict.client(TOKEN) as client:
        big = client.post(
            "/v1/checks",
            json={"claim": "A claim.", "papers": [DEEP_RULES_REF], "topic": "x" * 5000},
        )
        assert big.status_code == 413
        assert big.json()["error"]["message"].endswith("(4 KiB)")
        # Uploads have their own limit: 2 MiB of text is refused, ...
        text = b"Plain words in a paragraph.\n\n" * (2 * 1024 * 1024 // 29)
        refused = client.post(
            "/v1/library", files={"file": ("big.txt", text)}, data={"ref": "local:big"}
        )
        assert refused.status_code == 413
        assert refused.json()["error"]["message"].endswith("(1 MiB)")
        assert client.get("/v1/library/local:big").status_code == 404
        # ... while a file larger than the JSON limit but under the upload limit is stored.
        small = b"Plain words in a paragraph.\n\n" * 400
        stored = client.post(
            "/v1/library", files={"file": ("small.txt", small)}, data={"ref": "local:small"}
        )
        assert stored.status_code == 201, stored.text
        assert client.delete("/v1/library/local:small").status_code == 200


def test_unauthenticated_large_bodies_get_401_not_413(strict: RunningServer) -> None:
    with httpx.Client(base_url=strict.url) as anonymous:
        response = anonymous.post("/v1/checks", content=b"x" * 100_000)
        assert response.status_code == 401
