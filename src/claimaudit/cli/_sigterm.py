"""SIGTERM (``kill``, a job scheduler stopping a run) ends a command as Ctrl-C does, instead of
where it stands: every ``finally`` runs (a temporary file, a lock, a temporary library removed)
and the exit status is a terminated process's, 128 + 15."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import NoReturn

EXIT_TERMINATED = 128 + signal.SIGTERM


def _exit(signum: int, frame: FrameType | None) -> NoReturn:
    raise SystemExit(EXIT_TERMINATED)


@contextmanager
def sigterm_exits() -> Iterator[None]:
    """While the block runs, SIGTERM raises ``SystemExit(143)`` in the main thread (the only
    one Python lets handle a signal); the handler before is put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _exit)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
