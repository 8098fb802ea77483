"""A pass-through proxy in front of the real llama.cpp server, for the tests that need to see
the wire or to make the server behave like another one.

Every request is forwarded as it came, except that a chat completion request first goes through
``change`` (when given): ``without_logprobs`` makes the real server answer as servers that
ignore ``logprobs`` do (the answer text only), ``banning(tokens)`` forbids the label tokens so
the real model answers outside the options. Each exchange is recorded with the server's real
answer, so a test can compare what the judge reported with what the server sent.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from tests.httpfake import FakeHandler, FakeServer

Change = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Exchange:
    path: str
    request: Any  # the JSON body as forwarded (after ``change``)
    status: int
    response: Any  # the server's JSON answer, or None


class ChatProxy(FakeServer[Exchange]):
    def __init__(self, upstream_root: str, change: Change | None = None) -> None:
        self.upstream_root = upstream_root.rstrip("/")
        self.change = change
        self.http = httpx.Client(timeout=600.0)  # a slow shared machine: the server decides
        super().__init__(_Handler, name="chatproxy", url_path="/v1")

    @property
    def completions(self) -> list[Exchange]:
        return [e for e in self.recorded if e.path.endswith("/chat/completions")]

    def close(self) -> None:
        super().close()
        self.http.close()


class _Handler(FakeHandler):
    owner: ChatProxy
    disable_nagle_algorithm = True

    def do_GET(self) -> None:
        self._forward(None)

    def do_POST(self) -> None:
        self._forward(self.read_request().json)

    def _forward(self, body: Any) -> None:
        owner = self.owner
        if body is not None and self.path.endswith("/chat/completions") and owner.change:
            body = owner.change(dict(body))
        try:
            reply = owner.http.request(self.command, f"{owner.upstream_root}{self.path}", json=body)
        except httpx.TransportError:
            self.close_connection = True  # as the server itself would: no answer at all
            return
        try:
            answer = reply.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            answer = None
        owner.record(Exchange(self.path, body, reply.status_code, answer))
        kind = reply.headers.get("content-type", "application/json")
        self.send_body(reply.status_code, reply.content, kind)


def without_logprobs(body: dict[str, Any]) -> dict[str, Any]:
    body.pop("logprobs", None)
    body.pop("top_logprobs", None)
    return body


def banning(tokens: list[int]) -> Change:
    """Forbid ``tokens`` (by id) in the answer, through the server's own ``logit_bias``."""

    def change(body: dict[str, Any]) -> dict[str, Any]:
        body["logit_bias"] = {str(token): -100.0 for token in tokens}
        return body

    return change
