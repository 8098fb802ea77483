"""Reading a file a person named (on the command line, in a bibliography, over MCP), and
writing one without overwriting another.

Only regular files are read, and never past a limit: a device such as ``/dev/zero`` reports a
size of 0 and never ends, and a FIFO blocks until someone writes to it, so neither a size check
nor a plain read is safe on them. The names of standard input and output that a command
meets where a file's is expected are told apart in ``stdio_names``; several files written all
or none are ``write_all``'s.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TypeAlias

from claimaudit.errors import UsageError
from claimaudit.guards.durable import sync_file, sync_folder
from claimaudit.guards.fifos import Waiting, open_appending
from claimaudit.guards.leftovers import (
    TEMPORARY_PREFIX,
    TEMPORARY_SUFFIX,
    lock_for_life,
    sweep_temporaries,
)
from claimaudit.guards.own_stdout import own_fd, own_stream
from claimaudit.guards.sizes import shown_size
from claimaudit.guards.stdio_names import is_stream, opened_as

# What the public API takes wherever it names a file: a Path, or a str as most callers have.
PathArg: TypeAlias = str | os.PathLike[str]


def as_path(path: PathArg, what: str = "path") -> Path:
    """``path`` as a ``Path``; UsageError for anything else (a ``str`` has no ``expanduser``,
    and the failure would surface far away as an AttributeError)."""
    if isinstance(path, Path):
        return path
    if isinstance(path, str | os.PathLike) and not isinstance(path, bytes):
        try:
            return Path(path)
        except TypeError:  # a PathLike whose __fspath__ gives bytes
            pass
    raise UsageError(f"{what} must be a path or a string, not {type(path).__name__}")


def as_optional_path(path: PathArg | None, what: str = "path") -> Path | None:
    return None if path is None else as_path(path, what)


class UnreadableFileError(Exception):
    """Why a file cannot be read, in words that follow its name ("is not a regular file")."""


def check_regular(path: Path) -> None:
    """UnreadableFileError unless ``path`` (symlinks followed) is a regular file; OSError
    (FileNotFoundError when there is nothing there) when the system refuses to say."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise UnreadableFileError("is not a regular file")


def read_regular(path: Path, limit: int | None = None) -> bytes:
    """The bytes of ``path`` (symlinks followed); UnreadableFileError when it is not a regular
    file or holds more than ``limit`` bytes; OSError when the system refuses it."""
    check_regular(path)
    with path.open("rb") as handle:
        data = handle.read() if limit is None else handle.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise UnreadableFileError(f"is over {shown_size(limit)}")
    return data


def is_symlink_loop(path: Path) -> bool:
    """Whether ``path`` is a symbolic link that never reaches a file (it leads back to itself):
    ``exists()`` says False for it as for a missing file, and a message should say which."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def missing_reason(path: Path, nothing: str = "no such file") -> str:
    """How a message says that ``path`` names no file: ``nothing``, or why it cannot."""
    return "its symbolic links go round in a loop" if is_symlink_loop(path) else nothing


def existing_spelling(path: Path) -> Path:
    """``path``, or, where nothing is there, the same path in the other Unicode normalisation
    form when that exists: macOS writes names decomposed (NFD, "u" and a combining diaeresis)
    while a name typed in a file is most often composed (NFC), and the two look the same."""
    try:
        if os.path.lexists(path):
            return path
        for form in ("NFC", "NFD"):
            for other in (
                path.with_name(unicodedata.normalize(form, path.name)),
                Path(unicodedata.normalize(form, str(path))),
            ):
                if other != path and os.path.lexists(other):
                    return other
    except (OSError, ValueError):  # a name the system refuses: the caller's open says why
        pass
    return path


def write_atomic(path: Path, data: bytes, waiting: Waiting | None = None) -> None:
    """Write ``data`` to ``path`` so that a failed write never leaves half a file where a good
    one was (see ``atomic_writer``). OSError when the system refuses."""
    with atomic_writer(path, waiting) as handle:
        handle.write(data)


@contextmanager
def atomic_writer(path: Path, waiting: Waiting | None = None) -> Iterator[IO[bytes]]:
    """A binary handle whose bytes replace ``path`` only when the block ends without an error:
    until then, and after any failure, ``path`` holds what it held. A symbolic link keeps
    pointing where it did (its target is replaced); a stream (see ``is_stream``) is written in
    place, never replaced (``waiting`` is called before waiting for a FIFO's reader, see
    ``fifos``); a file keeps its permissions and a new one gets the umask's."""
    if is_stream(path):
        try:
            with _in_place(path, waiting) as handle:
                yield handle
        except OSError as error:
            _name_no_room(error, path)
            raise
        return
    target, fd, tmp = temporary_beside(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            # On the disk before the rename: else a crash soon after can leave the name
            # holding an empty file where the good one was.
            sync_file(handle.fileno())
            # Renamed while still open, so still locked: never seen as a killed run's leftover.
            os.replace(tmp, target)
        sync_folder(target.parent)  # the rename itself, which a crash could otherwise undo
    except BaseException as error:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(error, OSError):
            _name_no_room(error, path)
        raise


def _name_no_room(error: OSError, path: Path) -> None:
    """A write (or the flush as the file closes) with no room names no file: callers then
    said "cannot write the output", read as standard output. It is ``path``'s."""
    if error.filename is None and error.errno in _NO_ROOM:
        error.filename = str(path)


# A write that failed for want of room: a full disk or quota, a file size limit (ulimit -f).
_NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def temporary_beside(path: Path, made: list[Path] | None = None) -> tuple[Path, int, str]:
    """The file ``path`` names (links followed), and a new temporary beside it (descriptor,
    name) with the permissions the file has, or a new file would get. The folders made for it
    go at the front of ``made`` (deepest first, for ``remove_empty_folders``)."""
    if is_symlink_loop(path):
        # realpath() gives a loop back unchanged, and os.replace would put a file in its place.
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    target = Path(os.path.realpath(path))
    if target.is_dir():
        # Refused now, not by the rename: the files staged with it must not be half renamed.
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    try:
        folders = make_folder(target.parent)
    except (FileExistsError, NotADirectoryError):
        # mkdir's "File exists" names no culprit: say which file stands where a folder must.
        in_the_way = _nearest_existing(path.parent)
        raise NotADirectoryError(
            errno.ENOTDIR, f"{in_the_way} is not a folder", str(path)
        ) from None
    if made is not None:
        made[:0] = folders
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
    # Those that killed runs left here go first (their owners' locks are gone).
    sweep_temporaries(target.parent)
    # A short name, not one made from ``path``'s: that would pass the 255-byte limit on a name
    # while ``path``'s own is still within it.
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=TEMPORARY_PREFIX, suffix=TEMPORARY_SUFFIX)
    try:
        lock_for_life(fd)  # until it is renamed into place: a sweep never takes it
        os.fchmod(fd, mode)
    except BaseException:
        os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    return target, fd, tmp


