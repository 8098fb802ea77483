"""The local paper library: ingest papers once, then check claims against them offline."""

from claimaudit.library.models import AddOutcome, SearchHit, StoredPaper
from claimaudit.library.paths import default_library_path
from claimaudit.library.store import Library
from claimaudit.passage import Passage

__all__ = [
    "AddOutcome",
    "Library",
    "Passage",
    "SearchHit",
    "StoredPaper",
    "default_library_path",
]
