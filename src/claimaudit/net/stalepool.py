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
a failure is said as the step that failed. Whether a byte of the reply came is counted by
the client's connections (``count_replies``): httpcore says "without sending a response" of a
reply whose headers were cut, and a reset there is the same error whatever came before it.
A request that fails once part of its reply came is the server's reply broken off: a client
that names such failures (``broken_off``) gets its ``ReplyCutShort`` error, not "unreachable",
which a stopped server's stale connection (no byte, then refused afresh) still reads as.
"""

from __future__ import annotations

import threading
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
# The watch of the attempt this thread is sending: a sync client reads its reply on the thread
# that sends the request, so the connection's stream finds it here.
_sending = threading.local()


class _Watch:
    """What httpcore did for one attempt: whether it made a connection, and which step failed."""

    def __init__(self, passed_on: Trace | None) -> None:
        self._passed_on = passed_on
        self.connected = False
        self.failed_step = ""
        self.received = 0  # bytes of the reply read (on a client whose replies are counted)

    def __call__(self, name: str, info: dict[str, Any]) -> None:
        if name.startswith("connection.connect_tcp"):
            self.connected = True
        if name.endswith("send_request_headers.started"):
            # Only what comes after the request is its reply: a proxy's answer to the tunnel's
            # CONNECT, sent on the same connection first, is not.
            self.received = 0
        if name.endswith(".failed"):
            self.failed_step = name
        if self._passed_on is not None:
            self._passed_on(name, info)

    def stale(self, error: Exception, replayable: bool) -> bool:
        """Whether ``error`` is a kept connection dropped before any reply, safe to send again."""
        if self.connected:
            return False  # a new connection: the server itself closed it
        if self.received:
            return False  # the reply began: the server read the request and answered it
        if _timed_out(error):
            return False  # slow, not stale: the caller's deadline
        if ".send_request_" in self.failed_step:
            return True  # not (all) sent: the server never acted on it
        return (
            replayable
            and self.failed_step.endswith("receive_response_headers.failed")
            and (_NO_REPLY in str(error) or _aborted(error))
        )

    def broke_off(self, error: Exception) -> bool:
        """Whether ``error`` ended a reply that had begun (not a slow one: that timed out)."""
        return self.received > 0 and not _timed_out(error)


def _timed_out(error: Exception) -> bool:
    """Whether ``error`` is a timeout, httpx's and httpx2's alike."""
    return any(kind.__name__ == "TimeoutException" for kind in type(error).__mro__)


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
    judge's question), so they may be sent again as a GET is. ``broken_off``: the error a
    request that failed once part of its reply came is raised as (see ``resend_if_stale``)."""

    def __init__(
        self,
        *args: Any,
        questions: bool = False,
        broken_off: Callable[[str], Exception] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._questions = questions
        self._broken_off = broken_off
        count_replies(self)

    def send(self, request: httpx.Request, **kwargs: Any) -> httpx.Response:
        send = super().send
        return resend_if_stale(
            lambda: send(request, **kwargs),
            request,
            failure=httpx.TransportError,
            whole_body=isinstance(request.stream, httpx.ByteStream),
            questions=self._questions,
            broken_off=self._broken_off,
        )


def resend_if_stale(
    send: Callable[[], R],
    request: Any,
    *,
    failure: type[Exception],
    whole_body: bool,
    questions: bool = False,
    broken_off: Callable[[str], Exception] | None = None,
) -> R:
    """``send()`` of ``request`` (an httpx or httpx2 request: ``method``, ``extensions``), sent
    again up to ``_MOST_TRIES`` times while it fails (``failure``: the library's transport
    error) with a stale kept-alive connection, where that is safe (see the module).
    ``whole_body``: its body is held whole, so it can be sent again (a stream cannot).
    ``broken_off``: made from the message of a failure that came once part of the reply had
    (a ``ReplyCutShort`` of the library's class) and raised in its place; None, raised as is.
    Neither httpx says so: a status line cut short and a connection refused are alike
    transport errors, and only the connection's count tells them apart."""
    passed_on = request.extensions.get("trace")
    replayable = request.method in _IDEMPOTENT or (questions and request.method == "POST")
    for tries_left in range(_MOST_TRIES, -1, -1):
        watch = _Watch(passed_on)
        request.extensions["trace"] = watch
        outer = getattr(_sending, "watch", None)
        _sending.watch = watch
        try:
            return send()
        except failure as error:
            if broken_off is not None and watch.broke_off(error):
                raise broken_off(str(error)) from error
            if not (tries_left and whole_body and watch.stale(error, replayable)):
                raise
        finally:
            _sending.watch = outer
            _restore(request, passed_on)
    raise AssertionError("unreachable: the last try returns or raises")


def count_replies(client: Any) -> None:
    """Have ``client``'s connections (an httpx or httpx2 client's, through its transports'
    httpcore pools) count the bytes of reply each attempt reads. Neither library says whether
    part of a reply came before its connection failed; a pool made by another transport (a
    test's mock) is left as it is, and its requests are told by their failed step alone."""
    transports = [getattr(client, "_transport", None), *getattr(client, "_mounts", {}).values()]
    for transport in transports:
        pool = getattr(transport, "_pool", None)
        backend = getattr(pool, "_network_backend", None)
        if pool is not None and backend is not None and not isinstance(backend, _CountingBackend):
            pool._network_backend = _CountingBackend(backend)


class _CountingBackend:
    """An httpcore network backend whose streams count what they read (``_CountingStream``)."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def connect_tcp(self, *args: Any, **kwargs: Any) -> _CountingStream:
        return _CountingStream(self._inner.connect_tcp(*args, **kwargs))

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> _CountingStream:
        return _CountingStream(self._inner.connect_unix_socket(*args, **kwargs))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class _CountingStream:
    """A connection's stream that adds each read's bytes to the sending thread's attempt."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        data: bytes = self._inner.read(max_bytes, timeout)
        watch = getattr(_sending, "watch", None)
        if watch is not None:
            watch.received += len(data)
        return data

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, timeout)

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, *args: Any, **kwargs: Any) -> _CountingStream:
        # The handshake is read by the inner stream; what is read over TLS is counted.
        return _CountingStream(self._inner.start_tls(*args, **kwargs))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


def _restore(request: Any, passed_on: Trace | None) -> None:
    if passed_on is None:
        request.extensions.pop("trace", None)
    else:
        request.extensions["trace"] = passed_on
