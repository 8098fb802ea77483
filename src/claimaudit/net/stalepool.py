"""A request on a kept-alive connection the server dropped before any reply is sent again, on
a fresh connection, even with ``retries=0``.

A client keeps its connections open between requests; a server closes an idle one when it
likes (its keep-alive timeout). A request sent on such a connection as it closes gets no reply
at all: "Server disconnected without sending a response", "Connection reset by peer" (the
server, or a load balancer or NAT between, aborted it: a TCP reset), or a failed write. That is
the client's stale pool, not the server failing, and a fresh connection answers it; with
``retries=0`` the judge or source said "unreachable" of a server that was up.

Sent again only when that is safe: the connection was one kept from an earlier request (a new
one that fails so is the server's doing), no byte of a reply came, and either the request did
not reach the server (its sending failed) or sending it twice changes nothing there (an
idempotent method, or a client that declares its POSTs questions: a judge's chat completion).
A request whose body cannot be sent twice (a stream) is not. Told from httpcore's trace events
(``request.extensions["trace"]``): a new connection is a ``connection.connect_tcp`` event, and
a failure is said as the step that failed ("no byte of a reply" is read as a failure while
waiting for the status line and headers: httpcore does not say whether part of them came).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import httpx

# Methods RFC 9110 calls idempotent: sent twice, the server is as after once.
_IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"})
# How often a request is sent again for a stale connection: each dropped connection leaves
# the pool, but several kept ones may have gone stale together; a new one ends the tries.
_MOST_TRIES = 3
# h11's words for a connection closed before the first byte of a reply.
_NO_REPLY = "without sending a response"
# The system's errors for a connection aborted under a read: a reset, not a slow server.
_ABORTED = (ConnectionResetError, ConnectionAbortedError, BrokenPipeError)

Trace = Callable[[str, dict[str, Any]], None]
R = TypeVar("R")


class _Watch:
    """What httpcore did for one attempt: whether it made a connection, and which step failed."""

    def __init__(self, passed_on: Trace | None) -> None:
        self._passed_on = passed_on
        self.connected = False
        self.failed_step = ""

    def __call__(self, name: str, info: dict[str, Any]) -> None:
        if name.startswith("connection.connect_tcp"):
            self.connected = True
        if name.endswith(".failed"):
            self.failed_step = name
        if self._passed_on is not None:
            self._passed_on(name, info)

    def stale(self, error: Exception, replayable: bool) -> bool:
        """Whether ``error`` is a kept connection dropped before any reply, safe to send again."""
        if self.connected:
            return False  # a new connection: the server itself closed it
        if any(kind.__name__ == "TimeoutException" for kind in type(error).__mro__):
            return False  # slow, not stale (httpx's and httpx2's alike): the caller's deadline
        if ".send_request_" in self.failed_step:
            return True  # not (all) sent: the server never acted on it
        return (
            replayable
            and self.failed_step.endswith("receive_response_headers.failed")
            and (_NO_REPLY in str(error) or _aborted(error))
        )


def _aborted(error: BaseException) -> bool:
    """Whether ``error`` was raised for a connection reset or aborted under it: httpx's and
    httpcore's errors chain the system's one (``raise ... from``)."""
    seen: BaseException | None = error
    for _ in range(8):  # a chain is a few links long; a loop in one must not hang
        if seen is None:
            return False
        if isinstance(seen, _ABORTED):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class StalePoolClient(httpx.Client):
    """An ``httpx.Client`` whose requests dropped with a stale kept-alive connection are sent
    again (``resend_if_stale``). ``questions``: its POSTs change nothing on the server (a
    judge's question), so they may be sent again as a GET is."""

    def __init__(self, *args: Any, questions: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._questions = questions

    def send(self, request: httpx.Request, **kwargs: Any) -> httpx.Response:
        send = super().send
        return resend_if_stale(
            lambda: send(request, **kwargs),
            request,
            failure=httpx.TransportError,
            whole_body=isinstance(request.stream, httpx.ByteStream),
            questions=self._questions,
        )


def resend_if_stale(
    send: Callable[[], R],
    request: Any,
    *,
    failure: type[Exception],
    whole_body: bool,
    questions: bool = False,
) -> R:
    """``send()`` of ``request`` (an httpx or httpx2 request: ``method``, ``extensions``), sent
    again up to ``_MOST_TRIES`` times while it fails (``failure``: the library's transport
    error) with a stale kept-alive connection, where that is safe (see the module).
    ``whole_body``: its body is held whole, so it can be sent again (a stream cannot)."""
    passed_on = request.extensions.get("trace")
    replayable = request.method in _IDEMPOTENT or (questions and request.method == "POST")
    for tries_left in range(_MOST_TRIES, -1, -1):
        watch = _Watch(passed_on)
        request.extensions["trace"] = watch
        try:
            return send()
        except failure as error:
            if not (tries_left and whole_body and watch.stale(error, replayable)):
                raise
        finally:
            _restore(request, passed_on)
    raise AssertionError("unreachable: the last try returns or raises")


def _restore(request: Any, passed_on: Trace | None) -> None:
    if passed_on is None:
        request.extensions.pop("trace", None)
    else:
        request.extensions["trace"] = passed_on
