"""The HTTP server, stopped promptly by SIGTERM or Ctrl-C even while work is in flight.

uvicorn waits for the requests in flight before it exits. A check or review in flight stops
after the paper or pair being judged (its client gets 503 ``shutting_down``, see
``disconnect``); a PDF upload being read (a hostile file can take up to its processor-time
limit) has the read's child process killed, so the upload ends with an error; and a connection
that still holds the server after ``GRACE_S`` (a client that sent half a body) is dropped. The
server then exits by the signal: status 143 for SIGTERM, 130 for Ctrl-C."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
import threading
from types import FrameType
from typing import Any

import uvicorn

from claimaudit.library.pdf import guard as pdf_guard
from claimaudit.server.disconnect import shutdown_event

# uvicorn's exit status when the server could not start (a port taken, say).
_STARTUP_FAILURE = 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as for every command Ctrl-C stops
# How long connections still open after the signal may take to finish: work in flight stops
# after its current judgement (seconds); a stalled client would otherwise hold the server.
GRACE_S = 10
# How long a forced quit still gives the application's own shutdown (closing the judges).
_FORCED_SHUTDOWN_S = 2


class _Server(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, stopping: threading.Event) -> None:
        super().__init__(config)
        self.stopping = stopping
        self.interrupted = False

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self.interrupted = self.interrupted or sig == signal.SIGINT
        self.stopping.set()
        pdf_guard.stop_all()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await super().shutdown(sockets)
        # Set once the application's shutdown ran (uvicorn's lifespan "on"): a quit forced
        # while it ran needs no second one.
        done = getattr(self.lifespan, "shutdown_event", None)
        if self.force_exit and not (isinstance(done, asyncio.Event) and done.is_set()):
            # A forced quit (Ctrl-C twice) skips the application's shutdown, and its lifespan
            # task, cancelled as the loop closes, logs a traceback. Ours only closes the judges
            # (quick; a request still running is told to stop): done, within a bound, so a
            # forced quit ends as quietly as any other and never waits long on a judge.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(_FORCED_SHUTDOWN_S):
                    await self.lifespan.shutdown()


def serve(app: Any, **options: Any) -> None:
    """``uvicorn.run(app, **options)``, for one process without reloading."""
    options.setdefault("timeout_graceful_shutdown", GRACE_S)
    server = _Server(uvicorn.Config(app, **options), shutdown_event(app))
    try:
        server.run()
    except KeyboardInterrupt:
        # uvicorn raises the captured SIGINT again once it has shut down.
        sys.exit(EXIT_INTERRUPTED)
    if server.interrupted:
        # ... which does nothing where SIGINT was ignored before (a job started with `&`).
        sys.exit(EXIT_INTERRUPTED)
    if not server.started:
        sys.exit(_STARTUP_FAILURE)
