"""The ``library`` paper source: papers previously ingested into the local library."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.errors import (
    LibraryDamagedError,
    LibraryError,
    LibraryMissingError,
    LibraryUnreadableError,
    PaperNotInLibraryError,
    SourceError,
)
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import PaperRef, RefKind
from claimaudit.library.damage import looks_damaged
from claimaudit.library.paths import resolve_library_path
from claimaudit.library.store import Library
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper

if TYPE_CHECKING:
    from claimaudit.plugins import Registry


class LibrarySource(Source):
    """Serves whole papers from the library database at ``path`` (default location if None).

    The database is opened per fetch (read-only use, never created), so a source object is
    cheap to make and safe to keep while other commands add papers.
    """

    name = "library"
    library_use = LibraryUse.READS

    def __init__(self, path: Path | None = None) -> None:
        self.path = path

    def holds(self, ref: PaperRef) -> bool:
        """Whether the library has the paper ``ref`` asks for; a library not yet made has none.

        An unreadable library is a SourceError, not "no": it must not send the user elsewhere.
        """
        if not resolve_library_path(self.path).exists():
            return False
        try:
            with Library.open(self.path, create=False) as library:
                return library.get_paper(ref) is not None
        except LibraryError as exc:
            raise _unreadable(exc) from exc
        except sqlite3.Error as exc:
            raise SourceError(f"local library unreadable: {exc}") from exc

    def other_copies(self, ref: PaperRef) -> list[PaperRef]:
        """``other_copies`` of the library at ``path``; none when there is no library yet. An
        unreadable library is a SourceError, as for ``holds``."""
        if ref.version is None or not resolve_library_path(self.path).exists():
            return []
        try:
            with Library.open(self.path, create=False) as library:
                return other_copies(library, ref)
        except LibraryError as exc:
            raise _unreadable(exc) from exc
        except sqlite3.Error as exc:
            raise SourceError(f"local library unreadable: {exc}") from exc

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        try:
            # One snapshot: a paper replaced meanwhile is read as one version, not two.
            with Library.open(self.path, create=False) as library, library.snapshot():
                paper = library.get_paper(ref)
                if paper is None:
                    # How to add it is each surface's advice (``claimaudit.advice``).
                    raise PaperNotInLibraryError(
                        not_in_library(ref, library.path, other_copies(library, ref)),
                        library=str(library.path),
                        arxiv_id=_arxiv_id(ref),
                        local=ref.kind is RefKind.LOCAL,
                    )
                passages = library.passages(paper.ref)
        except LibraryMissingError as exc:
            # No library yet: the paper is not in it, and each surface says how to add one.
            raise PaperNotInLibraryError(
                f"{ref}: no library at {shown_name(exc.path)}",
                library=str(exc.path),
                arxiv_id=_arxiv_id(ref),
                local=ref.kind is RefKind.LOCAL,
            ) from exc
        except LibraryError as exc:
            raise _unreadable(exc) from exc
        except sqlite3.Error as exc:
            message = f"local library unreadable: {exc}"
            if looks_damaged(exc):
                raise LibraryUnreadableError(message, damaged="database") from exc
            raise LibraryUnreadableError(message) from exc
        if not passages:
            raise SourceError(f"{paper.ref} is in the local library but has no passages")
        return SourcePaper(
            ref=paper.ref,
            title=paper.title,
            url=paper.url or paper.ref.url,
            passages=passages,
            # The text is what was captured at ingestion; that is when it was retrieved.
            retrieved_at=paper.ingested_at,
            # Nothing is searched: the record names the query that ranked the passages.
            search_query="",
            full_text=True,
            content_hash=paper.content_hash,
            extractor=paper.extractor,
        )


def not_in_library(ref: PaperRef, library: Path, stored: Sequence[PaperRef] = ()) -> str:
    """The one wording, for every kind of reference and every source that reads the library,
    of a paper the library lacks; each surface adds its own way to add it. ``stored``: the
    copies of the same work it holds (``other_copies``), named with how to cite them: "not in
    the library" alone reads as if no version of the paper were there."""
    missing = f"{ref} is not in the local library ({shown_name(library)})"
    if not stored:
        return missing
    plain = ref.unversioned
    if all(copy.version is None for copy in stored):
        return f"{missing}, which holds {plain} without a version: cite {plain}"
    names = [str(copy) for copy in stored]
    held = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    which = "that version" if len(names) == 1 else "one of them"
    return (
        f"{missing}, which holds {held}: cite {which}, or {plain} without a version for the "
        "newest one stored"
    )


def other_copies(library: Library, ref: PaperRef) -> list[PaperRef]:
    """The copies of ``ref``'s work that ``library`` holds when it lacks the version ``ref``
    names: its other versions, oldest first, else a copy stored without a version (which a
    versioned reference never reads). Nothing for an unversioned reference: it reads any."""
    if ref.version is None:
        return []
    versions = [paper.ref for paper in library.versions(ref) if paper.ref != ref]
    if versions:
        return versions
    plain = library.get_paper(ref.unversioned, exact=True)
    return [plain.ref] if plain is not None else []


def _unreadable(exc: LibraryError) -> SourceError:
    """A library failure met while checking, its damage (if any) kept for the advice."""
    damaged = exc.part if isinstance(exc, LibraryDamagedError) else None
    return LibraryUnreadableError(f"local library: {exc}", damaged=damaged)


def make_library_source(*, path: Path | None = None) -> LibrarySource:
    return LibrarySource(path)


def register(registry: Registry) -> None:
    registry.add_source(
        "library",
        make_library_source,
        "Papers in the local library (add them with `claimaudit library add`).",
    )


def _arxiv_id(ref: PaperRef) -> str | None:
    """The id a download (``library add arxiv:ID``, ``--fetch``) would add the paper under:
    the command line's advice names both for an arXiv paper, whatever the source."""
    return ref.versioned_id if ref.kind is RefKind.ARXIV else None
