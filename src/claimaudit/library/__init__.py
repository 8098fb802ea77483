"""The local paper library: ingest papers once, then check claims against them offline."""

from claimaudit.library.errors import (
    ContentConflictError,
    InputError,
    LibraryError,
    LibraryOpenError,
    PaperNotFoundError,
    RefRequiredError,
)
from claimaudit.library.models import AddOutcome, SearchHit, StoredPaper, StoredPassage
from claimaudit.library.paths import default_library_path
from claimaudit.library.store import Library

__all__ = [
    "AddOutcome",
    "ContentConflictError",
    "InputError",
    "Library",
    "LibraryError",
    "LibraryOpenError",
    "PaperNotFoundError",
    "RefRequiredError",
    "SearchHit",
    "StoredPaper",
    "StoredPassage",
    "default_library_path",
]
