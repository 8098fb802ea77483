"""SIGTERM (``kill``, a job scheduler stopping a run) stops a command as Ctrl-C does, instead of
where it stands: the command's Ctrl-C handling says what was done ("interrupted; rerun ..."),
every ``finally`` runs (a lock, a temporary file, a temporary library removed), and the exit
status is a terminated process's, 128 + 15, not Ctrl-C's 130."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import NoReturn

import typer

from claimaudit.cli._common import EXIT_INTERRUPTED

EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C raises KeyboardInterrupt, so the same handlers catch it."""


@contextmanager
def sigterm_interrupts() -> Iterator[None]:
    """While the block runs, SIGTERM raises ``Terminated`` in the main thread (the only one
    Python lets handle a signal); an exit with Ctrl-C's status that it caused, or ``Terminated``
    itself left uncaught, exits 143. The handler before is put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    terminated = False

    def interrupt(signum: int, frame: FrameType | None) -> NoReturn:
        nonlocal terminated
        terminated = True
        raise Terminated

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    except typer.Exit as stop:
        if terminated and stop.exit_code == EXIT_INTERRUPTED:
            raise typer.Exit(EXIT_TERMINATED) from None
        raise
    except SystemExit as stop:
        if terminated and stop.code == EXIT_INTERRUPTED:
            raise SystemExit(EXIT_TERMINATED) from None
        raise
    except KeyboardInterrupt:
        if terminated:
            raise SystemExit(EXIT_TERMINATED) from None
        raise
    finally:
        signal.signal(signal.SIGTERM, before)
