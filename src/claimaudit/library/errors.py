"""Errors the library raises; the CLI turns each into a one-line message and exit code 2."""

from __future__ import annotations


class LibraryError(Exception):
    """Base class: anything that stops a library operation, with a message fit for a user."""


class LibraryOpenError(LibraryError):
    """The database is missing, unreadable, not SQLite, or from a newer claimaudit."""


class PaperNotFoundError(LibraryError):
    """No stored paper satisfies the requested reference."""


class ContentConflictError(LibraryError):
    """Different content is already stored under this reference and --replace was not given."""


class InputError(LibraryError):
    """The file or folder to ingest cannot be read as a paper."""


class RefRequiredError(InputError):
    """No unambiguous reference could be inferred; the user must pass --ref."""
