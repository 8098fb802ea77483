"""Ctrl-C and SIGTERM held back over a few steps that must not be parted: a paper's commit
and the note that it is stored, a new library's draft put in place."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

# SIGTERM too: a command may turn it into Ctrl-C (cli._sigterm).
_HELD_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back while the block runs, then acted on as they would have
    been; only the main thread handles signals, so elsewhere the block simply runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        arrived.append(signum)

    # A handler set outside Python (None) cannot be put back, so that signal is not held.
    before = {int(s): h for s in _HELD_SIGNALS if (h := signal.getsignal(s)) is not None}
    for held in before:
        signal.signal(held, hold)
    try:
        yield
    finally:
        for held, handler in before.items():
            signal.signal(held, handler)
        for signum in arrived:
            handler = before[signum]
            if callable(handler):
                handler(signum, None)  # Ctrl-C's KeyboardInterrupt, say, raised here
            elif handler == signal.SIG_DFL:
                signal.raise_signal(signum)
