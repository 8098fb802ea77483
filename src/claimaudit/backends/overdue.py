"""A call run under a deadline, remembered as overdue until it returns.

Python cannot kill a thread: a call given up at its deadline (``claimaudit.judges.deadline.within``
runs it in a daemon thread) may go on running. Starting another call into the same plugin or
backend beside it could break one that takes a call at a time, and a server asked again would
start a thread at every request; so each caller keeps the calls that missed their deadline here,
by key, and refuses while one is. Both the plugin-load deadline (``plugin_wait``) and the deadline
on each call into a backend (``watchdog``) use it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from claimaudit.backends.late_output import give_up
from claimaudit.judges.deadline import Deadline, DeadlineExceeded, within

R = TypeVar("R")


class Missed(Exception):
    """The call did not return within its deadline; it may still be running."""


class _State:
    def __init__(self) -> None:
        self.returned = False
        self.overdue = False
        self.error: BaseException | None = None
        self.thread: threading.Thread | None = None


class Overdue:
    """Calls that missed their deadline and have not returned yet, by key (a backend's kind
    and name, or one key a call): a caller refuses at once while its key is here."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._keys: set[object] = set()

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._keys

    def __len__(self) -> int:
        with self._lock:
            return len(self._keys)

    def call(
        self,
        key: object,
        attempt: Callable[[], R],
        seconds: float,
        *,
        name: str,
        discard: Callable[[R], object] | None = None,
    ) -> R:
        """``attempt()``'s result or exception, or ``Missed`` when it did not return within
        ``seconds`` (``key`` is then overdue until it returns); ``discard`` gets a result that
        came too late to be used. ``name`` names the thread."""
        state = _State()

        def run() -> R:
            with self._lock:
                state.thread = threading.current_thread()
                late = state.overdue  # given up on before it even started
            if late:
                give_up(state.thread)
            try:
                return attempt()
            except BaseException as error:
                state.error = error
                raise
            finally:
                with self._lock:
                    state.returned = True
                    if state.overdue:
                        self._keys.discard(key)

        try:
            return within(Deadline(seconds), run, discard, name=name)
        except DeadlineExceeded as error:
            if error is state.error:
                raise  # the call's own, raised in time: not this deadline
            with self._lock:
                if not state.returned:
                    state.overdue = True
                    self._keys.add(key)
                thread = state.thread if state.overdue else None
            if thread is not None:
                give_up(thread)  # what it prints from now on must not reach stdout
            raise Missed from None
