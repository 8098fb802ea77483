"""The HTTP server, stopped promptly by SIGTERM or Ctrl-C even while a PDF is being read.

uvicorn waits for the requests in flight before it exits, and a PDF upload being read is one
(a hostile file can take up to its processor-time limit); the read's child process is killed
instead, so the upload ends with an error and the server exits (by the signal: status 143)."""

from __future__ import annotations

import contextlib
import sys
from types import FrameType
from typing import Any

import uvicorn

from claimaudit.library import pdf_guard

# uvicorn's exit status when the server could not start (a port taken, say).
_STARTUP_FAILURE = 3


class _Server(uvicorn.Server):
    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        pdf_guard.stop_all()


def serve(app: Any, **options: Any) -> None:
    """``uvicorn.run(app, **options)``, for one process without reloading."""
    server = _Server(uvicorn.Config(app, **options))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(_STARTUP_FAILURE)
