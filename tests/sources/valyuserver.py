"""A local Valyu Search peer speaking the wire format of ``/work/shared/docs/wire-contracts.md``.

``POST /search`` with header ``x-api-key`` and a JSON body; a 200 reply carries ``success, tx_id,
query, results, results_by_source, total_deduction_dollars, total_characters``, each result
``title, url, content, source, price, length`` (optionally ``id``, ``relevance_score``...). Errors
come back as ``{"success": false, "error": ...}`` with the HTTP status.

    with ValyuServer(key=TEST_VALYU_KEY) as srv:
        srv.results = [result("https://arxiv.org/abs/1706.03762v5", "text")]
        srv.fail_next(429, retry_after="0")     # then a 200 with srv.results
        srv.reply_next(200, {"success": True})  # a body missing required fields
        srv.reply_next(307, b"", {"Location": other.url + "/search"})  # a redirect
        srv.reply_next(200, body, trickle=0.2)  # a byte every 0.2 s, status line included
        srv.reply_next(200, body, cut=True)     # half the body, then the connection closes
        srv.reply_next(200, body, length=False) # no Content-Length: the body ends at close
        srv.drop_next(reset=True)               # read the request, then reset the connection
        ...
        assert srv.searches[0].json["included_sources"] == ["valyu/valyu-arxiv"]

Listens only on 127.0.0.1, stdlib only, in a background thread (``tests/httpfake.py``).
"""

from __future__ import annotations

import json
import socket
import struct
import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.httpfake import FakeHandler, FakeServer, RecordedRequest

TEST_VALYU_KEY = "val-test-0a1b2c3d-SECRET"
REQUIRED_BODY = ("query", "search_type", "max_num_results")


def result(
    url: str,
    content: Any,
    *,
    title: str = "Attention Is All You Need",
    id: str | None = None,
) -> dict[str, Any]:
    """One search result with every field the SDK requires (and ``id`` when given)."""
    item: dict[str, Any] = {
        "title": title,
        "url": url,
        "content": content,
        "source": "valyu/valyu-arxiv",
        "price": 0.0015,
        "length": len(content) if isinstance(content, str) else 0,
        "relevance_score": 0.8,
        "data_type": "unstructured",
        "source_type": "paper",
    }
    if id is not None:
        item["id"] = id
    return item


@dataclass(frozen=True)
class Reply:
    status: int
    body: bytes
    headers: Mapping[str, str] = field(default_factory=dict)
    trickle: float | None = None  # seconds between bytes of the reply (status line first)
    padding: int = 0  # header lines added before the body (a long head to trickle)
    cut: bool = False  # declare the whole body, send half of it, close
    length: bool = True  # send Content-Length (else close the connection after the body)
    drop: bool = False  # no reply: the connection closed once the request is read
    reset: bool = False  # that close a TCP reset (RST), not an orderly one (FIN)
    partial: bytes = b""  # sent before that close: a reply begun, then broken off


