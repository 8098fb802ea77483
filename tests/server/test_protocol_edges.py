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
