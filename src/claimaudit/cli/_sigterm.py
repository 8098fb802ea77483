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


_noted = False  # a SIGTERM came while the command line was read (``note_sigterm``)


def _note(signum: int, frame: FrameType | None) -> None:
    global _noted
    _noted = True


def note_sigterm() -> None:
    """``cli.main``, once the commands are loaded: ``_entry``'s SIGTERM handler (it raises
    wherever it lands) swapped in one step for one that only notes it. The default action was
    put back here before, and ``mcp`` was killed by it (status -15) if SIGTERM came while its
    command line was read, before it set its own handler. ``mcp`` takes the note over in one
    step (``take_noted_sigterm``); every other command puts the default back as it starts
    (``settle_sigterm``)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _note)


def take_noted_sigterm() -> bool:
    """Whether a SIGTERM was noted (``note_sigterm``); the note is the caller's now."""
    global _noted
    noted, _noted = _noted, False
    return noted


def settle_sigterm() -> bool:
    """End ``note_sigterm``'s note: the default action is back, and True when a SIGTERM came
    meanwhile (the caller exits 143, nothing done yet). Nothing where the note is not in place
    (a command run in-process by a test or a program keeps its handler)."""
    if threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGTERM) is not _note:
        return False
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    return take_noted_sigterm()


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
