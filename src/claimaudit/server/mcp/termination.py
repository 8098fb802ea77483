"""SIGTERM (a client or a scheduler stopping the session) ends ``claimaudit mcp`` as Ctrl-C does.

``asyncio.run`` turns SIGINT into a cancellation of its main task, so Ctrl-C unwinds the session
(calls in progress stopped, stdin and stdout put back) and only then raises KeyboardInterrupt.
A Python-level SIGTERM handler that raised instead would land wherever the main thread happened
to be, inside the event loop's own machinery included, which then logs a traceback on stderr.
Here SIGTERM is read by the loop, which cancels the session's task the same way; the caller
learns from ``requested`` that the session ended so and gives the terminated exit status.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class Termination:
    """Whether SIGTERM asked the session to end."""

    def __init__(self) -> None:
        self.requested = False


@asynccontextmanager
async def cancelled_by_sigterm() -> AsyncIterator[Termination]:
    """While the block runs, SIGTERM cancels the task running it; that cancellation ends the
    block quietly, with ``requested`` set. Outside the main thread (where no signal handler can
    be set) the block runs as it is. The SIGTERM handler before is put back after."""
    termination = Termination()
    task = asyncio.current_task()
    if task is None or threading.current_thread() is not threading.main_thread():
        yield termination
        return
    loop = asyncio.get_running_loop()
    before = signal.getsignal(signal.SIGTERM)

    def cancel() -> None:
        if not termination.requested:  # a second SIGTERM changes nothing
            termination.requested = True
            task.cancel()

    loop.add_signal_handler(signal.SIGTERM, cancel)
    try:
        yield termination
    except asyncio.CancelledError:
        if not termination.requested:
            raise  # Ctrl-C's, or the loop's own: not ours to swallow
        task.uncancel()
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        signal.signal(signal.SIGTERM, before)
