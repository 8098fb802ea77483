"""A source that hands every part of the contract to another: the base of wrappers that change
one thing (the name a record gives, a cluster slot held while fetching, the words of a failure)
and nothing else, as ``claimaudit.judges.delegating`` is for judges."""

from __future__ import annotations

from claimaudit.identity import PaperRef
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper, as_library_use


class DelegatingSource(Source):
    """``inner``'s papers, library use and closing, under ``name``."""

    def __init__(self, inner: Source, name: str) -> None:
        self.inner = inner
        self.name = name

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        return self.inner.fetch(ref, query)

    @property
    def library_use(self) -> LibraryUse:
        # A plugin's "none" for LibraryUse.NONE: callers test it with ``is``.
        return as_library_use(self.inner.library_use, self.name)

    def close(self) -> None:
        self.inner.close()
