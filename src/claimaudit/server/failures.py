"""Which exceptions are the caller's fault or a known condition, and how to say so.

Shared by the HTTP API (status codes) and the MCP server (tool errors), so both give the same
message for the same problem. Imports nothing from a web framework.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from claimaudit.checker import InvalidClaimError
from claimaudit.identity import InvalidReferenceError
from claimaudit.library.errors import (
    ContentConflictError,
    InputError,
    LibraryError,
    LibraryOpenError,
    PaperNotFoundError,
)
from claimaudit.plugins import UnknownBackendError
from claimaudit.redaction import redact_text
from claimaudit.review.bibliography import BibliographyError
from claimaudit.review.document import DraftError
from claimaudit.untrusted import InvalidTextError, scrub_surrogates


@dataclass(frozen=True)
class Failure:
    status: int
    code: str
    message: str


class PassageNotFoundError(LookupError):
    """The paper exists but has no passage with the requested id."""


class UnsupportedFileError(ValueError):
    """An upload whose name does not say which kind of paper file it is."""


class InvalidDraftError(ValueError):
    """A draft to review that has nothing in it, or review options that cannot be used."""


# Most specific first: InputError and the others are LibraryErrors too; a claim that is not
# valid text is an InvalidClaimError as well, but answers as invalid text.
_KNOWN: tuple[tuple[type[Exception], int, str], ...] = (
    (InvalidTextError, 422, "invalid_text"),
    (InvalidClaimError, 400, "invalid_claim"),
    (InvalidReferenceError, 400, "invalid_reference"),
    (UnknownBackendError, 400, "unknown_judge"),
    (InvalidDraftError, 400, "invalid_draft"),
    (DraftError, 400, "invalid_draft"),
    (BibliographyError, 400, "invalid_bibliography"),
    (PaperNotFoundError, 404, "not_found"),
    (PassageNotFoundError, 404, "not_found"),
    (ContentConflictError, 409, "conflict"),
    (UnsupportedFileError, 415, "unsupported_media_type"),
    (InputError, 422, "unreadable_paper"),
    (LibraryOpenError, 503, "library_unavailable"),
    (LibraryError, 400, "library_error"),
)


# Everything ``classify`` knows, for frameworks that register a handler per exception type.
KNOWN_EXCEPTIONS: tuple[type[Exception], ...] = (*(k for k, _, _ in _KNOWN), sqlite3.Error)


def classify(exc: BaseException) -> Failure | None:
    for kind, status, code in _KNOWN:
        if isinstance(exc, kind):
            return Failure(status, code, _one_line(str(exc)))
    if isinstance(exc, sqlite3.Error):
        return Failure(503, "library_unavailable", f"library database error: {_one_line(str(exc))}")
    return None


def _one_line(text: str) -> str:
    """One line, fit for any client: no credential, nothing that cannot be encoded."""
    return " ".join(scrub_surrogates(redact_text(text)).split()) or "request failed"
