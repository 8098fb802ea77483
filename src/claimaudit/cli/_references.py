"""What ``review --verify-refs`` and ``refs`` share: the verifier they build (arXiv and
Crossref clients, the library's cache of catalogue answers) and how statuses are counted."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.paths import resolve_library_path
from claimaudit.library.reference_lookups import LibraryReferenceCache
from claimaudit.refcheck.verify import ReferenceVerifier


def make_verifier(library: Path | None, *, cache: bool = True) -> ReferenceVerifier:
    """A verifier whose catalogue answers are kept in the library (unless ``cache`` is off)."""
    kept = LibraryReferenceCache(resolve_library_path(library)) if cache else None
    return ReferenceVerifier(cache=kept)


def status_line(counts: dict[str, int]) -> str:
    """``2 ok, 1 not found`` (statuses with none left out)."""
    shown = [f"{n} {status.replace('_', ' ')}" for status, n in counts.items() if n]
    return ", ".join(shown) or "none"
