"""An MCP tool call's work stops when the client cancels the call or goes away, as an HTTP
check or review stops when its client disconnects.

The SDK applies ``notifications/cancelled`` by cancelling the call's task (and, at the end of
input, every call's), but a check or a review runs on a worker thread, which no task
cancellation reaches: the thread would go on judging, paid judges included. The work is
therefore handed a ``threading.Event``, looked at before each paper or pair, and set when the
call's task is cancelled or the client has gone (the stdio wire calls ``stop_all``). The pair being
judged then is finished; nothing after it is begun.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar, cast

import anyio
import anyio.to_thread

from claimaudit.server.disconnect import attempt

T = TypeVar("T")


class ToolWork:
    """Runs tools' work on worker threads, each with a cancel event of its own."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: set[threading.Event] = set()
        self._client_gone = False

    def stop_all(self) -> None:
        """The client has gone: stop the work in flight, and any begun from now on."""
        with self._lock:
            self._client_gone = True
            for cancel in self._running:
                cancel.set()

    async def run(self, work: Callable[[threading.Event], T]) -> T:
        """``work(cancel)`` on a worker thread; ``cancel`` is set when this task is cancelled
        or the client goes, and the task waits for the work to stop."""
        cancel = threading.Event()
        with self._lock:
            self._running.add(cancel)
            if self._client_gone:
                cancel.set()
        try:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(_set_when_cancelled, cancel)
                value, error = await anyio.to_thread.run_sync(attempt, work, cancel)
                tasks.cancel_scope.cancel()
        finally:
            with self._lock:
                self._running.discard(cancel)
        # Raised out here: inside the task group it would come out in an ExceptionGroup, which
        # the SDK would report as an internal error rather than the tool's own.
        if error is not None:
            raise error
        return cast(T, value)


async def _set_when_cancelled(cancel: threading.Event) -> None:
    try:
        await anyio.sleep_forever()
    finally:
        # Also when the work is done and this task is cancelled: nothing is left to stop.
        cancel.set()
