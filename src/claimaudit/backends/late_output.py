"""What a call given up at its deadline prints later goes to stderr, never to stdout.

A plugin's ``register()``, a factory or a backend's call given up at its deadline goes on
running on its daemon thread (``overdue``): Python cannot stop it. What it prints while it is
waited for already goes to stderr (``sys.stdout`` is swapped for the while), but the swap ends
when the caller stops waiting, and a print() after that reached the real stdout, in the middle
of ``check --format json``'s output. sys.stdout is one for the process, so a thread's own
output cannot be redirected by itself: once a call is given up, ``sys.stdout`` becomes a
router that sends the writes of threads given up on to stderr and every other thread's to the
stream it wraps.
"""

from __future__ import annotations

import sys
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from typing import Any, TextIO

_lock = threading.Lock()
# Threads running a call that was given up on; one that ends drops out by itself.
_given_up: weakref.WeakSet[threading.Thread] = weakref.WeakSet()


class _Router:
    """``stream`` for every thread but those given up on, whose writes go to stderr."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def _target(self) -> TextIO:
        return sys.stderr if threading.current_thread() in _given_up else self._stream

    def write(self, text: str) -> int:
        return self._target().write(text)

    def writelines(self, lines: Any) -> None:
        self._target().writelines(lines)

    def flush(self) -> None:
        self._target().flush()

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, buffer: the stream's own
        return getattr(self._stream, name)


def give_up(thread: threading.Thread) -> None:
    """What ``thread`` prints from now on goes to stderr."""
    with _lock:
        _given_up.add(thread)
    reroute()


def reroute() -> None:
    """Put the router in front of ``sys.stdout`` while a thread given up on may still print.
    Not while stdout is swapped for stderr (a plugin loading, a paper being checked): the swap
    restores its own stream, then calls this."""
    with _lock:
        # A thread that ended prints nothing more; it may linger in the set until collected.
        running = any(thread.is_alive() for thread in list(_given_up))
        if not running or sys.stdout is sys.stderr or isinstance(sys.stdout, _Router):
            return
        sys.stdout = _Router(sys.stdout)


@contextmanager
def prints_to_stderr_here() -> Iterator[None]:
    """``print()`` goes to stderr while inside (for a call on this thread or one waited for);
    after, only a thread given up on meanwhile still prints there."""
    try:
        with redirect_stdout(sys.stderr):
            yield
    finally:
        reroute()
