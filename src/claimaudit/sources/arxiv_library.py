"""arXiv papers fetched into the local library.

``add_from_arxiv`` backs ``claimaudit library add arxiv:ID``: the edition comes from the arXiv API
(the newest one for an unversioned id), the text from its LaTeX source (the e-print, unpacked
safely and read exactly like a local LaTeX folder) or, when there is no usable source, from its
PDF, and it is stored under the versioned ref with arXiv's title. The paper's source path (the
e-print's or the PDF's URL) and source format (``latex`` or ``pdf``) say which was used.
``FetchingSource`` backs ``check --fetch`` and the ``arxiv`` source: a missing arXiv paper is
added first, then the wrapped source is asked.
"""

from __future__ import annotations

import dataclasses
import sqlite3
import tempfile
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.identity import PaperRef, RefKind
from claimaudit.library.errors import InputError, LibraryError
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.redaction import redact_url
from claimaudit.sources.arxiv import ArxivClient, ArxivEntry, ArxivError
from claimaudit.sources.arxiv_eprint import EprintError, unpack_eprint
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import Source, SourceError, SourcePaper

if TYPE_CHECKING:
    from claimaudit.library.ingest import AddResult
    from claimaudit.plugins import Registry

NAME = "arxiv"


def add_from_arxiv(
    library: Library,
    ref: PaperRef,
    client: ArxivClient,
    *,
    title: str | None = None,
    replace: bool = False,
) -> AddResult:
    """Download ``ref`` from arXiv and ingest it. The edition already stored is not downloaded
    again unless ``replace``. Raises ArxivError or LibraryError; the library is then unchanged."""
    # Imported on use: PDF extraction is heavy, and the plugin loads for every command.
    from claimaudit.library.extract import is_current
    from claimaudit.library.ingest import AddResult, add_path

    entry = client.entry(ref)
    stored = library.get_paper(entry.ref)
    if stored is not None and not replace and is_current(stored.source_format, stored.extractor):
        return AddResult(stored.ref, stored.title, AddOutcome.UNCHANGED, stored.passage_count, 0)
    # A copy read by an older extractor is read again from arXiv: the same content, replaced.
    replace = replace or stored is not None
    with tempfile.TemporaryDirectory(prefix="claimaudit-arxiv-") as folder:
        added = _from_source(library, entry, client, Path(folder), title, replace)
        if added is not None:
            return added
        data = client.pdf(entry)
        # Stored as the paper's source and shown in messages: no credential of a mirror's URL.
        url = redact_url(client.pdf_url(entry))
        path = Path(folder) / f"{entry.versioned_id.replace('/', '_')}.pdf"
        path.write_bytes(data)
        try:
            return add_path(
                library,
                path,
                ref=entry.ref,
                title=title or entry.title,
                replace=replace,
                source_path=url,
            )
        except InputError as exc:
            # Name the download, not the temporary file that is about to disappear.
            raise InputError(str(exc).replace(str(path), url)) from None


def _from_source(
    library: Library,
    entry: ArxivEntry,
    client: ArxivClient,
    folder: Path,
    title: str | None,
    replace: bool,
) -> AddResult | None:
    """The paper added from its LaTeX source, or None when arXiv has no usable source for it
    (none, a PDF only, over the size limits, or LaTeX that cannot be read): then the PDF."""
    from claimaudit.library.ingest import add_path

    try:
        data = client.eprint(entry)
    except ArxivError:
        return None
    tree = folder / "source"
    tree.mkdir()
    try:
        if unpack_eprint(data, tree) is None:
            return None
        return add_path(
            library,
            tree,
            ref=entry.ref,
            title=title or entry.title,
            replace=replace,
            source_path=redact_url(client.eprint_url(entry)),
        )
    except (EprintError, InputError):
        return None


class FetchingSource:
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
    ) -> None:
        self.inner = inner
        self.path = path
        self.name = name or inner.name
        self._client = client

    @property
    def client(self) -> ArxivClient:
        if self._client is None:
            self._client = ArxivClient()
            weakref.finalize(self, self._client.close)
        return self._client

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        made = self.ensure(ref) if ref.kind is RefKind.ARXIV else 0
        paper = self.inner.fetch(ref, query)
        if not made:
            return paper
        # Downloads are arXiv's requests; the library that then served the paper made none.
        backend = NAME if not paper.calls else paper.backend
        return dataclasses.replace(paper, calls=paper.calls + made, backend=backend)

    def ensure(self, ref: PaperRef) -> int:
        """Make sure the library holds ``ref``, downloading it if needed (SourceError if that
        fails). Returns the number of requests made to arXiv."""
        try:
            with Library.open(self.path, create=True) as library:
                if library.get_paper(ref) is not None:
                    return 0
                before = self.client.requests_made
                add_from_arxiv(library, ref, self.client)
                return self.client.requests_made - before
        except ArxivError as exc:
            raise SourceError(f"could not fetch {ref} from arXiv: {exc}") from None
        except LibraryError as exc:
            raise SourceError(f"could not add {ref} to the library: {exc}") from None
        except sqlite3.Error as exc:
            raise SourceError(f"local library unreadable: {exc}") from None


def make_arxiv_source(*, path: Path | None = None) -> FetchingSource:
    return FetchingSource(LibrarySource(path), path, name=NAME)


def register(registry: Registry) -> None:
    registry.add_source(
        NAME,
        make_arxiv_source,
        "The local library, first downloading missing arXiv papers from arXiv into it.",
    )
