"""A catalogue client's memory of an outage: a service that could not be reached after every
retry is not asked again for a while, so an offline run fails fast instead of waiting out the
retries for every paper, and a long-running server asks again once the while has passed."""

from __future__ import annotations

import time
from collections.abc import Callable

# A minute: long enough for one run's papers, short enough for a server's next request.
UNREACHABLE_FOR = 60.0


class RecentOutage:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._last: tuple[str, float] | None = None

    def note(self, failure: str) -> None:
        """``failure`` happened now (every retry could not reach the service)."""
        self._last = (failure, self._clock())

    def recent(self) -> str | None:
        """The failure noted less than ``UNREACHABLE_FOR`` seconds ago, else None."""
        if self._last is None or self._clock() - self._last[1] >= UNREACHABLE_FOR:
            return None
        return f"{self._last[0]} (not retried: it failed moments ago)"
