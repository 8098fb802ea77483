"""A library for a command that adds papers, made only once a paper is stored.

A first ``library add`` that is refused (a damaged PDF), interrupted or finds nothing must not
leave an empty library behind: later commands would no longer say "no library at PATH". So a
library that does not exist yet is built in a hidden file beside it, and put in place, with an
atomic ``link`` that never overwrites, as soon as its first paper is committed: before the
command says "added", so that a paper it reported survives even ``kill -9``. From then on the
library in place is written. A library that exists is used as it is; the folders made for a new
one are removed again when it is not put in place.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from claimaudit.errors import LibraryOpenError
from claimaudit.guards.durable import sync_folder
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import remove_empty_folders
from claimaudit.library._connection import connect, make_library_folder
from claimaudit.library.draft_files import new_draft, remove_draft, remove_orphans
from claimaudit.library.held_signals import signals_held
from claimaudit.library.models import AddOutcome, NewPaper
from claimaudit.library.paths import resolve_library_path
from claimaudit.library.store import Library

_NO_HARD_LINKS = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK})

# The errors of a folder in which no file may be made (its mode, a read-only mount).
_FOLDER_REFUSALS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})

_T = TypeVar("_T")


@contextmanager
def library_for_adding(path: Path | None) -> Iterator[Library]:
    """The library at ``path`` (default ``default_library_path()``), open for adding papers;
    where there is none yet, one that becomes the file at ``path`` once a paper is stored in
    it, or the library another run makes there meanwhile, which this one's papers then go to.
    ``Library.path`` is ``path`` either way, as messages name it."""
    resolved = resolve_library_path(path)
    remove_orphans(resolved)  # drafts of runs killed before they stored a paper
    if resolved.exists() or resolved.is_symlink():
        with Library.open(resolved) as library:
            yield library
        return
    made = make_library_folder(resolved)
    try:
        draft = _new_draft(resolved)
    except BaseException:
        remove_empty_folders(made)
        raise
    try:
        conn, _ = connect(draft, create=True)
        library = _FirstLibrary(conn, resolved, draft)
        try:
            yield library
        finally:
            library.finish()
    finally:
        remove_draft(draft)
        # No library, no folder made for it (one the library was put in is not empty).
        remove_empty_folders(made)


class _FirstLibrary(Library):
    """A new library's draft until a write stores its first paper, then the library in place.
    Papers are only ever stored by ``add_paper`` and ``store_papers`` (``add_papers`` calls
    it), so those are where the draft is put in place."""

    def __init__(self, conn: sqlite3.Connection, path: Path, draft: Path) -> None:
        super().__init__(conn, path)
        self._draft: Path | None = draft

    def add_paper(self, paper: NewPaper, *, replace: bool = False) -> AddOutcome:
        add = super().add_paper
        return self._written(lambda: add(paper, replace=replace))

    def store_papers(
        self, papers: Iterable[NewPaper], *, replace: bool = False
    ) -> list[AddOutcome]:
        if self._draft is None:
            return super().store_papers(papers, replace=replace)
        # Written again if another run made the library meanwhile: a one-shot iterator is
        # kept for that, an iterable (a corpus file, read afresh) is iterated again.
        kept = list(papers) if isinstance(papers, Iterator) else papers
        store = super().store_papers
        return self._written(lambda: store(kept, replace=replace))

    def _written(self, write: Callable[[], _T]) -> _T:
        if self._draft is None:
            return write()
        noted = len(self.stored)
        done = write()
        # Where another run made the library first, this write goes to it, as it would have
        # had this run started a moment later: there identical content is "unchanged", and
        # other content under the same reference a conflict, as ever.
        if self._place():
            return done
        del self.stored[noted:]  # only in the dropped draft
        return write()

    def _place(self) -> bool:
        """The draft, once it holds a paper, linked into place and this object switched to
        the library file; False (the draft dropped) where another run made that file first."""
        draft = self._draft
        if draft is None or not _holds_papers(self):
            return True
        # Ctrl-C between these steps would lose a paper already stored.
        with signals_held():
            # Its only connection: closing it moves what the WAL holds into the file.
            self._conn.close()
            self._draft = None
            try:
                made = _put_in_place(draft, self.path)
            finally:
                remove_draft(draft)
            self._conn, _ = connect(self.path, create=False)
        return made

    def finish(self) -> None:
        """At the block's end: a paper committed but not yet put in place (a stop came in
        between) is put in place all the same; then the library is closed."""
        try:
            self._place()
        finally:
            self.close()


def _new_draft(resolved: Path) -> Path:
    """``new_draft``, its refusal said as the library's: the hidden draft's own name ("error:
    .lib.db.5bce98f7-28870.6b6c7d22.new: Permission denied") means nothing to the user."""
    try:
        return new_draft(resolved)
    except OSError as exc:
        why = exc.strerror or str(exc)
        if exc.errno in _FOLDER_REFUSALS:
            why = f"its folder {shown_name(resolved.parent)} may not be written ({why})"
        raise LibraryOpenError(f"cannot create library {shown_name(resolved)}: {why}") from exc


def _holds_papers(library: Library) -> bool:
    try:
        return library.count_papers() > 0
    except sqlite3.Error:
        return False


def _put_in_place(draft: Path, resolved: Path) -> bool:
    """Whether ``draft`` became ``resolved``: False where a file is there already."""
    try:
        # link, not rename: a library another run made meanwhile is never replaced.
        os.link(draft, resolved)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS or resolved.exists():
            raise LibraryOpenError(
                f"cannot create library {shown_name(resolved)}: {exc.strerror or exc}"
            ) from exc
        # A file system without hard links: a rename, after the check just made.
        os.rename(draft, resolved)
    # SQLite synced the draft's pages as it committed; the new name needs its folder synced,
    # or a crash soon after leaves the papers in a draft the next add sweeps away.
    sync_folder(resolved.parent)
    return True
