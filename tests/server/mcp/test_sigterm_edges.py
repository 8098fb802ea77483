"""SIGTERM while no session runs in ``claimaudit mcp``: before it begins (the server's modules
loading, the library opened) and after it has ended (the library closing). Each was the default
action, the process killed (status -15, nothing closed); now exit 143 and nothing on stderr, as
SIGTERM during a session gives."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

# The SIGTERM is sent by the process itself at one exact step, so no timing decides the test.
_SIGTERM_AT = """
import os, signal, sys
target, name = sys.argv[1].rsplit(".", 1)
first = target.startswith("^")  # sent as the step begins, not once it is done
target = target.lstrip("^")
if target == "cli":
    import claimaudit.cli as owner
elif target == "group":
    from claimaudit.cli import _Commands as owner
elif target == "loop":
    import asyncio.unix_events as events
    owner = events._UnixSelectorEventLoop
else:
    from claimaudit.server.service import Service as owner
real = getattr(owner, name)

def with_sigterm(*args):
    if first:
        os.kill(os.getpid(), signal.SIGTERM)
        return real(*args)
    result = real(*args)
    os.kill(os.getpid(), signal.SIGTERM)
    return result

setattr(owner, name, with_sigterm)
sys.argv = ["claimaudit", "mcp", "--library", sys.argv[2]]
from claimaudit._entry import main
main()
"""

STEPS = {
    # The commands' modules loaded (seconds on a busy machine), before `mcp` itself runs.
    "loading": ("cli._install_commands", False),
    # The commands loaded, `claimaudit mcp ...` being parsed: the loading's handler put away,
    # `mcp` has not set its own yet (QA: that was the default action, status -15).
    "dispatch": ("^group.invoke", False),
    # The library opened: the session is not begun, so stdin is never read.
    "before": ("service.ensure_library", False),
    # The event loop made, before the session's handler is in place: the session is not begun.
    "loop-starts": ("loop.__init__", False),
    # The session ended (the client closed stdin) and its handler gone; the loop closing.
    "loop-ends": ("loop.close", True),
    # The client closed stdin, the session ended, the library is closing.
    "after": ("service.close", True),
}


@pytest.mark.parametrize("step", STEPS)
def test_sigterm_outside_the_session_exits_143_and_says_nothing(tmp_path: Path, step: str) -> None:
    hook, close_stdin = STEPS[step]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("CLAIMAUDIT_")}
    stdout, stderr = tmp_path / "stdout", tmp_path / "stderr"
    with stdout.open("wb") as out, stderr.open("wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-c", _SIGTERM_AT, hook, str(tmp_path / "library.sqlite3")],
            cwd=REPO_ROOT,
            env=environment,
            stdin=subprocess.DEVNULL if close_stdin else subprocess.PIPE,
            stdout=out,
            stderr=err,
        )
    try:
        # A guard against a hang (a session begun and waiting on stdin), not a timing.
        code = process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        code = process.wait()
    finally:
        if process.stdin is not None:
            process.stdin.close()
    assert (code, stderr.read_text()) == (143, "")
    assert stdout.read_bytes() == b""
