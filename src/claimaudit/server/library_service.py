"""What the server does with the library, independent of how it is asked: list, read and
search papers, add them (a file, an upload, an arXiv download) and remove them. ``Service``
(``claimaudit.server.service``) is this and the checking; HTTP routes and MCP tools call it.

Every call opens its own ``Library`` and closes it before returning (see ``service``); one that
cannot be opened is reported without its path.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import replace as replace_fields
from pathlib import Path
from typing import BinaryIO

from claimaudit.errors import (
    ClaimauditError,
    ContentChangedError,
    InputError,
    InvalidReferenceError,
    InvalidTextError,
    LibraryError,
    LibraryOpenError,
    PassageNotFoundError,
    UsageError,
)
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.leftovers import scratch_folder
from claimaudit.guards.userfiles import missing_reason
from claimaudit.identity import PaperRef, RefKind, parse_ref, refuse_unprintable
from claimaudit.library.add_file import FileAdded, add_file, settle_title
from claimaudit.library.damage import as_damage, looks_damaged
from claimaudit.library.ingest import AddResult, check_title, refuse_null
from claimaudit.library.models import SearchHit, StoredPaper
from claimaudit.library.paper_rows import MAX_FILTER_CHARS as MAX_FILTER_CHARS
from claimaudit.library.refused_refs import parse_or_stored
from claimaudit.library.search_words import SearchWords
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.server.arxiv_downloads import ArxivDownloads
from claimaudit.server.drafts import check_texts
from claimaudit.server.sources import LIBRARY_MISSING, hide_library
from claimaudit.server.uploads import upload_message, upload_name

MAX_CONTEXT = 5
# The most papers one library listing and the most passages one search may return, the same for
# the HTTP API and the MCP tools.
MAX_LIST_LIMIT = 10_000
# The papers a listing gives when no limit is sent: one default for the API and the MCP tool
# (which gave 100 where the API gave 50).
LIST_LIMIT = 50
# Past SQLite's integers an offset could not be asked for; no library holds a billion papers.
MAX_LIST_OFFSET = 1_000_000_000
# MAX_FILTER_CHARS, the longest text a listing filters by, is the library's (imported above),
# so that `library list --match` is refused past the same length.
# The most of a passage id a refusal quotes (a library's ids are P001 and the like).
MAX_SHOWN_ID = 100
# No stored passage id holds a control character: one asked for is no passage, refused in these
# words before the library is read (the HTTP path's, ``pathrefs``, and MCP's alike).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
NO_SUCH_PASSAGE = "no passage id holds control characters"
# A page of one paper's passages (HTTP and MCP alike): ``library show``'s default page, and at
# most as many as a search returns; a long paper holds 100,000 passages.
DEFAULT_PASSAGE_LIMIT = 100
MAX_PASSAGE_LIMIT = 1_000
# What reading a passage checks a record against, the same pattern over HTTP and MCP: a library
# content hash (SHA-256, in hex), and a reader and its version as a record's paperExtractor
# names it (``pdf/32``).
CONTENT_HASH = "^[0-9a-fA-F]{64}$"
EXTRACTOR = "^[a-z0-9_-]{1,40}/[0-9]{1,9}$"


@dataclass(frozen=True)
class PassageContext:
    """A passage with its neighbours in document order, to show evidence where it stands."""

    paper: StoredPaper
    passage: Passage
    before: list[Passage]
    after: list[Passage]


class LibraryService:
    """The library half of ``Service``, which sets these attributes."""

    library: Path
    # Set once the library is made at start: from then on a missing file vanished, and nothing
    # (an upload included) makes a new empty one in its place.
    library_made: bool
    # How long a write waits for another process's write lock: a client waits no 10 minutes.
    write_wait_seconds: float
    arxiv: ArxivDownloads

    def ensure_library(self) -> None:
        """Create (or migrate) the library file so that the first request finds one."""
        Library.open(self.library, create=True).close()
        self.library_made = True

    @contextmanager
    def _open(self, *, create: bool = False) -> Iterator[Library]:
        with self._library_errors(), Library.open(self.library, create=create) as library:
            library.write_wait_seconds = self.write_wait_seconds
            try:
                yield library
            except sqlite3.Error as exc:
                # A read that meets damage says so as a write does (library_damaged), not as
                # a library that cannot be opened (library_unavailable): every route alike.
                conn = library.connection
                damage = as_damage(conn, exc) if looks_damaged(exc, conn) else None
                if damage is not None:
                    raise damage from exc
                raise

    @contextmanager
    def _library_errors(self) -> Iterator[None]:
        """A library that cannot be opened is reported without its path: remote clients must
        not learn where the server keeps its data."""
        try:
            yield
        except LibraryOpenError as exc:
            if not self.library.exists():
                message = LIBRARY_MISSING
            else:
                message = hide_library(str(exc), self.library)
            raise exc.reworded(message) from None  # the same kind: damaged stays damaged

    def papers(self, query: str | None = None, limit: int = 50) -> list[StoredPaper]:
        return self.paper_listing(query, limit)[0]

    def paper_listing(
        self, query: str | None = None, limit: int = 50, offset: int = 0
    ) -> tuple[list[StoredPaper], int]:
        """Up to ``limit`` papers (those ``query`` finds, if given) from the ``offset``-th, and
        how many there are in all, read at once: a client can say "showing 1,000 of 1,005"
        and ask for the next page."""
        check_texts(query=query)
        if query is not None and "\x00" in query:
            # SQLite's LIKE ends its pattern there: "%\x00%" listed every paper.
            raise InvalidTextError(
                f"the query holds U+0000 (a null character) at character "
                f"{query.index(chr(0)) + 1}, which no reference or title holds"
            )
        # One read transaction: a paper added between the list and the count is in neither.
        with self._open() as library, library.snapshot():
            if query:
                found = library.find_papers(query, limit, offset)
                return found, library.count_papers(query)
            return list(library.iter_papers(None, offset, limit)), library.count_papers()

    def paper(
        self, ref: str, *, exact: bool = False, limit: int | None = None, offset: int = 0
    ) -> tuple[StoredPaper, list[Passage]]:
        """The paper ``ref`` names and its passages from the ``offset``-th (0 is the first), at
        most ``limit`` (None: all); ``exact``: only the copy stored under exactly ``ref``,
        never a newer version of the work. The paper's ``passage_count`` counts them all."""
        _check_ref(ref)
        with self._open() as library, library.snapshot():  # one version of a replaced paper
            paper = library.require_paper(parse_or_stored(library, ref), exact=exact)
            # The copy just found, by the reference it is stored under: never another one.
            page = library.iter_passages(paper.ref, offset, limit, exact=True)
            return paper, list(page)

    def passage(
        self,
        ref: str,
        passage_id: str,
        context: int = 1,
        *,
        exact: bool = False,
        content_hash: str | None = None,
        extractor: str | None = None,
    ) -> PassageContext:
        """The passage ``passage_id`` of ``ref`` with up to ``context`` passages each side;
        ``exact``: of the copy stored under exactly ``ref`` (the edition a record judged);
        ``content_hash``: only if the paper is still stored with that content (a record's
        ``paperContentHash``), and ``extractor``: only if it is still the reading that reader
        made (a record's ``paperExtractor``), else ContentChangedError."""
        context = max(0, min(context, MAX_CONTEXT))
        check_texts(passage_id=passage_id)
        _check_ref(ref)
        refuse_control_passage_id(passage_id)
        with self._open() as library, library.snapshot():  # one version of a replaced paper
            paper = library.require_paper(parse_or_stored(library, ref), exact=exact)
            # The copy just found; only the passage and its neighbours are read, not the paper.
            window = library.passage_window(paper.ref, passage_id, context, exact=True)
        if content_hash is not None and content_hash.lower() != paper.content_hash.lower():
            raise ContentChangedError(
                f"{paper.ref} is stored with other content (hash {paper.content_hash[:12]}...) "
                f"than {content_hash[:12]}...: it was re-added since, so its passages may not "
                "be those the record judged; check the claim again"
            )
        # The same file read again by a newer reader (added again after an upgrade) keeps its
        # hash, but its passages and their ids are the new reader's.
        if extractor is not None and extractor != paper.extractor:
            raise ContentChangedError(
                f"{paper.ref} was read again since by {paper.extractor or 'an unrecorded reader'}"
                f", not {extractor}: its passages may not be those the record judged; check "
                "the claim again"
            )
        if window is None:
            raise PassageNotFoundError(f"{paper.ref} has no passage {_shown_id(passage_id)}")
        before, passage, after = window
        return PassageContext(paper=paper, passage=passage, before=before, after=after)

    def search(
        self, query: str, ref: str | None = None, limit: int = 10, *, exact: bool = False
    ) -> list[SearchHit]:
        """Passages matching ``query``, within the paper ``ref`` names when given; ``exact``:
        within the copy stored under exactly ``ref`` (an unversioned copy kept beside stored
        versions), as ``library search --exact`` searches it."""
        return self.search_page(query, ref, limit, exact=exact)[0]

    def search_page(
        self, query: str, ref: str | None = None, limit: int = 10, *, exact: bool = False
    ) -> tuple[list[SearchHit], bool, SearchWords]:
        """``search``'s hits, whether more passages match than ``limit`` let through, and the
        words searched for as the library holds them (``Library.searched_words``)."""
        check_texts(query=query)
        _check_ref(ref)
        # An empty ref is refused as a blank one is, not read as no ref: a client that sends
        # its empty field would be answered hits of the whole library as if of one paper.
        within: PaperRef | None = parse_ref(ref) if ref is not None else None
        if exact and within is None:
            # Refused, not ignored: a library-wide search would answer hits of every copy.
            raise UsageError("exact applies to ref: give the reference of the copy to search")
        with self._open() as library:
            hits, more = library.search_page(query, ref=within, limit=limit, exact=exact)
            return hits, more, library.searched_words(query)

    def add_file(
        self,
        path: Path,
        *,
        ref: str | None = None,
        title: str | None = None,
        replace: bool = False,
        source_path: str | None = None,
        includes: bool = True,
        cancel: threading.Event | None = None,
        written: str | None = None,
    ) -> AddResult:
        """Ingest a file or folder on this machine (the MCP tool). What a document pulls in
        (``\\input``) must lie inside its own folder; ``includes=False`` refuses it outright.
        Once ``cancel`` is set, nothing is stored (CancelledWorkError). ``written``: the path
        as the client wrote it (``~/a.pdf``), to name it by."""
        _check_ref(ref)
        check_texts(title=title)
        # An empty ref is refused as a blank one is ("empty paper reference"), not read as
        # none: MCP's {"ref": ""} stored the paper under a reference made from its file name.
        # (An upload's empty form field is no ref: the route sends None for it.)
        paper_ref = parse_ref(ref) if ref is not None else None
        refuse_null(path)
        if not path.exists():
            # A link that loops is there, yet exists() is False for it: said as the CLI says it.
            # In `library add`'s words ("PATH a.pdf: no such file"), naming the MCP argument,
            # and the path as written: "~/a.pdf" does not tell the client the home folder.
            shown = shown_name(path if written is None else written)
            raise InputError(f"path {shown}: {missing_reason(path)}")
        try:
            with self._open(create=not self.library_made) as library:
                added = add_file(
                    library,
                    path,
                    ref=paper_ref,
                    title=title,
                    replace=replace,
                    source_path=source_path,
                    includes=includes,
                    cancel=cancel,
                )
                return stored_title(added)
        except ClaimauditError as error:
            if written is None or written == str(path):
                raise
            # "~/d: no paper source found", not the server's home folder the client never gave.
            said = str(error)
            for spelling in (shown_name(path), str(path)):
                said = said.replace(spelling, written)
            raise error.reworded(said) from None

    def add_arxiv(
        self,
        ref: str,
        *,
        title: str | None = None,
        replace: bool = False,
        cancel: threading.Event | None = None,
    ) -> AddResult:
        """Download the arXiv paper ``ref`` names (its newest version where it names none) and
        ingest it, as ``claimaudit library add arxiv:ID`` does. Once ``cancel`` is set, nothing
        is stored (CancelledWorkError)."""
        from claimaudit.library.arxiv import add_from_arxiv

        _check_ref(ref)
        check_texts(title=title)
        paper_ref = parse_ref(ref)
        if paper_ref.kind is not RefKind.ARXIV:
            raise InvalidReferenceError(
                f"{paper_ref} is not an arXiv paper: only arXiv papers are downloaded; add any "
                "other from its file"
            )
        client = self.arxiv.client()
        with self._open(create=not self.library_made) as library:
            downloaded = add_from_arxiv(
                library, paper_ref, client, title=title, replace=replace, cancel=cancel
            )
            return stored_title(settle_title(library, downloaded, title, replace=replace))

    def add_upload(
        self,
        data: BinaryIO,
        filename: str,
        *,
        ref: str | None = None,
        title: str | None = None,
        replace: bool = False,
        cancel: threading.Event | None = None,
    ) -> AddResult:
        """Store an uploaded paper file. Its name picks the format and may name the paper
        (``1706.03762v5.pdf``). An upload arrives alone, so it may pull in no other file
        (``\\input`` is refused). Messages name the upload, never the server's temporary path.
        Once ``cancel`` is set (the client left), nothing is stored (CancelledWorkError), as
        for any other add."""
        name = upload_name(filename)
        check_title(title)  # before the upload is copied
        # Locked as this request's: a server killed outright (kill -9) leaves the copy of the
        # upload behind, and the next upload removes it, never a live request's.
        with scratch_folder("claimaudit-upload-") as folder:
            path = folder / name
            with path.open("wb") as out:
                shutil.copyfileobj(data, out)
            try:
                return self.add_file(
                    path,
                    ref=ref,
                    title=title,
                    replace=replace,
                    source_path=f"upload:{name}",
                    includes=False,
                    cancel=cancel,
                )
            except LibraryError as exc:
                raise exc.reworded(upload_message(str(exc), path, name)) from None

    def remove(self, ref: str, *, exact: bool = False) -> StoredPaper:
        """Remove the paper ``ref`` names; ``exact``: only the copy stored under exactly it."""
        _check_ref(ref)
        with self._open() as library:
            return library.remove(parse_or_stored(library, ref), exact=exact)


