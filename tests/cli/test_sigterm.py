"""SIGTERM stops a command as Ctrl-C does while it asks for it, and exits 143."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
import typer

from claimaudit.cli._common import EXIT_INTERRUPTED
from claimaudit.cli._sigterm import Terminated, sigterm_interrupts
from tests.signals import child_env


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


# The child sends itself SIGTERM at one step (argv[1], "module:function"), before it runs: no
# timing decides the test. "dispatch" is the command line dispatched to the command, after the
# commands loaded and before any command sets a handler of its own.
_SIGTERM_AT = """
import importlib, os, signal, sys
step = sys.argv[1]
if step == "dispatch":
    from claimaudit.cli import _Commands as owner
    name = "invoke"
else:
    module, name = step.split(":")
    owner = importlib.import_module(module)
real = getattr(owner, name)

def with_sigterm(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGTERM)
    return real(*args, **kwargs)

setattr(owner, name, with_sigterm)
sys.argv = ["claimaudit", *sys.argv[2:]]
from claimaudit._entry import main
main()
"""


def _sigterm_at(step: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", _SIGTERM_AT, step, *args],
        capture_output=True,
        env=child_env(),
        timeout=120,
    )


@pytest.mark.parametrize("command", [["library", "list"], ["plugins"]])
def test_sigterm_while_the_command_line_is_read_exits_143_quietly(command: list[str]) -> None:
    # QA: between the loading's handler and the command's own, SIGTERM was the default action
    # (killed, status -15), `mcp` included; nothing is done yet, so it stops with 143.
    done = _sigterm_at("dispatch", *command)
    assert (done.returncode, done.stderr, done.stdout) == (143, b"", b"")


def test_a_command_with_no_handler_of_its_own_is_still_stopped_by_sigterm() -> None:
    # What notes a SIGTERM while the command line is read ends as the command starts: one
    # during a command that sets no handler (`plugins`) is the default action, not ignored.
    done = _sigterm_at("claimaudit.cli.plugins:_rows", "plugins")
    assert done.returncode == -signal.SIGTERM and done.stderr == b""
