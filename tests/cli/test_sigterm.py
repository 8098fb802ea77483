"""SIGTERM stops a command as Ctrl-C does while it asks for it, and exits 143."""

from __future__ import annotations

import os
import signal

import pytest
import typer

from claimaudit.cli._common import EXIT_INTERRUPTED
from claimaudit.cli._sigterm import Terminated, sigterm_interrupts


def test_sigterm_is_caught_as_ctrl_c_and_its_exit_becomes_143() -> None:
    before = signal.getsignal(signal.SIGTERM)
    caught, cleaned = [], []
    with pytest.raises(typer.Exit) as raised, sigterm_interrupts():
        try:
            os.kill(os.getpid(), signal.SIGTERM)
        except KeyboardInterrupt as interrupt:  # the command's Ctrl-C handling
            caught.append(isinstance(interrupt, Terminated))
            raise typer.Exit(EXIT_INTERRUPTED) from None
        finally:
            cleaned.append(True)
    assert raised.value.exit_code == 143 and caught == [True] and cleaned == [True]
    assert signal.getsignal(signal.SIGTERM) == before


def test_sigterm_left_uncaught_exits_143_through_the_finally_blocks() -> None:
    cleaned = []
    with pytest.raises(SystemExit) as raised, sigterm_interrupts():
        try:
            os.kill(os.getpid(), signal.SIGTERM)
        finally:
            cleaned.append(True)
    assert raised.value.code == 143 and cleaned == [True]


def test_ctrl_c_keeps_its_own_status() -> None:
    with pytest.raises(typer.Exit) as raised, sigterm_interrupts():
        raise typer.Exit(EXIT_INTERRUPTED)
    assert raised.value.exit_code == EXIT_INTERRUPTED
