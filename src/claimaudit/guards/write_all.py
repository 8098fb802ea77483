"""Several files a person named written all or none (the files of one annotated draft): each
staged beside its place, renamed into it only once all are written, and every one given back
what it held after any failure."""

from __future__ import annotations

import os
import secrets
import stat
import tempfile
from collections.abc import Callable, Mapping
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import IO, TypeAlias

from claimaudit.guards.durable import sync_file, sync_folder
from claimaudit.guards.leftovers import TEMPORARY_PREFIX, TEMPORARY_SUFFIX, lock_for_life
from claimaudit.guards.stdio_names import is_stream
from claimaudit.guards.userfiles import remove_empty_folders, temporary_beside, write_atomic


class PartlyWrittenError(OSError):
    """A write of several files failed after some were replaced, and these (``changed``) could
    not be given back what they held: the message must not say that none was changed."""

    changed: list[Path]


def write_all_atomic(
    files: Mapping[Path, bytes], waiting: Callable[[Path], None] | None = None
) -> None:
    """Write every file of ``files`` or none (the files of one annotated draft, which must not
    mix new and old): each to a temporary beside it first, and only once all are written are
    they renamed into place, each old file kept under a second name until all are in. After a
    failure (a full disk, a file the system will not replace) the temporaries and the folders
    made for them are gone and every file holds what it held; the OSError names the file that
    failed (PartlyWrittenError where one could not be restored). A stream (``is_stream``) is
    written in place, after the files (``waiting`` with its path, as for ``atomic_writer``)."""
    staged: list[tuple[str, Path, IO[bytes], Path]] = []
    made: list[Path] = []
    replaced: list[tuple[Path, _Aside | None]] = []
    # A folder is no stream to write in place: it is refused with the files, before any rename.
    streams = {p: data for p, data in files.items() if is_stream(p) and not p.is_dir()}
    try:
        for path, data in files.items():
            if path in streams:
                continue
            try:
                target, fd, tmp = temporary_beside(path, made)
                staged.append((tmp, target, os.fdopen(fd, "wb"), path))
                staged[-1][2].write(data)
                staged[-1][2].flush()
                sync_file(staged[-1][2].fileno())  # on the disk before any rename (atomic_writer)
            except OSError as error:
                # Not the temporary's name (mkstemp's refusal gives it): it means nothing to
                # the user, and the output's does.
                error.filename, error.filename2 = str(path), None
                raise
        for tmp, target, _, path in staged:
            try:
                aside = _set_aside(target)
                try:
                    os.replace(tmp, target)  # each still open, so still locked (see atomic_writer)
                except BaseException:
                    _drop(aside)
                    raise
            except OSError as error:
                # The temporary's name means nothing to the user; the output file's does.
                error.filename, error.filename2 = str(path), None
                raise
            replaced.append((target, aside))
    except BaseException as error:
        lost = _restore(replaced)
        for tmp, _, _, _ in staged:
            Path(tmp).unlink(missing_ok=True)  # one already renamed is no longer there
        _close_all(staged)
        remove_empty_folders(made)
        if lost and isinstance(error, OSError):
            partly = PartlyWrittenError(error.errno, error.strerror, error.filename)
            partly.changed = lost
            raise partly from error
        raise
    for folder in dict.fromkeys(target.parent for target, _ in replaced):
        sync_folder(folder)  # the renames, which a crash could otherwise undo
    for _, aside in replaced:
        _drop(aside)
    _close_all(staged)
    for path, data in streams.items():
        write_atomic(path, data, None if waiting is None else partial(waiting, path))


# A second name for a file about to be replaced, and the descriptor that holds its lock.
_Aside: TypeAlias = tuple[Path, int]


def _set_aside(target: Path) -> _Aside | None:
    """Keep what ``target`` holds under a temporary name beside it (a hard link, so the very
    file comes back; a copy where the file system has no links), locked so that no sweep takes
    it; None when there is no file to keep."""
    if not target.exists():
        return None
    try:
        return _link_aside(target)
    except OSError:
        pass  # no hard links here (or this file refuses one): a copy keeps the bytes
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=TEMPORARY_PREFIX, suffix=TEMPORARY_SUFFIX)
    try:
        lock_for_life(fd)
        os.fchmod(fd, stat.S_IMODE(target.stat().st_mode))
        os.write(fd, target.read_bytes())
    except BaseException:
        os.close(fd)
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name), fd


def _link_aside(target: Path) -> _Aside:
    while True:
        name = target.parent / f"{TEMPORARY_PREFIX}{secrets.token_hex(6)}{TEMPORARY_SUFFIX}"
        try:
            os.link(target, name)
            break
        except FileExistsError:
            continue
    try:
        fd = os.open(name, os.O_RDONLY)
    except BaseException:
        name.unlink(missing_ok=True)
        raise
    try:
        lock_for_life(fd)
    except BaseException:
        os.close(fd)
        name.unlink(missing_ok=True)
        raise
    return name, fd


def _drop(aside: _Aside | None) -> None:
    if aside is not None:
        Path(aside[0]).unlink(missing_ok=True)
        with suppress(OSError):
            os.close(aside[1])


def _restore(replaced: list[tuple[Path, _Aside | None]]) -> list[Path]:
    """Give each replaced file what it held, last first; the files that could not be given it."""
    lost: list[Path] = []
    for target, aside in reversed(replaced):
        try:
            if aside is None:
                target.unlink()  # it was new: none was there before
            else:
                os.replace(aside[0], target)
        except OSError:
            lost.append(target)
        _drop(aside)
    return lost


def _close_all(staged: list[tuple[str, Path, IO[bytes], Path]]) -> None:
    for _, _, opened, _ in staged:
        with suppress(OSError):
            opened.close()
