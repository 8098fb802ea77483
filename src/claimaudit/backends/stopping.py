"""The stop signal of the work running now: set when its HTTP client disconnects or its MCP call
is cancelled, so that a step deep inside it (reading a PDF in a child process) can stop at once,
without the signal handed down through every call between."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_current: ContextVar[threading.Event | None] = ContextVar("claimaudit_stop", default=None)


@contextmanager
def stopping_on(event: threading.Event) -> Iterator[None]:
    """Within this block, ``stop_requested()`` is whether ``event`` is set."""
    token = _current.set(event)
    try:
        yield
    finally:
        _current.reset(token)


def stop_requested() -> bool:
    event = _current.get()
    return event is not None and event.is_set()
