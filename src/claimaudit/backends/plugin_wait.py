"""A deadline on loading another package's plugin and on building its judge or source.

A plugin's ``register()`` (or its module's import) and its factories run claimaudit's own
process: one that waits on a lock never released, or on a server that never answers, hung
``check``, ``serve`` and ``mcp`` forever, without a word. Each such call runs in a daemon thread
(``claimaudit.judges.deadline.within``) and the caller stops waiting after
``CLAIMAUDIT_PLUGIN_TIMEOUT`` seconds (default ``DEFAULT_PLUGIN_TIMEOUT``). Python cannot kill a
thread: the call may go on running in the background, which the interpreter does not wait for
on exit, and what it does after the deadline is not used. ``--timeout`` is the deadline of each
call into a backend already built (``claimaudit.backends.watchdog``); this one comes before.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable
from typing import TypeVar

from claimaudit.errors import InvalidSettingsError
from claimaudit.judges.deadline import (
    MAX_TIMEOUT,
    MIN_TIMEOUT,
    Deadline,
    DeadlineExceeded,
    within,
)

R = TypeVar("R")

PLUGIN_TIMEOUT_ENV = "CLAIMAUDIT_PLUGIN_TIMEOUT"
# Seconds a plugin may take to load, or a factory to build a backend: importing a package and
# reading a model file take seconds; half a minute is past any plugin that works.
DEFAULT_PLUGIN_TIMEOUT = 30.0


def plugin_timeout() -> float:
    """``$CLAIMAUDIT_PLUGIN_TIMEOUT`` in seconds, else the default; InvalidSettingsError (one
    line) for anything but a number of seconds in the range ``--timeout`` takes."""
    raw = os.environ.get(PLUGIN_TIMEOUT_ENV, "").strip()
    if not raw:
        return DEFAULT_PLUGIN_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and MIN_TIMEOUT <= seconds <= MAX_TIMEOUT):
        raise InvalidSettingsError(
            f"{PLUGIN_TIMEOUT_ENV} must be a number of seconds from {MIN_TIMEOUT:g} up to "
            f"{MAX_TIMEOUT:g} (a day), not {raw!r}"
        )
    return seconds


class Missed(Exception):
    """The call did not return within its deadline; it may still be running."""


class _State:
    def __init__(self) -> None:
        self.returned = False
        self.overdue = False
        self.error: BaseException | None = None


class Overdue:
    """Calls that missed their deadline and have not returned yet, by key (a backend's kind
    and name): a server asked again would start another thread beside the stuck one at every
    request, so a caller refuses at once while its key is here."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._keys: set[object] = set()

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._keys

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
        came too late to be used."""
        state = _State()

        def run() -> R:
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
                raise  # the plugin's own, raised in time: not this deadline
            with self._lock:
                if not state.returned:
                    state.overdue = True
                    self._keys.add(key)
            raise Missed from None