def _nearest_existing(folder: Path) -> Path:
    """The nearest of ``folder`` and its parents that exists (a file, where a folder is needed)."""
    for place in (folder, *folder.parents):
        if place.exists() or place.is_symlink():
            return place
    return folder


@contextmanager
def _in_place(path: Path, waiting: Waiting | None) -> Iterator[IO[bytes]]:
    """A handle writing to the stream ``path``; standard output through its own descriptor, so
    rows and what the command prints later share one position (a second opening of a file
    that standard output is redirected to would write over them)."""
    path = opened_as(path)
    stdout = _stdout_fd()
    if stdout is not None and os.path.samestat(os.stat(path), os.fstat(stdout)):
        (own_stream() or sys.stdout).flush()
        with os.fdopen(os.dup(stdout), "wb") as handle:
            yield handle
        return
    # Appending: a file some other descriptor names keeps what was written to it before.
    with open_appending(path, waiting) as handle:
        yield handle


def _stdout_fd() -> int | None:
    if own_stream() is not None:
        return own_fd()  # descriptor 1 reaches stderr meanwhile
    try:
        return sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return None  # replaced by a test runner's buffer, or closed


# A file a command names, and how its message calls it ("--json", "the draft").
NamedPath: TypeAlias = tuple[str, Path | None]


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file by any path: symbolic links and relative parts
    resolved, and, where both exist, the same device and inode (a hard link)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except (OSError, RuntimeError):
        # A path the system refuses is reported by whatever opens it; Python 3.11's resolve()
        # raises RuntimeError, not OSError, for a symbolic-link loop.
        return False


def require_distinct(
    outputs: Iterable[NamedPath],
    inputs: Iterable[NamedPath],
    *,
    shown: Mapping[Path, Path] | None = None,
) -> None:
    """UsageError, in one line, when an output is the same file as an input or as an earlier
    output; outputs and inputs that are None are left out. ``shown`` names a path as the user
    gave it where another name of it is compared (``opened_as``: /dev/stdout, not the private
    copy's /dev/fd/N)."""
    seen = [(name, path) for name, path in inputs if path is not None]
    said = shown or {}
    for name, path in outputs:
        if path is None:
            continue
        for other_name, other in seen:
            if same_file(path, other):
                raise UsageError(
                    f"{name} {said.get(path, path)} is the same file as {other_name} "
                    f"{said.get(other, other)}; choose another path"
                )
        seen.append((name, path))


def make_folder(folder: Path) -> list[Path]:
    """Make ``folder`` and those above it that are missing, each synced to the disk with the
    folder it was made in; the ones made, deepest first, for ``remove_empty_folders``. OSError
    when the system refuses."""
    chain = [folder, *folder.parents]
    made = chain[: next(i for i, f in enumerate(chain) if f.exists())]
    folder.mkdir(parents=True, exist_ok=True)
    # A new folder's name is a change of the one above it: unsynced, a crash of the machine
    # can lose the folder, and a file synced into it later with it. Top down, from the
    # folder the first one was made in.
    if made:
        for each in (made[-1].parent, *reversed(made)):
            sync_folder(each)
    return made


def remove_empty_folders(made: list[Path]) -> None:
    """Remove the folders ``make_folder`` made, deepest first, while they are empty: a command
    refused or failed before it wrote leaves no folder behind, as it leaves no file."""
    for folder in made:
        try:
            folder.rmdir()
        except OSError:
            return  # not empty: something was written there, or another run uses it


def _umask() -> int:
    # The umask can only be read by setting it back; writes here happen on one thread.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
