"""A deadline for one HTTP attempt of a remote judge, from connecting to the reply's last byte.

httpx and httpx2 (under typesafe-sdk) apply their timeouts to each socket operation, so a server
that sends one byte a second never trips a 3-second timeout and the judge would wait forever.
``within`` runs the attempt in a worker thread and stops waiting at the deadline; ``guard``, put
around the reply's chunks, makes that worker stop reading too once the deadline has passed or the
reply has grown past ``MAX_REPLY_BYTES``, so an abandoned attempt soon lets go of its connection.
It knows neither library: each caller turns ``DeadlineExceeded`` into its own timeout error.
"""

from __future__ import annotations

import contextvars
import math
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar, cast

from claimaudit.errors import InvalidSettingsError

R = TypeVar("R")

# A chat completion or a System One reply is a few KB; anything near this is not one.
MAX_REPLY_BYTES = 8 * 2**20
# The longest timeout taken, in seconds: a day. Thread waits refuse more than
# threading.TIMEOUT_MAX, so a larger one (``--timeout 1e10``) failed every record instead.
MAX_TIMEOUT = 86_400.0
# The shortest, as the command line's --timeout takes it: below it no remote answer could come.
MIN_TIMEOUT = 0.1


def check_timeout(value: object, who: str) -> float:
    """``value`` as seconds, or InvalidSettingsError: a number from ``MIN_TIMEOUT`` up to a
    day, the range the command line's ``--timeout`` takes."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not (math.isfinite(value) and MIN_TIMEOUT <= value <= MAX_TIMEOUT)
    ):
        raise InvalidSettingsError(
            f"{who} timeout must be a number of seconds from {MIN_TIMEOUT:g} up to "
            f"{MAX_TIMEOUT:g} (a day), not {value!r}"
        )
    return float(value)


class DeadlineExceeded(Exception):
    """The attempt did not finish (its reply read to the end) before its deadline."""


class ReplyTooLargeError(Exception):
    """The reply grew past the size cap; its message completes "<server> sent ..."."""

    def __init__(self, limit: int) -> None:
        size = f"{limit / 2**20:g} MiB" if limit >= 2**20 else f"{limit} bytes"
        super().__init__(f"a reply larger than {size}")
        self.limit = limit


class Deadline:
    """``seconds`` from now, on the monotonic clock."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._end = time.monotonic() + seconds

    def remaining(self) -> float:
        return max(self._end - time.monotonic(), 0.0)

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self._end


def guard(
    chunks: Iterable[bytes], deadline: Deadline, limit: int = MAX_REPLY_BYTES
) -> Iterator[bytes]:
    """``chunks`` as they come, until the deadline passes or more than ``limit`` bytes came."""
    received = 0
    for chunk in chunks:
        received += len(chunk)
        if received > limit:
            raise ReplyTooLargeError(limit)
        if deadline.expired:
            raise DeadlineExceeded
        yield chunk


class _Outcome(Generic[R]):
    """What the worker ended with; ``abandoned`` once the caller stopped waiting."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.finished = threading.Event()
        self.abandoned = False
        self.has_result = False
        self.result: R | None = None
        self.error: BaseException | None = None


def within(
    deadline: Deadline,
    attempt: Callable[[], R],
    discard: Callable[[R], object] | None = None,
    *,
    name: str = "judge-http",
) -> R:
    """``attempt()``'s result or exception, or ``DeadlineExceeded`` once the deadline passes.

    The attempt runs in a daemon thread (one the interpreter does not wait for on exit); when it
    finishes after the caller gave up, ``discard`` gets its result (to close a response).
    ``name`` names the thread, for debugging.
    """
    outcome: _Outcome[R] = _Outcome()

    def work() -> None:
        try:
            result = attempt()
        except BaseException as error:  # handed to the caller, who re-raises it
            with outcome.lock:
                outcome.error = error
            outcome.finished.set()
            return
        with outcome.lock:
            late = outcome.abandoned
            outcome.result, outcome.has_result = result, True
        outcome.finished.set()
        if late and discard is not None:
            discard(result)

    context = contextvars.copy_context()
    worker = threading.Thread(target=context.run, args=(work,), name=name, daemon=True)
    worker.start()
    outcome.finished.wait(deadline.remaining())
    with outcome.lock:
        done = outcome.has_result or outcome.error is not None
        outcome.abandoned = not done
        error, result = outcome.error, outcome.result
    if error is not None:
        raise error
    if not done:
        raise DeadlineExceeded
    return cast(R, result)  # stored by the worker (R may itself allow None)
