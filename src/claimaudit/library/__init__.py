"""The local paper library: ingest papers once, then check claims against them offline."""

from claimaudit.library.models import AddOutcome, SearchHit, StoredPaper, StoredPassage
from claimaudit.library.paths import default_library_path
from claimaudit.library.store import Library

__all__ = [
    "AddOutcome",
    "Library",
    "SearchHit",
    "StoredPaper",
    "StoredPassage",
    "default_library_path",
]
