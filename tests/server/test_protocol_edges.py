"""What uvicorn answers itself, before a request reaches claimaudit (README, "Errors are JSON"):
a request it cannot parse as HTTP (a raw byte outside ASCII in its request line or a header's
name, an HTTP/1.1 request without Host) gets uvicorn's plain-text 400, not the JSON error body.
Fixing it would take replacing uvicorn's protocol class; these tests keep the README's word
true, and show that the same path sent percent-encoded, as HTTP wants it, is answered in JSON."""

from __future__ import annotations

import json
import socket
from pathlib import Path

from tests.server.conftest import ServerLauncher, stop

PLAIN_400 = b"Invalid HTTP request received."


def _exchange(url: str, raw: bytes) -> bytes:
    """What the server answers ``raw``, read to the connection's end."""
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(raw)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


UNPARSABLE = {
    "request line": "GET /v1/papers/café HTTP/1.1\r\nHost: localhost\r\n\r\n".encode(),
    "header name": "GET /health HTTP/1.1\r\nHöst: localhost\r\n\r\n".encode(),
    "no host": b"GET /health HTTP/1.1\r\n\r\n",
    "two hosts": b"GET /health HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n",
}


def test_a_request_uvicorn_cannot_parse_gets_its_plain_text_400_not_json(
    launcher: ServerLauncher, example_library: Path
) -> None:
    server = launcher.start(example_library)  # one server for all: each start costs seconds
    try:
        answers = {name: _exchange(server.url, raw) for name, raw in UNPARSABLE.items()}
        encoded = _exchange(
            server.url,
            b"GET /v1/nowhere/caf%C3%A9 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        )
    finally:
        stop(server)
    for name, answer in answers.items():
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400 "), name
        assert b"content-type: text/plain" in head.lower(), name
        assert body == PLAIN_400, name
    # The same path percent-encoded, as HTTP wants it, reaches claimaudit: its JSON error.
    head, _, body = encoded.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 404 ")
    assert json.loads(body)["error"]["code"] == "not_found"


def _answer(url: str, target: str, host: str) -> tuple[bytes, dict[str, object] | bytes]:
    raw = f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    head, _, body = _exchange(url, raw).partition(b"\r\n\r\n")
    try:
        return head, json.loads(body)
    except ValueError:
        return head, body


def test_an_absolute_form_request_is_routed_by_its_path_and_checked_by_its_host(
    launcher: ServerLauncher, example_library: Path
) -> None:
    # QA: "GET http://localhost:8000/health HTTP/1.1", which HTTP/1.1 servers must accept
    # (RFC 9112 3.2.2; a proxy forwards requests so), got a 404: h11 gives the whole URL as
    # the path.
    server = launcher.start(example_library)
    port = server.url.rsplit(":", 1)[1]
    try:
        health = _answer(server.url, f"http://localhost:{port}/health", f"localhost:{port}")
        upper = _answer(server.url, f"HTTP://LOCALHOST:{port}/health", "localhost")
        query = _answer(server.url, f"http://127.0.0.1:{port}/v1/judges?x=1", "127.0.0.1")
        # The target's host is the one checked, not the Host header (RFC 9112 3.2.2).
        foreign = _answer(server.url, "http://attacker.example/health", f"localhost:{port}")
        missing = _answer(server.url, f"http://localhost:{port}/nowhere", "localhost")
    finally:
        stop(server)
    assert health[0].startswith(b"HTTP/1.1 200 "), health
    assert upper[0].startswith(b"HTTP/1.1 200 "), upper
    assert query[0].startswith(b"HTTP/1.1 200 "), query
    assert foreign[0].startswith(b"HTTP/1.1 403 "), foreign
    assert isinstance(foreign[1], dict) and foreign[1]["error"]["code"] == "forbidden_host"
    assert missing[0].startswith(b"HTTP/1.1 404 "), missing
    assert isinstance(missing[1], dict) and missing[1]["error"]["code"] == "not_found"


def test_an_absolute_url_no_http_server_serves_is_a_json_400(
    launcher: ServerLauncher, example_library: Path
) -> None:
    server = launcher.start(example_library)
    port = server.url.rsplit(":", 1)[1]
    try:
        answers = [
            _answer(server.url, target, "localhost")
            for target in (
                f"ftp://localhost:{port}/health",
                f"http://user:hunter22@localhost:{port}/health",
                "http://localhost:port/health",
            )
        ]
    finally:
        stop(server)
    for head, body in answers:
        assert head.startswith(b"HTTP/1.1 400 "), head
        assert isinstance(body, dict) and body["error"]["code"] == "bad_request"
        assert "hunter22" not in str(body)