class ValyuServer(FakeServer[RecordedRequest]):
    """A Valyu Search server on an ephemeral port. ``key=None`` accepts any ``x-api-key``."""

    def __init__(self, *, key: str | None = TEST_VALYU_KEY) -> None:
        self.key = key
        self.results: list[dict[str, Any]] = []
        self._queued: deque[Reply] = deque()
        # Set when a client leaves while a trickled reply is still being sent.
        self.hung_up = threading.Event()
        # url: the base URL the SDK takes (``/search`` is appended).
        super().__init__(_Handler, name="valyuserver", url_path="/v1")

    @property
    def searches(self) -> list[RecordedRequest]:
        """The requests to ``/v1/search``, oldest first (a copy)."""
        return self.recorded

    def reply_next(
        self,
        status: int,
        body: Any,
        headers: Mapping[str, str] | None = None,
        *,
        trickle: float | None = None,
        cut: bool = False,
        length: bool = True,
        padding: int = 0,
    ) -> None:
        """Answer the next request with this status and body (JSON unless bytes), sent slowly
        (``trickle``), cut short (``cut``), without Content-Length (``length=False``) or after
        ``padding`` extra header lines."""
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        reply = Reply(
            status,
            raw,
            dict(headers or {}),
            trickle=trickle,
            cut=cut,
            length=length,
            padding=padding,
        )
        with self._lock:
            self._queued.append(reply)

    def drop_next(self, *, reset: bool = False, partial: bytes = b"") -> None:
        """Read the next request and close its connection without a word (``reset``: abort it),
        as a server does that drops an idle kept-alive connection as a request comes; or after
        ``partial``, the first bytes of a reply."""
        with self._lock:
            self._queued.append(Reply(0, b"", drop=True, reset=reset, partial=partial))

    def fail_next(self, status: int, *, count: int = 1, retry_after: str | None = None) -> None:
        """The next ``count`` requests get an error reply shaped like the service's."""
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        error = "Too many requests" if status == 429 else f"fake server error {status}"
        for _ in range(count):
            self.reply_next(status, {"success": False, "error": error}, headers)

    def ok_body(self, query: str) -> dict[str, Any]:
        return {
            "success": True,
            "error": None,
            "tx_id": f"tx-{len(self._recorded)}",
            "query": query,
            "results": self.results,
            "results_by_source": {"web": 0, "proprietary": len(self.results)},
            "total_deduction_dollars": 0.0015 * len(self.results),
            "total_characters": sum(r.get("length", 0) for r in self.results),
        }

    def _next(self, seen: RecordedRequest) -> Reply:
        # Recording and taking a queued reply under one lock: replies go out in request order.
        with self._lock:
            self._recorded.append(seen)
            queued = self._queued.popleft() if self._queued else None
        if queued is not None:
            return queued
        if self.key is not None and seen.headers.get("x-api-key") != self.key:
            return Reply(401, json.dumps({"success": False, "error": "Invalid API key"}).encode())
        body = seen.json
        if not isinstance(body, dict) or any(k not in body for k in REQUIRED_BODY):
            error = {"success": False, "error": "query, search_type and max_num_results required"}
            return Reply(400, json.dumps(error).encode())
        return Reply(200, json.dumps(self.ok_body(str(body["query"]))).encode())


class _Handler(FakeHandler):
    owner: ValyuServer

    def do_POST(self) -> None:
        request = self.read_request()
        if self.path.partition("?")[0] != "/v1/search":
            reply = Reply(404, b'{"success": false, "error": "Not found"}')
        else:
            reply = self.owner._next(request)
        if reply.drop:
            self.close_connection = True
            self.wfile.write(reply.partial)
            if reply.reset:
                # A zero linger time makes the last close of the socket (when the handler's
                # files close) send RST; nothing is written, so no FIN comes before it.
                linger = struct.pack("ii", 1, 0)
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
                self.connection.close()
            else:
                self.connection.shutdown(socket.SHUT_RDWR)
            return
        content_type = "application/json" if reply.body[:1] in (b"{", b"[") else "text/html"
        if reply.trickle is None and not reply.cut and reply.length:
            self.send_body(reply.status, reply.body, content_type, reply.headers)
            return
        # The body ends, or is cut short, where the connection does.
        self.close_connection = True
        head = [f"HTTP/1.1 {reply.status} {self.responses[reply.status][0]}"]
        head.append(f"Content-Type: {content_type}")
        if reply.length:
            head.append(f"Content-Length: {len(reply.body)}")
        head += [f"{name}: {value}" for name, value in reply.headers.items()]
        head += [f"X-Padding-{i}: ." for i in range(reply.padding)]
        body = reply.body[: len(reply.body) // 2] if reply.cut else reply.body
        # latin-1, as HTTP heads are read: a test can send any byte in a header.
        raw = "\r\n".join([*head, "", ""]).encode("latin-1") + body
        if reply.trickle is None:
            self.wfile.write(raw)
            return
        try:
            for byte in raw:  # the status line and headers too
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                self.owner.wait(reply.trickle)
        except OSError:
            self.owner.hung_up.set()
            raise
