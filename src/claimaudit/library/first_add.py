"""A library for a command that adds papers, made only once a paper is stored.

A first ``library add`` that is refused (a damaged PDF), interrupted or finds nothing must not
leave an empty library behind: later commands would no longer say "no library at PATH". So a
library that does not exist yet is built in a hidden file beside it and put in place, with an
atomic ``link`` that never overwrites, only when it holds a paper. A library that exists is
used as it is; the folders made for a new one are removed again when it is not put in place.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from claimaudit.errors import LibraryMadeMeanwhileError, LibraryOpenError
from claimaudit.library._connection import connect, make_library_folder
from claimaudit.library.paths import resolve_library_path
from claimaudit.library.store import Library
from claimaudit.userfiles import remove_empty_folders

# SQLite's files beside a database in WAL mode; closing the last connection removes them.
_SIDE_FILES = ("-wal", "-shm", "-journal")
_NO_HARD_LINKS = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK})


@contextmanager
def library_for_adding(path: Path | None) -> Iterator[Library]:
    """The library at ``path`` (default ``default_library_path()``), open for adding papers;
    where there is none yet, one that becomes the file at ``path`` only if a paper is stored
    in it. ``Library.path`` is ``path`` either way, as messages name it."""
    resolved = resolve_library_path(path)
    if resolved.exists() or resolved.is_symlink():
        with Library.open(resolved) as library:
            yield library
        return
    made = make_library_folder(resolved)
    draft = resolved.with_name(f".{resolved.name}.{secrets.token_hex(4)}.new")
    try:
        # Made here, not by SQLite, so that an existing name is never reused: O_EXCL.
        os.close(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        conn, _ = connect(draft, create=True)
        library = Library(conn, resolved)
        try:
            yield library
        finally:
            # What was stored is kept even when the command stops early (Ctrl-C mid-import).
            stored = _holds_papers(library)
            library.close()
            if stored:
                _put_in_place(draft, resolved)
    finally:
        for name in (str(draft), *(f"{draft}{side}" for side in _SIDE_FILES)):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name)
        # No library, no folder made for it (one the library was put in is not empty).
        remove_empty_folders(made)


def _holds_papers(library: Library) -> bool:
    try:
        return library.count_papers() > 0
    except sqlite3.Error:
        return False


def _put_in_place(draft: Path, resolved: Path) -> None:
    try:
        # link, not rename: a library another run made meanwhile is never replaced.
        os.link(draft, resolved)
    except FileExistsError:
        raise LibraryMadeMeanwhileError(
            f"library {resolved} was made by another run meanwhile; nothing was stored, "
            "run the command again to add to it"
        ) from None
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS or resolved.exists():
            raise LibraryOpenError(
                f"cannot create library {resolved}: {exc.strerror or exc}"
            ) from exc
        # A file system without hard links: a rename, after the check just made.
        os.rename(draft, resolved)
