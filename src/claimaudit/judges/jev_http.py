"""The HTTP client Jev's requests go through: a deadline per attempt and a cap on the reply.

typesafe-sdk takes an ``httpx2.Client`` (``TypeSafeClient(http_client=...)``) and sends every
attempt through its public ``send``; this subclass wraps that ``send`` with
``claimaudit.judges.deadline``, so ``timeout`` holds from connecting to the reply's last byte
(httpx2's own timeouts are per read) and a reply over ``max_reply_bytes`` is refused, counted
both as sent and as decoded: 200 KB of gzip can expand to 200 MB, so a cap on the wire alone would
let a small reply fill memory. (The SDK never streams; a streamed reply, read by the caller, has
the cap on the wire only.) A missed deadline is raised as httpx2's ``TimeoutException``, which
the SDK reports (and retries) as its own timeout; a reply too large is ``ReplyTooLargeError``,
which the SDK passes on untouched.
``sent_by_this_thread`` counts the attempts each thread sends: the SDK retries in the caller's
thread and its errors do not say how many attempts came before, so the count's growth across one
call is that call's attempts, retries included.
Everything else (proxies from the environment, no redirects followed) is httpx2's default.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import httpx2

from claimaudit.judges.deadline import (
    MAX_REPLY_BYTES,
    Deadline,
    DeadlineExceeded,
    ReplyTooLargeError,
    guard,
    within,
)
from claimaudit.net.proxies import ReplyCutShort
from claimaudit.net.stalepool import count_replies, resend_if_stale


class _GuardedStream(httpx2.SyncByteStream):
    """A reply body that stops at the deadline or past the size cap."""

    def __init__(self, inner: httpx2.SyncByteStream, deadline: Deadline, limit: int) -> None:
        self._inner = inner
        self._deadline = deadline
        self._limit = limit

    def __iter__(self) -> Iterator[bytes]:
        try:
            yield from guard(self._inner, self._deadline, self._limit)
        except DeadlineExceeded:
            raise httpx2.ReadTimeout(_late(self._deadline)) from None
        except httpx2.TimeoutException:
            raise
        except httpx2.TransportError as error:
            raise _CutShort(str(error)) from error

    def close(self) -> None:
        self._inner.close()


class _CutShort(ReplyCutShort, httpx2.RemoteProtocolError):
    """The reply broke off once part of it came: its head (``net.stalepool``) or its body
    (``net.proxies``)."""


class DeadlineClient(httpx2.Client):
    """An ``httpx2.Client`` whose every attempt ends within ``timeout`` seconds, reply read."""

    def __init__(
        self, *, timeout: float, max_reply_bytes: int = MAX_REPLY_BYTES, **options: Any
    ) -> None:
        super().__init__(timeout=timeout, **options)  # the per-operation timeouts too
        self.total_timeout = timeout
        self.max_reply_bytes = max_reply_bytes
        self._sent = threading.local()
        count_replies(self)  # a stale connection is told by whether a byte of reply came

    def sent_by_this_thread(self) -> int:
        """How many attempts the calling thread has sent through this client so far."""
        count: int = getattr(self._sent, "count", 0)
        return count

    def send(
        self,
        request: httpx2.Request,
        *,
        stream: bool = False,
        # Passed through as given; typed loosely to keep httpx2's private alias types out.
        auth: Any = httpx2.USE_CLIENT_DEFAULT,
        follow_redirects: Any = httpx2.USE_CLIENT_DEFAULT,
    ) -> httpx2.Response:
        deadline = Deadline(self.total_timeout)
        send = super().send
        self._sent.count = self.sent_by_this_thread() + 1

        def attempt() -> httpx2.Response:
            # A kept-alive connection Jev dropped as the request came is sent again (the
            # SDK's retries=0 gave up on it): a question, so safe to ask twice.
            response = resend_if_stale(
                lambda: send(request, stream=True, auth=auth, follow_redirects=follow_redirects),
                request,
                failure=httpx2.TransportError,
                whole_body=isinstance(request.stream, httpx2.ByteStream),
                questions=True,
                broken_off=_CutShort,  # begun, then broken off in its head: not "unreachable"
            )
            assert isinstance(response.stream, httpx2.SyncByteStream)  # a sync client's reply
            response.stream = _GuardedStream(response.stream, deadline, self.max_reply_bytes)
            if not stream:
                try:
                    _read_decoded(response, self.max_reply_bytes)
                except BaseException:
                    response.close()
                    raise
            return response

        try:
            return within(deadline, attempt, discard=httpx2.Response.close)
        except DeadlineExceeded:
            pass
        # Raised outside the handler, as the SDK raises its own errors: nothing chained.
        raise httpx2.TimeoutException(_late(deadline), request=request)


def _read_decoded(response: httpx2.Response, limit: int) -> None:
    """``response.read()``, refusing the reply once more than ``limit`` bytes are decoded."""
    decoded = bytearray()
    for chunk in response.iter_bytes():  # httpx2 decompresses in bounded pieces
        decoded += chunk
        if len(decoded) > limit:
            raise ReplyTooLargeError(limit)
    # What ``read()`` stores; set here since the body was read through the cap instead.
    response._content = bytes(decoded)


def _late(deadline: Deadline) -> str:
    return f"no complete reply within {deadline.seconds:g}s"
