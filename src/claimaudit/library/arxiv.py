"""arXiv papers added to the library: ``claimaudit library add arxiv:ID`` and fetching sources.

The edition comes from the arXiv API (the newest one for an unversioned id), the text from its
PDF, ingested exactly like a local PDF and stored under the versioned ref with arXiv's title.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.errors import InputError
from claimaudit.identity import PaperRef
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.redaction import redact_url

if TYPE_CHECKING:
    from claimaudit.library.ingest import AddResult
    from claimaudit.sources.arxiv import ArxivClient


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
    from claimaudit.library.ingest import AddResult, add_path

    entry = client.entry(ref)
    stored = library.get_paper(entry.ref)
    if stored is not None and not replace:
        return AddResult(stored.ref, stored.title, AddOutcome.UNCHANGED, stored.passage_count, 0)
    data = client.pdf(entry)
    # Stored as the paper's source and shown in messages: no credential of a mirror's URL.
    url = redact_url(client.pdf_url(entry))
    with tempfile.TemporaryDirectory(prefix="claimaudit-arxiv-") as folder:
        path = Path(folder) / f"{entry.ref.versioned_id.replace('/', '_')}.pdf"
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
