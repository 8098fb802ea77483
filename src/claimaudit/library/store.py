"""The library database: papers, their passages and a full-text index, in one SQLite file."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from claimaudit.closing import Closing
from claimaudit.errors import (
    AmbiguousPaperError,
    ContentConflictError,
    LibraryDamagedError,
    LibraryError,
    PaperNotFoundError,
)
from claimaudit.identity import PaperRef
from claimaudit.library._connection import busy_error, connect, is_busy, span, write_refusal
from claimaudit.library._derived import forget_judgements
from claimaudit.library.casefold import folded
from claimaudit.library.damage import (
    INDEX_DAMAGED,
    as_damage,
    index_count_out_of_step,
    index_out_of_step,
    looks_damaged,
    missing_index_triggers,
)
from claimaudit.library.held_signals import signals_held
from claimaudit.library.models import AddOutcome, NewPaper, SearchHit, StoredPaper
from claimaudit.library.search_cjk import cjk_rows, inner_rows, merged
from claimaudit.library.search_numbers import number_condition
from claimaudit.library.search_text import search_text
from claimaudit.library.search_words import search_words
from claimaudit.passage import Passage

_log = logging.getLogger(__name__)

# A write's wait for the lock another process holds (see ``Library.write_wait_seconds``), and
# the pauses between its tries.
WRITE_WAIT_SECONDS = 600.0
_FIRST_PAUSE = 0.05
_LONGEST_PAUSE = 1.0

_PAPER_COLUMNS = (
    "p.id, p.kind, p.work, p.version, p.title, p.url, p.source_path, p.content_hash, "
    "p.ingested_at, (SELECT count(*) FROM passages s WHERE s.paper_id = p.id), p.authors, "
    "p.source_format, p.extractor"
)


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
        """One write transaction. One that ``writes_passages`` (adds or removes them) first
        makes sure the triggers that keep the index in step are all there, under the write
        lock: without them SQLite would store the passages and leave the index without them
        (searches then silently miss them), so nothing is written. ``stores`` gives the papers
        the body changed, noted in ``stored`` once committed."""
        self._begin_write()
        try:
            if writes_passages and missing_index_triggers(self._conn):
                raise LibraryDamagedError(INDEX_DAMAGED, part="index")
            yield self._conn
        except BaseException as exc:
            if self._conn.in_transaction:  # SQLite may have rolled back already
                self._conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.IntegrityError):
                # Every write checks first what it could collide with: a constraint that fails
                # anyway means rows claimaudit did not leave so (changed by another tool).
                raise LibraryDamagedError(
                    f"the library holds rows that do not fit together ({exc}); nothing was written",
                    part="database",
                ) from exc
            # Writing passages writes the index too (triggers): a damaged one fails the write.
            if isinstance(exc, sqlite3.Error) and looks_damaged(exc, self._conn):
                damage = as_damage(self._conn, exc)
                if damage is not None:
                    raise damage from exc
            if is_busy(exc):  # a write inside that waited past the busy timeout
                raise busy_error(self.path) from exc
            if (refused := write_refusal(exc, self.path, file=self._file())) is not None:
                raise refused from exc  # a read-only file, a full disk: said, file named
            raise
        # Ctrl-C held back from the commit to its note: stored, a paper is said to be so.
        with signals_held():
            self._commit()
            if stores is not None:
                self.stored.extend(stores())

    def _begin_write(self) -> None:
        """BEGIN IMMEDIATE, waiting up to ``write_wait_seconds`` for another process's write
        (a long ``library import``) to end. The paper was read before this (extraction can
        take minutes): giving up after SQLite's 5 s busy timeout threw that work away."""
        deadline = time.monotonic() + self.write_wait_seconds
        pause = _FIRST_PAUSE
        said = False
        while True:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if not is_busy(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise busy_error(self.path, waited=self.write_wait_seconds) from exc
            if not said:  # a command silent for minutes would look hung
                said = True
                _log.warning(
                    "another process is writing the library %s; waiting up to %s for it",
                    self.path,
                    span(self.write_wait_seconds),
                )
            # Each try already waited the busy timeout; a pause keeps a zero timeout from
            # spinning.
            time.sleep(pause)
            pause = min(pause * 2, _LONGEST_PAUSE)

    def _file(self) -> Path:
        """The database file this connection writes: ``path``, or a new library's draft."""
        try:
            row = self._conn.execute("PRAGMA database_list").fetchone()
        except sqlite3.Error:
            return self.path
        return Path(row[2]) if row is not None and row[2] else self.path

    def _commit(self) -> None:
        """COMMIT, or, where SQLite cannot write it (the disk filled as the WAL grew), a
        rollback and the one line that says why."""
        try:
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            if is_busy(exc):
                raise busy_error(self.path) from exc
            if (refused := write_refusal(exc, self.path, file=self._file())) is not None:
                raise refused from exc
            raise

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
                outcomes.append(self._add(paper, replace))
                if outcomes[-1] is not AddOutcome.UNCHANGED:
                    changed.append(paper.ref)
        return outcomes

    def _add(self, paper: NewPaper, replace: bool) -> AddOutcome:
        if not paper.passages:
            raise LibraryError(f"{paper.ref}: no passages to store")
        row = self._conn.execute(
            "SELECT id, content_hash, extractor FROM papers WHERE ref = ?", (str(paper.ref),)
        ).fetchone()
        outcome = AddOutcome.ADDED
        if row is not None:
            same_reader = paper.extractor is None or row[2] == paper.extractor
            # The same file read by a newer version of its reader replaces the older reading by
            # itself; another reader (the same bytes named .md, not .txt) or an older version
            # (a newer claimaudit stored it) replaces nothing unless asked to.
            rereads = replace or _newer_reading(row[2], paper.extractor)
            if row[1] == paper.content_hash and (same_reader or not rereads):
                return AddOutcome.UNCHANGED
            if row[1] != paper.content_hash and not replace:
                raise ContentConflictError(
                    f"{paper.ref} is already in the library with different content"
                    + _older_reading(row[2], paper.extractor),
                    ref=str(paper.ref),
                )
            self._delete_paper(int(row[0]))
            if row[1] != paper.content_hash:
                # Its judgements quote the replaced text and never match the new one. A new
                # reading of the same file keeps them: one giving the same passages reuses them.
                forget_judgements(self._conn, str(paper.ref))
            outcome = AddOutcome.REPLACED
        paper_id = self._next_paper_id()
        self._conn.execute(
            "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, "
            "content_hash, ingested_at, authors, source_format, extractor) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                paper_id,
                str(paper.ref),
                paper.ref.kind.value,
                paper.ref.work,
                paper.ref.version,
                paper.title,
                paper.url,
                paper.source_path,
                paper.content_hash,
                datetime.now(UTC).isoformat(timespec="seconds"),
                paper.authors,
                paper.source_format,
                paper.extractor,
            ),
        )
        self._insert_passages(paper_id, paper.passages)
        return outcome

    def _next_paper_id(self) -> int:
        """An id above every paper's and every stored passage's paper: passages left behind by
        a paper deleted outside claimaudit (foreign keys off) keep its id, and SQLite's own
        choice (the highest paper id plus one) would give it to the new paper, whose passages
        then collide with them. Chosen under the write lock, so no other writer takes it; two
        index lookups (the passages' by their ``UNIQUE (paper_id, seq)`` index)."""
        row = self._conn.execute(
            "SELECT max(coalesce((SELECT max(id) FROM papers), 0), "
            "coalesce((SELECT max(paper_id) FROM passages), 0)) + 1"
        ).fetchone()
        return int(row[0])

    def _insert_passages(self, paper_id: int, passages: list[Passage]) -> None:
        self._conn.executemany(
            "INSERT INTO passages (paper_id, seq, passage_id, section, text, search_text, "
            "search_section, page_start, page_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    paper_id,
                    i,
                    p.passage_id,
                    p.section,
                    p.text,
                    search_text(p.text),
                    None if p.section is None else search_text(p.section),
                    *(p.pages or (None, None)),
                )
                for i, p in enumerate(passages)
            ],
        )

    def _delete_paper(self, paper_id: int) -> None:
        # Delete passages explicitly (not only by cascade) so the FTS triggers surely run.
        self._conn.execute("DELETE FROM passages WHERE paper_id = ?", (paper_id,))
        self._conn.execute("DELETE FROM papers WHERE id = ?", (paper_id,))

    def remove(self, ref: PaperRef, *, exact: bool = False) -> StoredPaper:
        """Remove the one paper ``ref`` names: a version, or the only stored copy of a work.
        An unversioned ref matching several (versions, or an unversioned copy beside them) is
        an error naming them, since ``show`` and ``check`` read the newest and removing another
        would surprise; ``exact`` removes only the copy stored under exactly ``ref``."""
        with self._transaction():
            candidates = self._exactly(ref) if exact else self._candidates(ref)
            if not candidates:
                raise PaperNotFoundError(f"{ref} is not in the library")
            if len(candidates) > 1:
                names = ", ".join(str(p.ref) for _, p in candidates)
                raise AmbiguousPaperError(
                    f"{ref} matches several stored copies ({names}): name one",
                    unversioned=any(p.ref == ref for _, p in candidates),
                )
            paper_id, paper = candidates[0]
            self._delete_paper(paper_id)
            # Its cached judgements quote its text as evidence: that text goes with it.
            forget_judgements(self._conn, str(paper.ref))
        return paper

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
        found = self._resolve(ref, exact=exact)
        return found[1] if found else None

    def versions(self, ref: PaperRef) -> list[StoredPaper]:
        """The copies of ``ref``'s work stored with a version, oldest first: those an
        unversioned reference reads before a copy stored without one."""
        rows = self._rows(
            "WHERE p.kind = ? AND p.work = ? AND p.version IS NOT NULL", (ref.kind.value, ref.work)
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
            raise PaperNotFoundError(f"{ref} is not in the library")
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
        found = self._resolve(ref, exact=exact)
        if found is None:
            raise PaperNotFoundError(f"{ref} is not in the library")
        rows = self._conn.execute(
            "SELECT passage_id, text, section, page_start, page_end FROM passages "
            "WHERE paper_id = ? ORDER BY seq LIMIT ? OFFSET ?",
            (found[0], -1 if limit is None else max(limit, 0), max(offset, 0)),
        )
        for row in rows:
            pages = (int(row[3]), int(row[4])) if row[3] is not None else None
            yield Passage(passage_id=row[0], text=row[1], section=row[2], pages=pages)

    def list_papers(self) -> list[StoredPaper]:
        return [paper for _, paper in self._rows("ORDER BY p.ref", ())]

    def iter_papers(
        self, text: str | None = None, offset: int = 0, limit: int | None = None
    ) -> Iterator[StoredPaper]:
        """Papers in reference order (with ``text``: those ``find_papers`` finds), from the
        ``offset``-th (0 is the first), at most ``limit``; read as they are consumed, so a
        listing of 100,000 papers starts at once and costs one row's memory."""
        params: dict[str, object] = {
            "limit": -1 if limit is None else max(limit, 0),
            "offset": max(offset, 0),
        }
        where = "ORDER BY p.ref LIMIT :limit OFFSET :offset"
        if text:
            params["any"] = f"%{_like_escaped(text)}%"
            where = f"WHERE {_CONTAINS} {where}"
        for _, paper in self._iter_rows(where, params):
            yield paper

    def find_papers(self, text: str, limit: int = 20, offset: int = 0) -> list[StoredPaper]:
        """Papers whose reference or title contains ``text`` (any case), references that start
        with it first: suggestions while a user types a reference (from the ``offset``-th)."""
        escaped = _like_escaped(text)
        where = (
            f"WHERE {_CONTAINS} "
            "ORDER BY py_casefold(p.ref) NOT LIKE :start ESCAPE '\\', p.ref "
            "LIMIT :limit OFFSET :offset"
        )
        params = {
            "any": f"%{escaped}%",
            "start": f"{escaped}%",
            "limit": max(limit, 0),
            "offset": max(offset, 0),
        }
        return [paper for _, paper in self._rows(where, params)]

    def count_papers(self, text: str | None = None) -> int:
        """How many papers there are, or how many ``find_papers(text)`` would find unlimited:
        a client shown a limited list can say how many it was not shown."""
        if not text:
            return int(self._conn.execute("SELECT count(*) FROM papers").fetchone()[0])
        params = {"any": f"%{_like_escaped(text)}%"}
        row = self._conn.execute(f"SELECT count(*) FROM papers p WHERE {_CONTAINS}", params)
        return int(row.fetchone()[0])

    def search(
        self, query: str, ref: PaperRef | None = None, limit: int = 10, *, exact: bool = False
    ) -> list[SearchHit]:
        """Passages best matching the words of ``query`` (BM25), optionally within one paper
        (``exact``: the copy stored under exactly ``ref``). NoSearchWordsError for a query with
        no word to search for. A query with CJK characters ranks first the passages holding
        most of its character pairs (their score: how many), then BM25's.

        The user's words are quoted tokens, never FTS5 syntax, so any text is a safe query.
        """
        words = search_words(query)
        match = words.match
        if limit <= 0:
            return []
        sql = (
            "SELECT p.kind, p.work, p.version, p.title, s.passage_id, s.section, s.text, "
            "bm25(passages_fts, 1.0, 0.3) AS score, s.page_start, s.page_end FROM passages_fts "
            "JOIN passages s ON s.id = passages_fts.rowid JOIN papers p ON p.id = s.paper_id "
            "WHERE passages_fts MATCH ?"
        )
        params: list[object] = [match]
        paper_id: int | None = None
        if ref is not None:
            found = self._resolve(ref, exact=exact)
            if found is None:
                raise PaperNotFoundError(f"{ref} is not in the library")
            paper_id = found[0]
            sql += " AND s.paper_id = ?"
            params.append(paper_id)
        # "2.5" searched for is "2 5", which "i_2 = 5" holds too: such hits are left out.
        numbers, number_params = number_condition(self._conn, words)
        sql += numbers
        params += number_params
        sql += " ORDER BY score LIMIT ?"
        params.append(limit)
        try:
            rows = self._conn.execute(sql, params).fetchall()
            # A library-wide search whose index holds fewer (or more) passages than the library
            # would leave some out, found something or not: two counts, a few milliseconds on a
            # library of 46,000 passages, are compared at every such search.
            if paper_id is None and index_count_out_of_step(self._conn):
                raise LibraryDamagedError(INDEX_DAMAGED, part="index")
            # Nothing found may be the answer, or an index that lost the passages: told apart
            # only then, so a query that finds something costs nothing more.
            if not rows and index_out_of_step(self._conn, paper_id):
                raise LibraryDamagedError(INDEX_DAMAGED, part="index")
            if words.cjk_grams:
                # CJK words inside sentences are no tokens of the index: found in the text.
                found_cjk = cjk_rows(self._conn, words.cjk_grams, paper_id, limit)
                rows = merged(found_cjk, rows, limit)
            if len(rows) < limit:
                # Numbers and Latin words inside CJK text or in full-width letters: no tokens
                # of the index, found after its hits (a scan, so only when they are too few).
                found_inner = inner_rows(self._conn, words.inner_words, paper_id, limit)
                rows = merged(rows, found_inner, limit)
        except sqlite3.Error as exc:
            damage = as_damage(self._conn, exc) if looks_damaged(exc, self._conn) else None
            if damage is not None:
                raise damage from exc
            raise
        shadowed = self._versioned_works(rows)
        return [
            SearchHit(
                ref=PaperRef.as_stored(r[0], r[1], r[2]),
                title=r[3],
                passage_id=r[4],
                section=r[5],
                text=r[6],
                score=-float(r[7]),
                pages=(int(r[8]), int(r[9])) if r[8] is not None else None,
                exact=(r[0], r[1]) in shadowed if r[2] is None else False,
            )
            for r in rows
        ]

    def search_page(
        self, query: str, ref: PaperRef | None = None, limit: int = 10, *, exact: bool = False
    ) -> tuple[list[SearchHit], bool]:
        """``search``'s best ``limit`` hits, and whether more passages match past them: a
        common word matches thousands, and a client shown ten must be able to say the list
        was cut there, not that ten passages hold it. One hit past ``limit`` is asked for."""
        hits = self.search(query, ref, limit + 1, exact=exact) if limit > 0 else []
        return hits[:limit], len(hits) > limit

    def _versioned_works(self, rows: list[tuple[object, ...]]) -> set[tuple[object, object]]:
        """The works of the unversioned copies among ``rows`` (kind, work, version first)
        that have versions stored too: such a copy's plain reference resolves to the newest
        version, so only an exact reference reaches it."""
        works = {(r[0], r[1]) for r in rows if r[2] is None}
        return {
            (kind, work)
            for kind, work in works
            if self._conn.execute(
                "SELECT 1 FROM papers WHERE kind = ? AND work = ? AND version IS NOT NULL",
                (kind, work),
            ).fetchone()
        }

    def _resolve(self, ref: PaperRef, *, exact: bool = False) -> tuple[int, StoredPaper] | None:
        candidates = self._exactly(ref) if exact else self._candidates(ref)
        if not candidates:
            return None
        return max(candidates, key=lambda c: -1 if c[1].ref.version is None else c[1].ref.version)

    def _exactly(self, ref: PaperRef) -> list[tuple[int, StoredPaper]]:
        return self._rows("WHERE p.ref = ?", (str(ref),))

    def _candidates(self, ref: PaperRef) -> list[tuple[int, StoredPaper]]:
        rows = self._rows("WHERE p.kind = ? AND p.work = ?", (ref.kind.value, ref.work))
        return [(i, p) for i, p in rows if ref.matches(p.ref)]

    def _rows(
        self, where: str, params: tuple[object, ...] | dict[str, object]
    ) -> list[tuple[int, StoredPaper]]:
        return list(self._iter_rows(where, params))

    def _iter_rows(
        self, where: str, params: tuple[object, ...] | dict[str, object]
    ) -> Iterator[tuple[int, StoredPaper]]:
        rows = self._conn.execute(f"SELECT {_PAPER_COLUMNS} FROM papers p {where}", params)
        return (
            (
                int(r[0]),
                StoredPaper(
                    ref=PaperRef.as_stored(r[1], r[2], r[3]),
                    title=r[4],
                    url=r[5],
                    source_path=r[6],
                    content_hash=r[7],
                    ingested_at=datetime.fromisoformat(r[8]),
                    passage_count=int(r[9]),
                    authors=r[10],
                    source_format=r[11],
                    extractor=r[12],
                ),
            )
            for r in rows
        )


# A paper whose reference or title contains the LIKE pattern :any (any case, any script: SQLite's
# lower() folds ASCII only, so both sides are folded by Python's rules; see library.casefold).
_CONTAINS = (
    "(py_casefold(p.ref) LIKE :any ESCAPE '\\' OR py_casefold(p.title) LIKE :any ESCAPE '\\')"
)


def _like_escaped(text: str) -> str:
    """``text`` as a case-folded LIKE operand that matches itself, wildcards included."""
    needle = folded(text.strip())
    return needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _newer_reading(stored: str | None, reader: str | None) -> bool:
    """Whether ``reader`` is a newer version of the reader that read the stored copy
    (``latex/40`` after ``latex/14``), or the stored reading's reader was not recorded or
    cannot be read (no ``format/number``): such a reading is older than any this version makes."""
    if reader is None:
        return False
    old_format, _, old_number = (stored or "").rpartition("/")
    new_format, _, new_number = reader.rpartition("/")
    if not _version_number(old_number) or not _version_number(new_number):
        return True
    return old_format == new_format and int(old_number) < int(new_number)


def _version_number(text: str) -> bool:
    # ASCII digits only: "²" is a digit to Python, and no number to int().
    return text.isascii() and text.isdigit()


def _older_reading(stored: str | None, reader: str | None) -> str:
    """What to add to a conflict where an older reader read the stored copy: the hash covers
    the files a reader reads, and a newer one may read more of them (LaTeX's ``.bib`` from
    ``latex/15``), so unchanged files may hash otherwise. Nothing tells which, so both are said;
    "" where the readers are one, or the stored one is newer."""
    if not _newer_reading(stored, reader):
        return ""
    return (
        f", or was read from the same files by an older reader ({stored or 'unrecorded'}; this "
        f"version's {reader} may read more of them, such as a bibliography, and so hash them "
        "otherwise)"
    )
