"""Library errors: a library operation could not be done (missing, conflict, unreadable
file)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from claimaudit.errors._base import ClaimauditError
from claimaudit.guards.filenames import shown_name


class LibraryError(ClaimauditError):
    """A library operation could not be done; the message is fit for a user."""

    code = "library_error"


class LibraryOpenError(LibraryError):
    """The database is missing, unreadable, not SQLite, or from a newer claimaudit."""

    http_status = 503
    code = "library_unavailable"


class LibraryBusyError(LibraryOpenError):
    """Another process kept the library's write lock past the wait: nothing was written, and
    the same write may succeed later. ``waited``: the seconds the write waited, if it did;
    a server tells its client when to try again by it (Retry-After)."""

    code = "library_busy"

    def __init__(self, message: str, *, waited: float | None = None) -> None:
        super().__init__(message)
        self.waited = waited


class LibraryMissingError(LibraryOpenError):
    """No library file at ``path`` where one must exist. The message says only that: how to
    make one is each surface's advice (``claimaudit.advice``)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"no library at {shown_name(path)}")
        self.path = path


class LibraryFolderError(LibraryOpenError):
    """The library's folder cannot be made where the library path puts it (a part of that
    path is a file, or may not be written): the fix is another library path."""


class LibraryMadeMeanwhileError(LibraryOpenError):
    """Another run made the library while this one built it with its first papers. No longer
    raised: such papers are now stored in the library the other run made; kept so that code
    catching it still imports."""


class LibraryDamagedError(LibraryOpenError):
    """The database is damaged (its full-text index out of step, or SQLite reporting a malformed
    file): answering would risk a false "nothing found", so nothing is answered. ``part``: what
    is damaged, which decides the advice: ``"index"`` (a repair rebuilds it), ``"database"``
    (a library check says where), or None (the message says what to do)."""

    code = "library_damaged"

    def __init__(self, message: str, *, part: Literal["index", "database"] | None = None) -> None:
        super().__init__(message)
        self.part = part


class PaperNotFoundError(LibraryError, LookupError):
    """No stored paper satisfies the requested reference."""

    http_status = 404
    # Not the passage's code: a client tells "the paper is gone" from "the paper is there
    # without that passage" (a replaced copy) by it, without asking again.
    code = "paper_not_found"


class PassageNotFoundError(LibraryError, LookupError):
    """The paper exists but has no passage with the requested id."""

    http_status = 404
    code = "passage_not_found"


class AmbiguousPaperError(LibraryError):
    """An unversioned reference names several stored copies (versions, or an unversioned copy
    beside them) where one was meant. ``unversioned``: one of them is stored under exactly the
    reference given."""

    def __init__(self, message: str, *, unversioned: bool = False) -> None:
        super().__init__(message)
        self.unversioned = unversioned


class ContentConflictError(LibraryError):
    """Different content is already stored under ``ref`` and replace was not asked."""

    http_status = 409
    code = "conflict"

    def __init__(self, message: str, *, ref: str = "") -> None:
        super().__init__(message)
        self.ref = ref


class ContentChangedError(LibraryError):
    """The paper is stored with other content than the one named (a record's
    ``paperContentHash``): re-added since, its passages may not be the ones the record quotes."""

    http_status = 409
    code = "content_changed"


class InputError(LibraryError):
    """The file or folder to ingest cannot be read as a paper."""

    http_status = 422
    code = "unreadable_paper"


class CorpusFileError(InputError):
    """A corpus file (JSON Lines) given as a paper: it is imported another way."""


class RefRequiredError(InputError):
    """No unambiguous reference could be inferred, so the caller must give one. ``found``: the
    disagreeing references the file's name and metadata gave (none: they gave none)."""

    # Its own code, so that a client (the web page) can say how to give the reference there.
    code = "ref_required"

    def __init__(self, message: str, *, found: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.found = found
