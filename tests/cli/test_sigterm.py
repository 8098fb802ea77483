"""SIGTERM raises SystemExit(143) while a command asks for it, so its cleanup runs."""

from __future__ import annotations

import os
import signal

import pytest

from claimaudit.cli._sigterm import sigterm_exits


def test_sigterm_exits_143_through_the_finally_blocks_and_the_old_handler_returns() -> None:
    before = signal.getsignal(signal.SIGTERM)
    cleaned = []
    with pytest.raises(SystemExit) as raised, sigterm_exits():
        try:
            os.kill(os.getpid(), signal.SIGTERM)
        finally:
            cleaned.append(True)
    assert raised.value.code == 143 and cleaned == [True]
    assert signal.getsignal(signal.SIGTERM) == before
