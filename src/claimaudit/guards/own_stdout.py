"""Standard output kept for claimaudit's own output while a command runs with it read by a
program (a pipe, a file: ``--format json``, JSON Lines, ``mcp``'s protocol).

A plugin's judge or source is code claimaudit does not control, and it may write to standard
output by many routes: ``print()`` (which ``backends.backend_output`` and ``late_output`` send
to stderr), but also from a thread of its own between two papers, through
``sys.stdout.buffer`` or ``sys.__stdout__``, ``os.write(1, ...)``, or from a C extension's
``printf``. Each of those went into the middle of the JSON. No swap of ``sys.stdout`` can stop
the last ones, since they write to descriptor 1 itself. So, while claimed, claimaudit's own
output is written to a private duplicate of descriptor 1, and descriptor 1 itself (with
``sys.stdout``, ``sys.__stdout__`` and libc's ``stdout``, all written through it) is pointed
at stderr: whatever else writes "to stdout", by any route, lands on stderr.

A name of descriptor 1 (``/dev/stdout``, ``/proc/self/fd/1``) now names stderr too: an output
written in place is opened through ``stdio_names.opened_as``, which names the private duplicate
instead, and ``batch`` puts its ``--out`` through it once, before it locks or reads it.

Where standard output is a terminal a person reads it, and nothing is claimed: the table is
laid out to that terminal, and a plugin's chatter is shown there as it always was.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

if sys.platform != "win32":
    import fcntl

STDOUT_FD = 1

_own: TextIO | None = None  # claimaudit's own standard output while claimed
_held = False  # claimed until the process exits (``hold_until_exit``)


def own_stream() -> TextIO | None:
    """The stream claimaudit's own output goes to while standard output is claimed; None when
    it is not (``sys.stdout`` is then the place)."""
    return _own


def own_fd() -> int:
    """The descriptor that reaches the real standard output now."""
    return _own.fileno() if _own is not None else STDOUT_FD


def hold_until_exit() -> None:
    """Leave standard output claimed when a command ends, for the life of the process (the
    console script): a plugin's thread may still write between the end of the command and the
    end of the process, after the JSON."""
    global _held
    _held = True


@contextmanager
def claimed() -> Iterator[None]:
    """Claim standard output while inside, where it is no terminal and is descriptor 1 (not
    a test runner's buffer, which only ``print()`` reaches anyway); nested, the outer claim
    holds."""
    global _own
    if _own is not None or not _claimable():
        yield
        return
    stdout = sys.stdout
    stdout.flush()  # what was written before is the real stdout's
    # Above 2: with stderr closed (2>&-), a plain dup would make the private copy descriptor
    # 2, where whatever writes "to stderr" would then write into the JSON.
    private = fcntl.fcntl(STDOUT_FD, fcntl.F_DUPFD_CLOEXEC, 3)
    _own = io.TextIOWrapper(
        io.FileIO(private, "w"),
        encoding=getattr(stdout, "encoding", None) or "utf-8",
        errors=getattr(stdout, "errors", None) or "strict",
        line_buffering=bool(getattr(stdout, "line_buffering", False)),
    )
    _point_at_stderr()
    try:
        yield
    finally:
        # What others left buffered for "stdout" goes where they wrote it since: stderr.
        with suppress(OSError, ValueError):
            sys.stdout.flush()
        if _held:
            _own.flush()  # a broken pipe or a full disk raised here is the command's
        else:
            own, _own = _own, None
            try:
                own.flush()
            finally:
                os.dup2(own.fileno(), STDOUT_FD)
                with suppress(OSError):
                    own.close()  # what a broken pipe left unwritten was raised by the flush


def _point_at_stderr() -> None:
    """Descriptor 1 to stderr; to the null device where stderr was closed (``2>&-``)."""
    try:
        os.dup2(sys.stderr.fileno(), STDOUT_FD)
        return
    except (AttributeError, OSError, ValueError):
        pass  # sys.stderr is None: Python found no descriptor 2
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, STDOUT_FD)
    finally:
        os.close(null)


def _claimable() -> bool:
    if sys.platform == "win32":
        return False  # no fcntl; the project targets Linux and macOS
    try:
        return sys.stdout.fileno() == STDOUT_FD and not os.isatty(STDOUT_FD)
    except (AttributeError, OSError, ValueError):
        return False  # a test runner's buffer, or no standard output at all
