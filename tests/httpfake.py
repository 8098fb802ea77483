"""The lifecycle shared by the suite's fake HTTP services (System One, OpenAI, Valyu, arXiv).

A subclass of ``FakeServer`` gets a threaded stdlib server on an ephemeral 127.0.0.1 port, a
background thread, ``url``, ``start``/``close`` and use as a context manager, a locked list of
what it received and an event that ends waits on close. Its handler subclasses ``FakeHandler``
(keep-alive HTTP/1.1, no request logging) and reaches the server as ``self.owner``. Each fake keeps
its own routes and wire format; this module knows none of them. ``send_trickled`` replies a byte at
a time, for clients that must keep a deadline for the whole reply, not just each read.
``closed_port()`` gives a port nothing listens on, for the unreachable-service paths. Standard
library only.
"""

from __future__ import annotations

import json
import socket
import ssl
import sys
import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

__all__ = ["FakeHandler", "FakeServer", "RecordedRequest", "closed_port"]

R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the server received it; ``json`` is None when the body was not JSON."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: bytes
    json: Any

    @property
    def authorization(self) -> str | None:
        return self.headers.get("authorization")


class FakeHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, like the real services
    owner: FakeServer[Any]  # set on the bound subclass each FakeServer makes

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep pytest output clean

    def lower_headers(self) -> dict[str, str]:
        return {name.lower(): value for name, value in self.headers.items()}

    def read_request(self) -> RecordedRequest:
        """Read the body (as long as Content-Length says) and parse it as JSON where it is."""
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            parsed: Any = json.loads(raw) if raw else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            parsed = None
        return RecordedRequest(self.command, self.path, self.lower_headers(), raw, parsed)

    def send_body(
        self, status: int, body: bytes, content_type: str, headers: Mapping[str, str] | None = None
    ) -> None:
        """Reply with ``body``: Content-Type, Content-Length, then ``headers`` in their order."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_trickled(
        self,
        status: int,
        body: bytes,
        content_type: str,
        *,
        interval: float,
        count: int,
        headers_too: bool = False,
    ) -> None:
        """Reply with ``body``, its first ``count`` bytes one at a time, ``interval`` s apart.

        Each read then returns within ``interval``, while the whole reply takes ``count`` times
        that: a per-read timeout never fires. With ``headers_too`` the trickle starts at the
        status line. The connection closes afterwards; a client that left ends the trickle.
        """
        head = (
            f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        ).encode()
        data = head + body
        start = 0 if headers_too else len(head)
        self.wfile.write(data[:start])
        for index in range(start, min(start + count, len(data))):
            if self.owner.closing:
                break
            self.wfile.write(data[index : index + 1])
            self.owner.wait(interval)
        else:
            self.wfile.write(data[start + count :])
        self.close_connection = True


class _QuietServer(ThreadingHTTPServer):
    # Handler threads must not keep the test process (or server_close) waiting on a sleeper.
    daemon_threads = True
    block_on_close = False

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gave up (timeout, hang-up) makes the late write fail; that is the point,
        # not news. Anything else is a bug in the fake, and is printed as usual.
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


class FakeServer(Generic[R]):
    """A fake service on an ephemeral 127.0.0.1 port, serving from a background thread.

    ``handler``: the fake's ``FakeHandler`` subclass; ``name``: the thread's name; ``url_path``:
    what ``url`` appends to ``http://127.0.0.1:PORT`` (the base URL its client takes).
    """

    def __init__(self, handler: type[FakeHandler], *, name: str, url_path: str = "") -> None:
        self._url_path = url_path
        self._scheme = "http"
        self._lock = threading.Lock()
        self._recorded: list[R] = []
        # Set on close, so handlers that wait stop waiting instead of holding the shutdown up.
        self._closing = threading.Event()
        bound = type(f"Bound{handler.__name__}", (handler,), {"owner": self})
        self._httpd = _QuietServer(("127.0.0.1", 0), bound)
        # A short poll interval: shutdown() waits up to one interval, once per test.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, args=(0.02,), name=name, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"{self._scheme}://{host!s}:{port}{self._url_path}"

    @property
    def recorded(self) -> list[R]:
        """Every request recorded so far, oldest first (a copy)."""
        with self._lock:
            return list(self._recorded)

    def clear(self) -> None:
        with self._lock:
            self._recorded.clear()

    def record(self, request: R) -> None:
        with self._lock:
            self._recorded.append(request)

    def pop_next(self, queue: deque[T]) -> T | None:
        """Take the first of ``queue`` (scripted replies) under the lock; None when it is empty."""
        with self._lock:
            return queue.popleft() if queue else None

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    def wait(self, seconds: float) -> None:
        """Sleep ``seconds``, or less when the server closes meanwhile."""
        self._closing.wait(seconds)

    def serve_tls(self, context: ssl.SSLContext) -> Self:
        """Speak HTTPS with ``context``'s certificate (call before ``start``); ``url`` then
        says ``https``. A client that refuses the certificate fails its handshake only."""
        self._httpd.socket = context.wrap_socket(self._httpd.socket, server_side=True)
        self._scheme = "https"
        return self

    def start(self) -> Self:
        self._thread.start()
        return self

    def close(self) -> None:
        self._closing.set()
        if self._thread.is_alive():
            self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def closed_port() -> int:
    """A 127.0.0.1 port that nothing listens on (bound for a moment, then freed)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port
