"""Other libraries' exceptions that mean one of ours, translated so every surface reports
them alike."""

from __future__ import annotations

import sqlite3

from claimaudit.errors._base import ClaimauditError
from claimaudit.errors._library import LibraryOpenError


def as_known(exc: BaseException) -> ClaimauditError | None:
    """``exc`` as one of ours: itself, a library database failure as ``LibraryOpenError``, or
    None for a bug (which callers report as an internal error, never in detail)."""
    if isinstance(exc, ClaimauditError):
        return exc
    if isinstance(exc, sqlite3.Error):
        return LibraryOpenError(f"library database error: {exc}")
    return None
