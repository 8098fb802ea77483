"""The ``auto`` source, the command line's default: the library when it holds the paper, else
Valyu Search when ``VALYU_API_KEY`` is set, else a ``not_checked`` record saying what to do.

A library that exists but cannot be read is reported as such rather than passed over: a broken
library must not quietly turn into paid searches.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.errors import PaperNotInLibraryError
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import PaperRef, RefKind
from claimaudit.library.paths import resolve_library_path
from claimaudit.sources.library import LibrarySource, not_in_library
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper
from claimaudit.sources.valyu import API_KEY_ENV, ValyuSource

if TYPE_CHECKING:
    from claimaudit.plugins import Registry

NAME = "auto"


class AutoSource(Source):
    name = NAME
    # The library first; a missing library is reported, never created.
    library_use = LibraryUse.READS

    def __init__(
        self,
        path: Path | None = None,
        *,
        library: LibrarySource | None = None,
        valyu: ValyuSource | None = None,
    ) -> None:
        self.path = path
        self.library = library or LibrarySource(path)
        self.valyu = valyu or ValyuSource()

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        if self.library.holds(ref):
            return self.library.fetch(ref, query)
        searchable = ref.kind is RefKind.ARXIV
        if searchable and os.environ.get(API_KEY_ENV, "").strip():
            return self.valyu.fetch(ref, query)
        path = resolve_library_path(self.library.path)
        # How to add the paper is each surface's advice (``claimaudit.advice``).
        search_key = API_KEY_ENV if searchable else None
        if not path.exists():
            raise PaperNotInLibraryError(
                f"{ref}: no library at {shown_name(path)}",
                library=str(path),
                arxiv_id=ref.versioned_id if searchable else None,
                search_key=search_key,
            )
        if not searchable:
            return self.library.fetch(ref, query)  # Valyu cannot help: the library's own error
        raise PaperNotInLibraryError(
            not_in_library(ref, path, self.library.other_copies(ref)),
            library=str(path),
            arxiv_id=ref.versioned_id,
            search_key=search_key,
        )

    def close(self) -> None:
        self.library.close()
        self.valyu.close()


def make_auto_source(*, path: Path | None = None) -> AutoSource:
    return AutoSource(path)


def register(registry: Registry) -> None:
    registry.add_source(
        NAME,
        make_auto_source,
        f"The library when it holds the paper, else Valyu Search when {API_KEY_ENV} is set.",
    )