def stored_title(added: FileAdded) -> AddResult:
    """The answer to an add, with the title the paper is stored under; where identical content
    came with another title and ``replace`` was not sent, a warning says it was kept."""
    result = added.result
    if not added.title_kept:
        return result
    kept = (
        f"{result.ref} is already stored with identical content, titled {result.title!r}; it "
        "was not retitled: send replace: true to change its title"
    )
    return replace_fields(result, warnings=(*result.warnings, kept))


def refuse_control_passage_id(passage_id: str) -> None:
    """PassageNotFoundError for a passage id holding a control character, which no paper's
    passage has: the message names no paper, as the HTTP path's refusal of one names none."""
    if _CONTROL.search(passage_id):
        raise PassageNotFoundError(NO_SUCH_PASSAGE)


def _shown_id(passage_id: str) -> str:
    """A passage id as a refusal names it: an empty or space-wrapped one quoted ("has no
    passage" named nothing), a long one cut (the answer would be as long as what was sent)."""
    if len(passage_id) > MAX_SHOWN_ID:
        return f"{passage_id[:MAX_SHOWN_ID]}... ({len(passage_id):,} characters)"
    if not passage_id or passage_id.strip() != passage_id:
        return repr(passage_id)
    return passage_id


def _check_ref(ref: str | None) -> None:
    """A reference as sent, refused whole: valid text, and no control character even at its
    ends, which ``parse_ref`` would strip (``1907.10121\t`` is no reference)."""
    check_texts(reference=ref)
    if ref is not None:
        refuse_unprintable(ref)
