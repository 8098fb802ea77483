"""arXiv papers added to the library: ``claimaudit library add arxiv:ID`` and fetching sources.

The edition comes from the arXiv API (the newest one for an unversioned id), the text from its
LaTeX source (the e-print, unpacked safely and read exactly like a local LaTeX folder) or, when
there is no usable source, from its PDF, and it is stored under the versioned ref with arXiv's
title. The paper's source path (the e-print's or the PDF's URL) and source format (``latex`` or
``pdf``) say which was used.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.errors import ArxivError, CancelledWorkError, EprintError, InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.leftovers import scratch_folder
from claimaudit.identity import PaperRef
from claimaudit.library.models import AddOutcome, StoredPaper
from claimaudit.library.store import Library
from claimaudit.net.redaction import redact_url

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
    again unless ``replace`` (or it was read by an older extractor); a version named and
    stored is not even looked up. Raises ArxivError or LibraryError; the library is then
    unchanged. Once ``cancel`` is set, nothing is stored and arXiv is asked nothing more
    (CancelledWorkError, as ``add_path`` raises it). An UNCHANGED result's title is the one
    asked for, where one was (``add_file.settle_title`` then says whether it was kept)."""
    # Imported on use: PDF extraction is heavy, and the plugin loads for every command.
    from claimaudit.library.ingest import add_path, check_title

    check_title(title)  # before arXiv is asked
    if ref.version is not None and not replace:
        # Stored and current: arXiv (down, or spacing its requests) has nothing to add.
        unchanged = _unchanged(library.get_paper(ref), title)
        if unchanged is not None:
            return unchanged
    _unless_cancelled(cancel)
    entry = client.entry(ref)
    stored = library.get_paper(entry.ref)
    if not replace and (unchanged := _unchanged(stored, title)) is not None:
        return unchanged
    # A copy read by an older extractor is read again from arXiv: the same content, replaced.
    replace = replace or stored is not None
    # Locked as this run's: a download a killed run left (its source package, its PDF) is
    # removed by the next download, never a live run's.
    with scratch_folder("claimaudit-arxiv-") as folder:
        added = _from_source(library, entry, client, folder, title, replace, cancel)
        if added is not None:
            return added
        _unless_cancelled(cancel)
        data = client.pdf(entry)
        # Stored as the paper's source and shown in messages: no credential of a mirror's URL.
        url = redact_url(client.pdf_url(entry))
        path = folder / f"{entry.ref.versioned_id.replace('/', '_')}.pdf"
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
            # Name the download, not the temporary file that is about to disappear (named as
            # the readers' messages name a file).
            raise exc.reworded(str(exc).replace(shown_name(path), url)) from None


def _unless_cancelled(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise CancelledWorkError("cancelled before the paper was stored; the library is unchanged")


def _unchanged(stored: StoredPaper | None, title: str | None) -> AddResult | None:
    """The answer for a paper stored and read by the current extractor (None otherwise), with
    the title asked for where one was, as an identical file's add answers."""
    from claimaudit.library.extract import is_current
    from claimaudit.library.ingest import AddResult, tidy_title

    if stored is None or not is_current(stored.source_format, stored.extractor):
        return None
    shown = tidy_title(title) or stored.title
    return AddResult(stored.ref, shown, AddOutcome.UNCHANGED, stored.passage_count, 0)


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

    _unless_cancelled(cancel)
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
