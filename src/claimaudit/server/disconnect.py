"""Work for a client that has gone away is stopped: its pending papers and pairs are not judged.

A check or a review runs on a worker thread and cannot be interrupted mid-judgement; instead it
is handed a ``threading.Event`` that it looks at before each paper or pair, and the event is set
when the client disconnects. The body has been read by then, so the only ASGI message left to
receive is ``http.disconnect``: ``Request.is_disconnected`` polls for it without waiting.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar, cast

import anyio
import anyio.to_thread
from starlette.requests import Request

from claimaudit.stopping import stopping_on

T = TypeVar("T")
POLL_S = 0.1  # against a judgement of a second or more, a tenth of a second is no delay


async def set_when_disconnected(request: Request, event: threading.Event) -> None:
    while not await request.is_disconnected():
        await anyio.sleep(POLL_S)
    event.set()


async def run_until_disconnected(
    request: Request,
    work: Callable[[threading.Event], T],
    limiter: anyio.CapacityLimiter,
) -> T:
    """``work(cancel)`` on a worker thread under ``limiter``, ``cancel`` set if the client
    disconnects meanwhile (while the work queues, too: it then starts and stops at once)."""
    cancel = threading.Event()
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(set_when_disconnected, request, cancel)
        value, error = await anyio.to_thread.run_sync(attempt, work, cancel, limiter=limiter)
        tasks.cancel_scope.cancel()
    # Raised out here: inside the task group it would come out wrapped in an ExceptionGroup,
    # which the app's error handlers do not know.
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
