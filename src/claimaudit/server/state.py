"""What the routes of one app share: its configuration, the service, the check workers."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import anyio
from starlette.requests import Request

from claimaudit.server.config import ServerConfig
from claimaudit.server.disconnect import run_until_disconnected
from claimaudit.server.service import Service

T = TypeVar("T")


@dataclass
class AppState:
    config: ServerConfig
    service: Service
    _check_limiter: anyio.CapacityLimiter | None = field(default=None, repr=False)

    async def run_check(self, request: Request, work: Callable[[threading.Event], T]) -> T:
        """Run a (CPU- or network-bound) check on a worker thread, at most ``check_workers`` at
        once. Waiting checks queue here without holding a thread, and the rest of the API (its
        own thread pool and the event loop) keeps answering meanwhile. ``work`` gets an event
        set when the client disconnects, so that it judges nothing more for nobody."""
        if self._check_limiter is None:
            # Made on first use, inside the running event loop that it belongs to.
            self._check_limiter = anyio.CapacityLimiter(self.config.check_workers)
        return await run_until_disconnected(request, work, self._check_limiter)
