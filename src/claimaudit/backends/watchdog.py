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

from collections.abc import Callable
from typing import TypeVar

from claimaudit.backends.overdue import Missed, Overdue
from claimaudit.errors import BackendError, ClaimauditError
from claimaudit.judges.deadline import check_timeout

R = TypeVar("R")

# Seconds a watched call may take when no --timeout is given: the remote judges' own default.
DEFAULT_WATCH_TIMEOUT = 60.0


class Watch:
    """Calls into the ``kind`` ("judge", "source") named ``name``, each ending within
    ``seconds`` or raising ``error`` (JudgeError, SourceError), which states why."""

    def __init__(self, kind: str, name: str, seconds: float, error: type[BackendError]) -> None:
        self.kind = kind
        self.name = name
        self.seconds = check_timeout(seconds, f"the {kind}'s")
        self.error = error
        # Calls past their deadline that have not returned yet, one key a call.
        self._overdue = Overdue()

    @property
    def stuck(self) -> bool:
        """Whether a call that missed its deadline may still be running."""
        return len(self._overdue) > 0

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
        if self.stuck:
            raise failed(
                f"{who} was not {refused}: an earlier call did not answer within "
                f"{self.seconds:g} s and may still be running"
            )
        try:
            return self._overdue.call(
                object(), attempt, self.seconds, name=f"claimaudit-{self.kind}"
            )
        except Missed:
            raise failed(f"{who} did not {doing} within {self.seconds:g} s") from None
