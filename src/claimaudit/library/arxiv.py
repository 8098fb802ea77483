"""arXiv papers added to the library: ``claimaudit library add arxiv:ID`` and fetching sources.

The edition comes from the arXiv API (the newest one for an unversioned id), the text from its
LaTeX source (the e-print, unpacked safely and read exactly like a local LaTeX folder) or, when
there is no usable source, from its PDF, and it is stored under the versioned ref with arXiv's
title. The paper's source path (the e-print's or the PDF's URL) and source format (``latex`` or
``pdf``) say which was used.
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.errors import ArxivError, EprintError, InputError
from claimaudit.identity import PaperRef
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.redaction import redact_url

if TYPE_CHECKING:
    from claimaudit.library.ingest import AddResult
    from claimaudit.sources.arxiv import ArxivClient, ArxivEntry


def add_from_arxiv(
    library: Library,
    ref: PaperRef,
    client: ArxivClient,
    *,
    title: str | None = None,
    replace: bool = False,
    cancel: threading.Event | None = None,
) -> AddResult:
    """Download ``ref`` from arXiv and ingest it. The edition already stored is not downloaded
    again unless ``replace`` (or it was read by an older extractor). Raises ArxivError or
    LibraryError; the library is then unchanged. Once ``cancel`` is set, nothing is stored
    (CancelledWorkError, as ``add_path`` raises it)."""
    # Imported on use: PDF extraction is heavy, and the plugin loads for every command.
    from claimaudit.library.extract import is_current
    from claimaudit.library.ingest import AddResult, add_path, check_title

    check_title(title)  # before arXiv is asked
    entry = client.entry(ref)
    stored = library.get_paper(entry.ref)
    if stored is not None and not replace and is_current(stored.source_format, stored.extractor):
        return AddResult(stored.ref, stored.title, AddOutcome.UNCHANGED, stored.passage_count, 0)
    # A copy read by an older extractor is read again from arXiv: the same content, replaced.
    replace = replace or stored is not None
    with tempfile.TemporaryDirectory(prefix="claimaudit-arxiv-") as folder:
        added = _from_source(library, entry, client, Path(folder), title, replace, cancel)
        if added is not None:
            return added
        data = client.pdf(entry)
        # Stored as the paper's source and shown in messages: no credential of a mirror's URL.
        url = redact_url(client.pdf_url(entry))
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
                cancel=cancel,
            )
        except InputError as exc:
            # Name the download, not the temporary file that is about to disappear.
            raise exc.reworded(str(exc).replace(str(path), url)) from None


def _from_source(
    library: Library,
    entry: ArxivEntry,
    client: ArxivClient,
    folder: Path,
    title: str | None,
    replace: bool,
    cancel: threading.Event | None,
) -> AddResult | None:
    """The paper added from its LaTeX source, or None when arXiv has no usable source for it
    (none, a PDF only, over the size limits, or LaTeX that cannot be read): then the PDF."""
    from claimaudit.library.arxiv_eprint import unpack_eprint
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
            cancel=cancel,
        )
    except (EprintError, InputError):
        return None
