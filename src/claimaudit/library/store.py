"""The library database: papers, their passages and a full-text index, in one SQLite file.

``Library`` is the one object its users hold; what it does lives beside it, one concern a
module: ``write_transaction`` (the write lock and the commit), ``paper_writes`` (adding,
replacing, removing), ``paper_rows`` (reading and finding papers), ``passage_search``."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from claimaudit.closing import Closing
from claimaudit.errors import PaperNotFoundError
from claimaudit.identity import PaperRef
from claimaudit.library import paper_rows, paper_writes
from claimaudit.library._connection import connect
from claimaudit.library.models import AddOutcome, NewPaper, SearchHit, StoredPaper
from claimaudit.library.passage_search import search_passages
from claimaudit.library.search_held import index_holds
from claimaudit.library.search_words import SearchWords, search_words
from claimaudit.library.write_transaction import WRITE_WAIT_SECONDS, write_transaction
from claimaudit.passage import Passage


class Library(Closing):
    """An open library. Use ``Library.open(path)``; close it (or use ``with``) when done.

    One object per thread: its connection refuses use from another thread (sqlite3's
    ``check_same_thread``). Threads and processes share the file safely by each opening their
    own ``Library``; WAL mode and the busy timeout let them read while one of them writes.
    """

    # How long a write waits for another process's write to end before it is refused: far
    # past SQLite's busy timeout, for an import of a large corpus holds the lock a while.
    write_wait_seconds: float = WRITE_WAIT_SECONDS

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        # The papers this object's committed writes changed (added, replaced, retitled), in
        # order: a command stopped by Ctrl-C says from this what it stored.
        self.stored: list[PaperRef] = []

    @classmethod
    def open(cls, path: Path | None = None, *, create: bool = True) -> Library:
        """Open (and migrate) the library at ``path``, default ``default_library_path()``.

        With ``create=False`` a missing file is an error instead of a new empty library.
        """
        conn, resolved = connect(path, create=create)
        return cls(conn, resolved)

    def close(self) -> None:
        self._conn.close()

    @contextmanager
    def _transaction(
        self, *, writes_passages: bool = True, stores: Callable[[], list[PaperRef]] | None = None
    ) -> Iterator[sqlite3.Connection]:
        """One write transaction (``write_transaction``); ``stores`` gives the papers the body
        changed, noted in ``stored`` once committed."""

        def committed() -> None:
            if stores is not None:
                self.stored.extend(stores())

        with write_transaction(
            self._conn,
            self.path,
            wait_seconds=self.write_wait_seconds,
            writes_passages=writes_passages,
            committed=committed,
        ) as conn:
            yield conn

    # -- writing -----------------------------------------------------------------------------

    def add_paper(self, paper: NewPaper, *, replace: bool = False) -> AddOutcome:
        """Store ``paper`` atomically. Identical content read by the same extractor is a
        no-op; the same content read by another extractor version replaces the stored reading;
        different content under the same reference needs ``replace=True`` (else
        ContentConflictError)."""
        return self._store([paper], replace)[0]

    def add_papers(
        self, papers: Iterable[NewPaper], *, replace: bool = False
    ) -> dict[AddOutcome, int]:
        """Store many papers in one transaction: all of them, or (on any error) none."""
        counts = dict.fromkeys(AddOutcome, 0)
        for outcome in self.store_papers(papers, replace=replace):
            counts[outcome] += 1
        return counts

    def store_papers(
        self, papers: Iterable[NewPaper], *, replace: bool = False
    ) -> list[AddOutcome]:
        """As ``add_papers``, each paper's outcome in order: a caller can count what it wrote.
        ``papers`` is drawn one at a time inside the transaction, so a generator reading a
        large corpus is never held whole; an error it raises rolls back all of them."""
        return self._store(papers, replace)

    def _store(self, papers: Iterable[NewPaper], replace: bool) -> list[AddOutcome]:
        outcomes: list[AddOutcome] = []
        changed: list[PaperRef] = []  # not the papers: their passages are not kept
        with self._transaction(stores=lambda: changed):
            for paper in papers:
                outcomes.append(paper_writes.add_paper(self._conn, paper, replace))
                if outcomes[-1] is not AddOutcome.UNCHANGED:
                    changed.append(paper.ref)
        return outcomes

    def remove(self, ref: PaperRef, *, exact: bool = False) -> StoredPaper:
        """Remove the one paper ``ref`` names: a version, or the only stored copy of a work.
        An unversioned ref matching several (versions, or an unversioned copy beside them) is
        an error naming them, since ``show`` and ``check`` read the newest and removing another
        would surprise; ``exact`` removes only the copy stored under exactly ``ref``."""
        with self._transaction():
            return paper_writes.remove_paper(self._conn, ref, exact=exact)

    def retitle(self, ref: PaperRef, title: str) -> None:
        """Give the paper stored under exactly ``ref`` another title; its content stays."""
        with self._transaction(writes_passages=False, stores=lambda: [ref]):
            cursor = self._conn.execute(
                "UPDATE papers SET title = ? WHERE ref = ?", (title, str(ref))
            )
            if cursor.rowcount == 0:
                raise PaperNotFoundError(f"{ref} is not in the library")

    @property
    def connection(self) -> sqlite3.Connection:
        """The open connection (autocommit), for the library's own modules that keep tables
        of their own in this database (the results cache, the reference look-ups)."""
        return self._conn

    # -- reading -----------------------------------------------------------------------------

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction: every read inside sees the library as it was at the first,
        whatever another connection commits meanwhile (WAL keeps that state for it). A paper
        read as its metadata, then its passages, is then one version of it, never the title
        of one and the text of the version that replaced it between the two reads."""
        self._conn.execute("BEGIN")
        try:
            yield
        finally:
            if self._conn.in_transaction:  # nothing was written: ending it changes nothing
                self._conn.execute("ROLLBACK")

    def get_paper(self, ref: PaperRef, *, exact: bool = False) -> StoredPaper | None:
        """The stored paper ``ref`` asks for, or None.

        A versioned ref matches only that version; an unversioned ref matches any version and,
        when several are stored, the highest (an unversioned copy ranks below any version).
        ``exact``: only the copy stored under exactly ``ref`` (the edition a record names, or
        an unversioned copy beside versions).
        """
        found = paper_rows.resolve(self._conn, ref, exact=exact)
        return found[1] if found else None

    def versions(self, ref: PaperRef) -> list[StoredPaper]:
        """The copies of ``ref``'s work stored with a version, oldest first: those an
        unversioned reference reads before a copy stored without one."""
        rows = paper_rows.paper_rows(
            self._conn,
            "WHERE p.kind = ? AND p.work = ? AND p.version IS NOT NULL",
            (ref.kind.value, ref.work),
        )
        return sorted((p for _, p in rows), key=lambda p: p.ref.version or 0)

    def refs_with_content(self, content_hash: str, besides: PaperRef) -> list[str]:
        """The references other than ``besides`` that hold content of ``content_hash``: the
        same file stored twice, under two names."""
        rows = self._conn.execute(
            "SELECT ref FROM papers WHERE content_hash = ? AND ref != ? ORDER BY ref",
            (content_hash, str(besides)),
        )
        return [str(row[0]) for row in rows]

    def require_paper(self, ref: PaperRef, *, exact: bool = False) -> StoredPaper:
        paper = self.get_paper(ref, exact=exact)
        if paper is None:
            raise paper_rows.not_found(self._conn, ref)
        return paper

    def passages(self, ref: PaperRef, *, exact: bool = False) -> list[Passage]:
        """All passages of the paper ``ref`` resolves to, in document order."""
        return list(self.iter_passages(ref, exact=exact))

    def iter_passages(
        self, ref: PaperRef, offset: int = 0, limit: int | None = None, *, exact: bool = False
    ) -> Iterator[Passage]:
        """Passages of the paper ``ref`` resolves to (``exact``: as ``get_paper``), in document
        order, from the ``offset``-th (0 is the first), at most ``limit``; read as they are
        consumed, so a paper of 100,000 passages costs no more memory than the page shown."""
        found = paper_rows.resolve(self._conn, ref, exact=exact)
        if found is None:
            raise paper_rows.not_found(self._conn, ref)
        rows = self._conn.execute(
            f"SELECT {_PASSAGE_COLUMNS} FROM passages WHERE paper_id = ? ORDER BY seq "
            "LIMIT ? OFFSET ?",
            (found[0], -1 if limit is None else max(limit, 0), max(offset, 0)),
        )
        for row in rows:
            yield _passage(row)

    def passage_window(
        self, ref: PaperRef, passage_id: str, context: int, *, exact: bool = False
    ) -> tuple[list[Passage], Passage, list[Passage]] | None:
        """The first passage ``passage_id`` of the paper ``ref`` resolves to (``exact``: as
        ``get_paper``), with up to ``context`` passages before and after it in document order;
        None when the paper has no such passage. Reads those rows alone, not the whole paper:
        one passage of a paper of 100,000 costs a few rows."""
        found = paper_rows.resolve(self._conn, ref, exact=exact)
        if found is None:
            raise paper_rows.not_found(self._conn, ref)
        paper_id, context = found[0], max(context, 0)
        hit = self._conn.execute(
            f"SELECT seq, {_PASSAGE_COLUMNS} FROM passages WHERE paper_id = ? "
            "AND passage_id = ? ORDER BY seq LIMIT 1",
            (paper_id, passage_id),
        ).fetchone()
        if hit is None:
            return None
        seq = hit[0]
        # By seq's order, not seq +/- context: a sequence with gaps still gives the neighbours.
        before = self._conn.execute(
            f"SELECT {_PASSAGE_COLUMNS} FROM passages WHERE paper_id = ? AND seq < ? "
            "ORDER BY seq DESC LIMIT ?",
            (paper_id, seq, context),
        ).fetchall()
        after = self._conn.execute(
            f"SELECT {_PASSAGE_COLUMNS} FROM passages WHERE paper_id = ? AND seq > ? "
            "ORDER BY seq LIMIT ?",
            (paper_id, seq, context),
        ).fetchall()
        ahead = [_passage(row) for row in reversed(before)]
        return ahead, _passage(hit[1:]), [_passage(row) for row in after]

    def list_papers(self) -> list[StoredPaper]:
        return [paper for _, paper in paper_rows.paper_rows(self._conn, "ORDER BY p.ref", ())]

    def iter_papers(
        self, text: str | None = None, offset: int = 0, limit: int | None = None
    ) -> Iterator[StoredPaper]:
        """Papers in reference order (with ``text``: those ``find_papers`` finds), from the
        ``offset``-th (0 is the first), at most ``limit``; read as they are consumed, so a
        listing of 100,000 papers starts at once and costs one row's memory."""
        yield from paper_rows.iter_papers(self._conn, text, offset, limit)

    def find_papers(self, text: str, limit: int = 20, offset: int = 0) -> list[StoredPaper]:
        """Papers whose reference or title contains ``text`` (any case), references that start
        with it first: suggestions while a user types a reference (from the ``offset``-th)."""
        return paper_rows.find_papers(self._conn, text, limit, offset)

    def count_papers(self, text: str | None = None) -> int:
        """How many papers there are, or how many ``find_papers(text)`` would find unlimited:
        a client shown a limited list can say how many it was not shown."""
        return paper_rows.count_papers(self._conn, text)

    def search(
        self, query: str, ref: PaperRef | None = None, limit: int = 10, *, exact: bool = False
    ) -> list[SearchHit]:
        """Passages best matching the words of ``query`` (BM25), optionally within one paper
        (``exact``: the copy stored under exactly ``ref``). NoSearchWordsError for a query with
        no word to search for. A query with CJK characters ranks first the passages holding
        most of its character pairs (their score: how many), then BM25's.

        The user's words are quoted tokens, never FTS5 syntax, so any text is a safe query.
        """
        return search_passages(self._conn, query, ref, limit, exact=exact)

    def searched_words(self, query: str) -> SearchWords:
        """The words and spellings ``search`` looks ``query`` up by, and those it leaves out
        (named, as a warning does), as this library's index holds them: a spelling no passage
        holds takes no room (``library.search_held``)."""
        return search_words(query, index_holds(self._conn))

    def search_page(
        self, query: str, ref: PaperRef | None = None, limit: int = 10, *, exact: bool = False
    ) -> tuple[list[SearchHit], bool]:
        """``search``'s best ``limit`` hits, and whether more passages match past them: a
        common word matches thousands, and a client shown ten must be able to say the list
        was cut there, not that ten passages hold it. One hit past ``limit`` is asked for."""
        hits = self.search(query, ref, limit + 1, exact=exact) if limit > 0 else []
        return hits[:limit], len(hits) > limit


_PASSAGE_COLUMNS = "passage_id, text, section, page_start, page_end"


def _passage(row: Sequence[Any]) -> Passage:
    """A passage from a row of ``_PASSAGE_COLUMNS``."""
    pages = (int(row[3]), int(row[4])) if row[3] is not None else None
    return Passage(passage_id=row[0], text=row[1], section=row[2], pages=pages)
