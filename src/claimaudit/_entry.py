"""The ``claimaudit`` console script and ``python -m claimaudit``.

Kept apart from the CLI so that Ctrl-C while the CLI's modules load (a second or more) exits
130 quietly instead of printing a traceback: the handler must be in place before that import.
"""

from __future__ import annotations

import os
import sys

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command Ctrl-C stopped
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as for any command whose reader went away (`| head`)


def silence_stdout() -> None:
    """Point standard output at the null device once its reader has gone, so that no later
    write or the final flush at exit prints an error about it."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


def main() -> None:
    try:
        from claimaudit.cli import main as cli_main
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    code: str | int | None = 0
    try:
        cli_main()
    except SystemExit as done:
        code = done.code
    try:
        sys.stdout.flush()  # what is still buffered, while a broken pipe can still be told apart
    except BrokenPipeError:
        silence_stdout()
        code = EXIT_BROKEN_PIPE
    sys.exit(code)
