"""The ``claimaudit`` console script and ``python -m claimaudit``.

Kept apart from the CLI so that Ctrl-C while the CLI's modules load (a second or more) exits
130 quietly instead of printing a traceback: the handler must be in place before that import.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
from types import FrameType
from typing import NoReturn

EXIT_USAGE = 2  # as claimaudit.errors, which is not imported here: it may be what cannot load
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a command Ctrl-C stopped
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as for any command whose reader went away (`| head`)
EXIT_TERMINATED = 143  # 128 + SIGTERM, as cli._sigterm
# Standard output on a full disk (``> /dev/full``), or on a device that failed.
OUTPUT_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO})
STDOUT_CLOSED = (
    "cannot write the output: standard output is closed (>&-); send it to a file, or to "
    "/dev/null to discard it"
)


_stdout_closed = False  # started with standard output closed (``>&-``)


def stdout_closed() -> bool:
    """Whether the process started with standard output closed (``fill_closed_streams``)."""
    return _stdout_closed


def fill_closed_streams() -> None:
    """Started with standard input, output or error closed (``<&-``, ``>&-``, ``2>&-``), the
    next file opened took that descriptor, so what writes "to stdout" wrote into it (``check
    --format json >&-`` wrote its JSON to stderr), and Python's ``sys.stdout`` was None (a
    traceback at exit). Each is given the null device: standard input reads as empty, standard
    error discards; standard output is opened read-only, so a write to it fails as on a
    closed one (EBADF), said in one line (``cli._Commands``), while a command that writes
    nothing there runs as usual."""
    global _stdout_closed
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        null = os.open(os.devnull, os.O_WRONLY if fd == 2 else os.O_RDONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        # The process's own stream, for its whole life; the descriptor outlives any swap.
        stream = open(  # noqa: SIM115
            fd, "r" if fd == 0 else "w", encoding="utf-8", errors="backslashreplace", closefd=False
        )
        setattr(sys, name, stream)
        _stdout_closed = _stdout_closed or fd == 1


def silence_stdout() -> None:
    """Point standard output at the null device once its reader has gone, so that no later
    write or the final flush at exit prints an error about it."""
    from claimaudit.guards.own_stdout import own_fd, own_stream

    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        # Claimed (``own_stdout``), descriptor 1 reaches stderr: the gone reader's is the other.
        os.dup2(devnull, own_fd() if own_stream() is not None else sys.stdout.fileno())
    finally:
        os.close(devnull)


def escape_unencodable() -> None:
    """Where the locale's encoding is not UTF-8 (``LC_ALL=C``, ``PYTHONIOENCODING=latin-1``),
    write what standard output cannot encode as an escape (``\\xe9``): strict, the first such
    character was a traceback, nothing printed and exit 1, which means "matched". (Standard
    error escapes by default; JSON is written as UTF-8 anyway, ``cli._common.write_data``.)"""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def missing_module(error: ModuleNotFoundError) -> NoReturn:
    """A module claimaudit imports is not installed (a dependency uninstalled since, a
    ``pip install --no-deps``): one line naming it and the way to repair the environment, not
    a traceback. Written plainly, as rich itself may be what is missing; the traceback is in the
    debug log (``--debug``)."""
    import logging

    logging.getLogger("claimaudit").debug("a module could not be imported", exc_info=True)
    python = sys.executable or "python"
    sys.stderr.write(
        f"error: claimaudit cannot run: this Python ({python}) has no module"
        f" {error.name or '?'!r}; reinstall claimaudit with its dependencies"
        f" (`{python} -m pip check` names what is missing)\n"
    )
    sys.exit(EXIT_USAGE)


def terminated_while_loading(signum: int, frame: FrameType | None) -> NoReturn:
    """SIGTERM while the CLI's modules load (seconds on a busy machine): exit 143 quietly, as
    Ctrl-C exits 130 there, not killed by the default action; nothing has been done yet. No
    event loop runs yet, so raising here cannot land inside one (``cli.main`` puts the default
    back once the commands are loaded; a command then sets its own)."""
    raise SystemExit(EXIT_TERMINATED)


def main() -> None:
    fill_closed_streams()  # first: before anything opens a file
    escape_unencodable()
    signal.signal(signal.SIGTERM, terminated_while_loading)
    try:
        from claimaudit.cli import main as cli_main
        from claimaudit.guards.own_stdout import hold_until_exit, own_stream
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    except ModuleNotFoundError as error:
        missing_module(error)
    # Standard output stays claimed to the end: a plugin's thread may write after the command.
    hold_until_exit()
    code: str | int | None = 0
    try:
        cli_main()
    except SystemExit as done:
        code = done.code
    except ModuleNotFoundError as error:
        # Commands import what they need when they run (serve its web framework, a PDF its
        # reader), past the handler that makes other errors one line.
        missing_module(error)
    except OSError as error:
        # Written before any command runs (--version, --help), past the commands' handler.
        code = _output_failed(error)
    try:
        sys.stdout.flush()  # what is still buffered, while a broken pipe can still be told apart
        own = own_stream()
        if own is not None:
            own.flush()
    except BrokenPipeError:
        silence_stdout()
        code = EXIT_BROKEN_PIPE
    except OSError as error:
        code = _output_failed(error)
    sys.exit(code)


def _output_failed(error: OSError) -> int:
    """A write to standard output that failed past the commands' handler (``--help`` or
    ``--version`` to a full disk or a closed standard output, the last flush): one line and
    exit 2, as the commands' handler says it, what is still buffered dropped; any other error
    is raised again."""
    if stdout_closed() and error.errno == errno.EBADF:
        message = STDOUT_CLOSED
    elif error.errno in OUTPUT_FULL and error.filename is None:
        message = f"cannot write the output: {error.strerror}"
    else:
        raise error
    silence_stdout()  # what is still buffered goes nowhere, not into another traceback
    sys.stderr.write(f"error: {message}\n")
    return EXIT_USAGE
