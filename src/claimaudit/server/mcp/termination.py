"""SIGTERM (a client or a scheduler stopping the session) ends ``claimaudit mcp`` as Ctrl-C does.

``asyncio.run`` turns SIGINT into a cancellation of its main task, so Ctrl-C unwinds the session
(calls in progress stopped, stdin and stdout put back) and only then raises KeyboardInterrupt.
A Python-level SIGTERM handler that raised instead would land wherever the main thread happened
to be, inside the event loop's own machinery included, which then logs a traceback on stderr.
So no handler here raises: SIGTERM's only notes that it came and, while the session runs, asks
the loop to cancel the session's task the same way (as ``asyncio.run``'s own SIGINT handler
does); the caller learns from ``requested`` that the session ended so and gives the terminated
exit status.

The handler is a Python one from before the server's modules load to after the library is
closed (``sigterm_noted``), and is swapped for the cancelling one and back in one step each:
``loop.add_signal_handler`` was used before, and its removal left the default action (killed,
status -15) until the handler before was put back, as it was before the loop ran and after.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from types import FrameType


class Termination:
    """Whether SIGTERM asked the session to end."""

    def __init__(self) -> None:
        self.requested = False


@contextmanager
def sigterm_noted(noted_before: Callable[[], bool] | None = None) -> Iterator[Termination]:
    """While the block runs, SIGTERM sets ``requested`` and does nothing else. Outside the
    main thread (where no signal handler can be set) the block runs as it is. The SIGTERM
    handler before is put back after. ``noted_before``: asked once this handler is in place,
    whether the one before noted a SIGTERM (the CLI's, while the command line was read)."""
    termination = Termination()
    if threading.current_thread() is not threading.main_thread():
        yield termination
        return

    def note(signum: int, frame: FrameType | None) -> None:
        termination.requested = True

    before = signal.signal(signal.SIGTERM, note)
    if noted_before is not None and noted_before():
        termination.requested = True
    try:
        yield termination
    finally:
        signal.signal(signal.SIGTERM, before)


@asynccontextmanager
async def cancelled_by_sigterm(noted: Termination | None = None) -> AsyncIterator[Termination]:
    """While the block runs, SIGTERM cancels the task running it; that cancellation ends the
    block quietly, with ``requested`` set. ``noted``: the one ``sigterm_noted`` gives, where a
    SIGTERM before the block was noted; the block is then cancelled at its first step. Outside
    the main thread the block runs as it is. The SIGTERM handler before is put back after."""
    termination = noted if noted is not None else Termination()
    task = asyncio.current_task()
    if task is None or threading.current_thread() is not threading.main_thread():
        yield termination
        return
    loop = asyncio.get_running_loop()
    running = True

    def cancel() -> None:
        # Run by the loop, so never while the task itself runs: the block has either not
        # ended (the cancellation lands in it) or ended (nothing is left to cancel).
        if running:
            task.cancel()

    def on_sigterm(signum: int, frame: FrameType | None) -> None:
        if not termination.requested:  # a second SIGTERM changes nothing
            termination.requested = True
            loop.call_soon_threadsafe(cancel)

    before = signal.signal(signal.SIGTERM, on_sigterm)
    if termination.requested:
        task.cancel()  # noted before the handler above: the session ends at its first step
    try:
        yield termination
    except asyncio.CancelledError:
        if not termination.requested:
            raise  # Ctrl-C's, or the loop's own: not ours to swallow
        task.uncancel()
    finally:
        running = False
        signal.signal(signal.SIGTERM, before)
