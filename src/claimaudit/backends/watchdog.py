"""A deadline on each call into one backend, and the rule for a backend that missed one.

A plugin's ``decide`` or ``fetch`` may never return (a lock never released, a server that never
answers and no timeout of its own), and ``check``, ``batch`` or a server request would wait for
it forever. Each call runs in a daemon thread (``claimaudit.judges.deadline.within``): at the
deadline the caller stops waiting and gets an error that makes the paper ``not_checked``, and
the process can still exit (the interpreter does not wait for a daemon thread). The call may
still be running then, so the backend is not called again until it returns: a second call
beside a stuck one could break a backend that declared it takes one call at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from claimaudit.errors import BackendError, ClaimauditError
from claimaudit.judges.deadline import Deadline, DeadlineExceeded, check_timeout, within

R = TypeVar("R")

# Seconds a watched call may take when no --timeout is given: the remote judges' own default.
DEFAULT_WATCH_TIMEOUT = 60.0


class _Call:
    """One call's state, shared by the caller and the worker under the watch's lock."""

    def __init__(self) -> None:
        self.returned = False
        self.overdue = False
        self.error: BaseException | None = None


class Watch:
    """Calls into the ``kind`` ("judge", "source") named ``name``, each ending within
    ``seconds`` or raising ``error`` (JudgeError, SourceError), which states why."""

    def __init__(self, kind: str, name: str, seconds: float, error: type[BackendError]) -> None:
        self.kind = kind
        self.name = name
        self.seconds = check_timeout(seconds, f"the {kind}'s")
        self.error = error
        self._lock = threading.Lock()
        self._overdue = 0  # calls past their deadline that have not returned yet

    @property
    def stuck(self) -> bool:
        """Whether a call that missed its deadline may still be running."""
        with self._lock:
            return self._overdue > 0

    def call(
        self,
        attempt: Callable[[], R],
        refused: str = "asked",
        doing: str = "answer",
        error: type[ClaimauditError] | None = None,
    ) -> R:
        """``attempt()``'s result or exception; ``error`` (else the watch's) when it did not
        return within the deadline ("did not ``doing`` within"), or without calling it while an
        earlier call is still overdue (``refused`` says what was not done: "asked", "closed")."""
        who = f"{self.kind} {self.name!r}"
        failed = error or self.error
        with self._lock:
            if self._overdue:
                raise failed(
                    f"{who} was not {refused}: an earlier call did not answer within "
                    f"{self.seconds:g} s and may still be running"
                )
        state = _Call()

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
                        self._overdue -= 1

        try:
            return within(Deadline(self.seconds), run, name=f"claimaudit-{self.kind}")
        except DeadlineExceeded as error:
            if error is state.error:
                raise  # the backend's own, raised in time: not the watch's deadline
            with self._lock:
                if not state.returned:
                    state.overdue = True
                    self._overdue += 1
            raise failed(f"{who} did not {doing} within {self.seconds:g} s") from None
