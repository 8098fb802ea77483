"""The names of standard input and standard output (and of any open descriptor) that a
command meets where it expects a file's: ``-``, ``/dev/stdin``, ``/dev/stdout``, ``/dev/fd/N``,
``/proc/self/fd/N``, ``/proc/PID/task/TID/fd/N``, and links to any of them.

Such a name is no file to read or to replace: a command that does not read standard input
refuses its names (``names_standard_input``), an output that names a stream is written in
place (``is_stream``), and descriptor 1 is reached through claimaudit's private copy while
standard output is claimed (``opened_as``, see ``own_stdout``).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from claimaudit.guards.own_stdout import own_fd, own_stream

# A name of standard input: read, it would be whatever stdin holds, however it was redirected.
_STDIN = re.compile(r"/dev/(?:stdin|fd/0)|/proc/(?:self|thread-self)/fd/0")
# Descriptor 0 of a process by its number (or of one of its threads): standard input only
# where the number is this process's (see ``_is_this_process``).
_NUMBERED_STDIN = re.compile(r"/proc/(?P<pid>\d+|self)(?:/task/(?P<tid>\d+))?/fd/0")


def names_standard_input(path: Path) -> bool:
    """Whether ``path`` is ``-`` (where no file of that name exists) or a name of standard
    input. A command that does not read standard input refuses these by name: redirected from
    a file (``< in.jsonl``) it is a regular file, from a pipe it is not, and the command should
    say the same either way."""
    if str(path) == "-":
        return not os.path.lexists(path)
    # A link to one of those names is one too (``ln -s /dev/stdin in``). Links are followed
    # one at a time, so that /proc/self/fd/0 is met by name: followed, it is the redirected
    # file itself. A loop, or a link that cannot be read, ends the search.
    return _through_links(path, _is_stdin_name)


def _is_stdin_name(name: str) -> bool:
    return _STDIN.fullmatch(name) is not None or _is_own_numbered_stdin(name)


_MAX_LINKS = 40  # as the kernel's own limit (ELOOP)


def _through_links(path: Path, matches: Callable[[str], bool]) -> bool:
    """Whether ``path``, or a name met as its symbolic links are followed one at a time,
    ``matches``. A loop, or a link that cannot be read, ends the search."""
    name = os.path.abspath(path)
    for _ in range(_MAX_LINKS):
        if matches(name):
            return True
        followed = _follow_first_link(name)
        if followed is None:
            return False
        name = followed
    return False


def _is_own_numbered_stdin(name: str) -> bool:
    """Whether ``name`` is /proc/PID/fd/0 (or /proc/PID/task/TID/fd/0) of this process or one
    of its threads: threads share one table of descriptors, so reading it reads this command's
    standard input. Another process's fd/0 is that process's input, read as the file (or pipe)
    it is, as naming that file would read it: a regular file is read, anything else refused."""
    match = _NUMBERED_STDIN.fullmatch(name)
    if match is None:
        return False
    pid, tid = match["pid"], match["tid"]
    if pid != "self" and not _is_this_process(pid):
        return False
    return tid is None or _is_this_process(tid)


def _is_this_process(number: str) -> bool:
    """Whether ``number`` is this process's id, or one of its threads', as /proc numbers them
    (/proc/self says which: in a container whose /proc is the host's, ``os.getpid()`` is not)."""
    try:
        own = os.readlink("/proc/self")
    except OSError:
        return number == str(os.getpid())  # no /proc: the name names nothing here anyway
    return number == own or os.path.isdir(f"/proc/{own}/task/{number}")


def _follow_first_link(name: str) -> str | None:
    """``name`` with its first symbolic link (of a folder on the way, or itself) replaced by
    the link's target; None where it holds none."""
    parts = Path(name).parts
    for end in range(2, len(parts) + 1):
        head = os.path.join(*parts[:end])
        try:
            target = os.readlink(head)
        except OSError:
            continue  # not a link (or missing, or unreadable): the next part
        return os.path.abspath(os.path.join(os.path.dirname(head), target, *parts[end:]))
    return None


# A name of this process's descriptor 1 (of itself or of one of its threads), met by name as
# links are followed one at a time: followed at once, it is the file or pipe it holds.
_STDOUT = re.compile(r"/dev/(?:stdout|fd/1)|/proc/(?P<pid>\d+|self|thread-self)(?:/task/\d+)?/fd/1")


def opened_as(path: Path) -> Path:
    """``path`` as it is to be opened: where it names descriptor 1 while standard output is
    claimed for claimaudit's own output (``own_stdout``), descriptor 1 reaches stderr, and the
    private descriptor that reaches the real standard output is named instead."""
    if own_stream() is None or not names_stdout(path):
        return path
    return Path(f"/dev/fd/{own_fd()}")


def names_stdout(path: Path) -> bool:
    """Whether ``path`` is a name of this process's descriptor 1, itself or through links."""
    return _through_links(path, _is_stdout_name)


def _is_stdout_name(name: str) -> bool:
    match = _STDOUT.fullmatch(name)
    if match is None:
        return False
    pid = match["pid"]
    return pid in (None, "self", "thread-self") or _is_this_process(pid)


# A name of an open descriptor (/dev/stdout, /dev/fd/3, /proc/self/fd/1), not of a file.
_DESCRIPTOR = re.compile(r"/dev/(?:stdout|stderr|fd/\d+)|/proc/(?:self|thread-self|\d+)/fd/\d+")


def is_stream(path: Path) -> bool:
    """Whether ``path`` is written in place, never replaced: an existing file that is not a
    regular one (a pipe, a terminal, a FIFO, /dev/null), or a descriptor's name (/dev/stdout
    redirected to a file), itself or through links: its "real path" is no place for a file
    beside it (``/proc/PID/fd/pipe:[N]``), and a file put in the redirect target's place would
    leave the shell writing to the one it replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False  # missing (made as a file), or refused: the write reports it
    # A link to /dev/stdout too: claimed (``own_stdout``), it leads to stderr, which a file
    # (``2> log``) then replaced with the rows.
    return not stat.S_ISREG(mode) or _through_links(path, _is_descriptor_name)


def _is_descriptor_name(name: str) -> bool:
    return _DESCRIPTOR.fullmatch(name) is not None
