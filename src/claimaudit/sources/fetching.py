"""The ``arxiv`` source and ``check --fetch``: ``FetchingSource`` first adds a missing arXiv
paper to the library (``claimaudit.library.arxiv``), then asks the source it wraps for it."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.errors import ArxivError, LibraryError, SourceError
from claimaudit.identity import PaperRef, RefKind
from claimaudit.library.arxiv import add_from_arxiv
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.paths import resolve_library_path
from claimaudit.net.envsettings import require_tls_settings
from claimaudit.sources.arxiv import ArxivClient, arxiv_base_url
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper

if TYPE_CHECKING:
    from claimaudit.plugins import Registry

NAME = "arxiv"


class FetchingSource(Source):
    """Adds a missing arXiv paper to the library from arXiv, then asks ``inner`` for it.

    One client serves every paper, so its one-request-per-interval rule holds across a run.
    """

    def __init__(
        self,
        inner: Source,
        path: Path | None = None,
        *,
        client: ArxivClient | None = None,
        name: str | None = None,
        owns_inner: bool = False,
    ) -> None:
        if client is None:
            arxiv_base_url()  # made on first use; a base URL it could never ask is refused now
            require_tls_settings()
        self.inner = inner
        self.path = path
        self.name = name or inner.name
        self._client = client
        # What close() releases: its own client, and ``inner`` only when it was made for it
        # (a source or client passed in stays its owner's to close).
        self._owns_client = client is None
        self._owns_inner = owns_inner
        self._first = threading.Lock()  # held while a first paper makes the library

    @property
    def library_use(self) -> LibraryUse:
        return LibraryUse.FILLS

    @property
    def client(self) -> ArxivClient:
        if self._client is None:
            self._client = ArxivClient()
        return self._client

    def close(self) -> None:
        if self._owns_client and self._client is not None:
            self._client.close()
            self._client = None
        if self._owns_inner:
            self.inner.close()

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        made = self.ensure(ref) if ref.kind is RefKind.ARXIV else 0
        try:
            paper = self.inner.fetch(ref, query)
        except SourceError as error:
            if made and not error.calls:
                # The download was made, and paid for, even though the paper then failed.
                error.calls, error.backend = made, NAME
            raise
        if not made:
            return paper
        # Downloads are arXiv's requests; the library that then served the paper made none.
        backend = NAME if not paper.calls else paper.backend
        return dataclasses.replace(paper, calls=paper.calls + made, backend=backend)

    def ensure(self, ref: PaperRef) -> int:
        """Make sure the library holds ``ref``, downloading it if needed (SourceError, with the
        requests arXiv was sent, if that fails). Returns the number of requests made to arXiv."""
        sent = [0]  # requests arXiv was sent for ``ref``, counted as each download ends
        try:
            # A library another process makes meanwhile gets the download (library_for_adding).
            self._store(ref, sent)
            return sent[0]
        except ArxivError as exc:
            message = f"could not fetch {ref} from arXiv: {exc}"
        except LibraryError as exc:
            message = f"could not add {ref} to the library: {exc}"
        except sqlite3.Error as exc:
            message = f"local library unreadable: {exc}"
        # A failure after a request still cost it: the record counts what arXiv was sent.
        raise SourceError(message, calls=sent[0], backend=NAME)

    def _store(self, ref: PaperRef, sent: list[int]) -> None:
        # A library not made yet is made only once a paper is stored in it, so a failed download
        # leaves none behind; this run's threads make it one at a time, not each its own.
        first = not resolve_library_path(self.path).exists()
        held = self._first if first else contextlib.nullcontext()
        with held, library_for_adding(self.path) as library:
            if library.get_paper(ref) is not None:
                return
            start = self.client.requests_made
            try:
                add_from_arxiv(library, ref, self.client)
            finally:
                sent[0] += self.client.requests_made - start


def make_arxiv_source(*, path: Path | None = None) -> FetchingSource:
    return FetchingSource(LibrarySource(path), path, name=NAME, owns_inner=True)


def register(registry: Registry) -> None:
    registry.add_source(
        NAME,
        make_arxiv_source,
        "The local library, first downloading missing arXiv papers from arXiv into it.",
    )
