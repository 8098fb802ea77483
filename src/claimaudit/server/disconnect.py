"""Work for a client that has gone away, or on a server shutting down, is stopped: its pending
papers and pairs are not judged.

A check or a review runs on a worker thread and cannot be interrupted mid-judgement; instead it
is handed a ``threading.Event`` that it looks at before each paper or pair, and the event is set
when the client disconnects or the server is told to stop (SIGTERM, Ctrl-C: ``shutdown``). The
body has been read by then, so the only ASGI message left to receive is ``http.disconnect``:
``Request.is_disconnected`` polls for it without waiting.

Work stopped for a client that went away is logged (uvicorn writes no access line for a request
it sent no answer to); work stopped by the shutdown answers 503 ``shutting_down``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

import anyio
import anyio.to_thread
from starlette.requests import Request

from claimaudit.backends.stopping import stopping_on
from claimaudit.errors import CancelledWorkError, ClaimauditError

T = TypeVar("T")
POLL_S = 0.1  # against a judgement of a second or more, a tenth of a second is no delay
# uvicorn's error log: the handler ``serve`` configures, behind the redacting filter.
_log = logging.getLogger("uvicorn.error")


class ShuttingDownError(ClaimauditError):
    """The server was told to stop (SIGTERM, Ctrl-C) while this request's work ran."""

    http_status = 503
    code = "shutting_down"


def shutdown_event(app: Any) -> threading.Event:
    """The app's event that ``shutdown`` sets when the server is told to stop."""
    event = getattr(app.state, "shutdown", None)
    if not isinstance(event, threading.Event):
        event = threading.Event()
        app.state.shutdown = event
    return event


async def set_when_disconnected(
    request: Request, event: threading.Event, shutdown: threading.Event | None = None
) -> None:
    while not await request.is_disconnected():
        if shutdown is not None and shutdown.is_set():
            break
        await anyio.sleep(POLL_S)
    event.set()


async def run_until_disconnected(
    request: Request,
    work: Callable[[threading.Event], T],
    limiter: anyio.CapacityLimiter,
) -> T:
    """``work(cancel)`` on a worker thread under ``limiter``, ``cancel`` set if the client
    disconnects or the server shuts down meanwhile (while the work queues, too: it then starts
    and stops at once)."""
    cancel = threading.Event()
    shutdown = shutdown_event(request.app)
    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(set_when_disconnected, request, cancel, shutdown)
            value, error = await anyio.to_thread.run_sync(attempt, work, cancel, limiter=limiter)
            tasks.cancel_scope.cancel()
    except anyio.get_cancelled_exc_class():
        if not shutdown.is_set():
            raise
        # uvicorn cancels the request's task itself when a shutdown is forced (Ctrl-C twice)
        # or its grace runs out. Let through, that cancellation is a 500 and a traceback in
        # the log; the work is told to stop instead, and the client told why.
        cancel.set()
        raise ShuttingDownError(
            "the server is shutting down; the work in flight was stopped"
        ) from None
    # Raised out here: inside the task group it would come out wrapped in an ExceptionGroup,
    # which the app's error handlers do not know.
    if isinstance(error, CancelledWorkError):
        if shutdown.is_set():
            raise ShuttingDownError(f"the server is shutting down; {error}") from error
        # Nobody reads the answer, and uvicorn logs no line for it: say here what was stopped.
        _log.info("%s %s: client went away; %s", request.method, request.url.path, error)
    if error is not None:
        raise error
    return cast(T, value)


def attempt(
    work: Callable[[threading.Event], T], cancel: threading.Event
) -> tuple[T | None, Exception | None]:
    try:
        # The event also reaches steps that are not handed it (a PDF read in a child process).
        with stopping_on(cancel):
            return work(cancel), None
    except Exception as error:
        return None, error
