"""``library check``: is the library database whole? SQLite's own check of every table, FTS5's
check of the full-text index against the passages, a probe of the index as searches use it (a
few passages looked up by their own words), passages whose paper is gone, the tables, triggers
and schema version a library must have, and papers stored under a reference now refused. Nothing
is changed: every statement runs in one transaction rolled back. FTS5's check is a write
statement: where the file may not be written, or another process holds the write lock, it is
skipped, and a note says so."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from claimaudit.accounting import counted
from claimaudit.errors import LibraryMissingError, LibraryOpenError
from claimaudit.guards.filenames import shown_name
from claimaudit.library._connection import not_a_regular_file, open_error
from claimaudit.library._derived import (
    CACHES,
    FTS_SHADOW_TABLES,
    FTS_TABLE,
    SEARCH_VIEW,
    indexed_text,
    missing_cache_objects,
    missing_fts_triggers,
    schema_names,
)
from claimaudit.library._migrations import APPLICATION_ID, LATEST_VERSION
from claimaudit.library.damage import index_miss, index_problem, looks_damaged
from claimaudit.library.paths import resolve_library_path
from claimaudit.library.quick_check import sqlite_findings
from claimaudit.library.refused_refs import RefusedRef, refused_refs

# The schema version that made each derived object, so an older library is not told it lacks
# what it never had (it gains them when claimaudit next opens it).
_FTS_SINCE = 2
_CACHE_SINCE = {"judged_results": 3, "reference_lookups": 5}
_CORE_TABLES = ("papers", "passages")
# The caches' tables: what SQLite finds wrong in one (or its index) is mended by remaking it.
CACHE_TABLES = frozenset(
    name for objects in CACHES.values() for kind, name, _ in objects if kind == "table"
)
# A page no table reaches, as the file's check reports the pages a damaged table lost.
_UNUSED_PAGE = re.compile(r"Page \d+ is never used")
LOST_PAGES = "SQLite, a page a damaged cache table lost"
# What goes wrong while each trigger that keeps the index in step is missing.
_UNTRIGGERED = {
    "passages_ai": "passages added now are not indexed",
    "passages_ad": "passages removed now stay in the index",
    "passages_au": "passages changed now are not indexed again",
}
# The first 16 bytes of every SQLite database file.
_SQLITE_HEADER = b"SQLite format 3\x00"
# quick_check lists every broken page; the first few say enough.
_MAX_SQLITE_LINES = 10


class ProblemKind(StrEnum):
    CORE = "core"  # the file, papers or passages: repair cannot help, a backup can
    INDEX = "index"  # the full-text index: rebuilt from the passages
    CACHE = "cache"  # a cache table: recreated empty
    ORPHAN = "orphan"  # passages whose paper is gone: removed (the backup keeps them)


@dataclass(frozen=True)
class Problem:
    kind: ProblemKind
    message: str
    # The table it lies in, where that is known (a core problem not in ``papers`` nor
    # ``passages`` is no sign that the papers are damaged).
    table: str | None = None

    @property
    def repairable(self) -> bool:
        return self.kind is not ProblemKind.CORE


@dataclass(frozen=True)
class Health:
    path: Path
    schema_version: int
    papers: int | None
    passages: int | None
    indexed: int | None
    problems: tuple[Problem, ...]
    # Passages whose paper is gone (None: not counted, the core tables being damaged).
    orphans: int | None = None
    # An empty file (or an SQLite file never written): no library yet, nothing wrong with it;
    # the first library command that opens it makes it an empty library.
    empty: bool = False
    # Papers stored under a reference the identity rules now refuse: not damage (the database
    # is whole, and repair would not change them), but worth removing by the stored reference.
    refused: tuple[RefusedRef, ...] = ()
    # What could not be checked, and why (FTS5's own check, which needs the write lock): not
    # a problem, so the verdict stands on the checks that ran.
    notes: tuple[str, ...] = ()

    @property
    def healthy(self) -> bool:
        return not self.problems

    @property
    def upgrades_to(self) -> int | None:
        """The schema version the next command that opens the library (any but ``library
        check``, which changes nothing) upgrades it to, for good; None when it is at this
        claimaudit's version already, or no library yet."""
        return LATEST_VERSION if 0 < self.schema_version < LATEST_VERSION else None

    @property
    def papers_damaged(self) -> bool:
        """Whether ``papers`` or ``passages`` is known damaged or missing: a backup then."""
        return any(p.kind is ProblemKind.CORE and p.table in _CORE_TABLES for p in self.problems)

    @property
    def repairable(self) -> bool:
        """Damaged, and every problem one that ``library repair`` fixes."""
        return bool(self.problems) and all(p.repairable for p in self.problems)

    def has(self, kind: ProblemKind) -> bool:
        return any(p.kind is kind for p in self.problems)


def connect_existing(path: Path | None) -> tuple[Path, sqlite3.Connection]:
    """A connection to the library file at ``path``, which must exist (never created here)."""
    resolved = resolve_library_path(path)
    if resolved.is_dir():
        raise LibraryOpenError(f"library path {shown_name(resolved)} is a directory, not a file")
    if not resolved.exists():
        raise LibraryMissingError(resolved)
    if not resolved.is_file():
        # /dev/zero, /dev/null, a FIFO: SQLite would read it as an empty file, or wait on it.
        raise not_a_regular_file(resolved)
    try:
        # mode=rw: never create the file, even if it vanished since.
        conn = sqlite3.connect(
            f"{resolved.absolute().as_uri()}?mode=rw", uri=True, isolation_level=None
        )
        conn.execute("PRAGMA busy_timeout = 5000")
    except sqlite3.Error as exc:
        raise open_error(exc, resolved) from exc
    return resolved, conn


def check_health(path: Path | None) -> Health:
    """What is wrong with the library at ``path``; LibraryOpenError when it is missing, from a
    newer claimaudit or not a library at all (nothing to check)."""
    resolved, conn = connect_existing(path)
    try:
        conn.execute("BEGIN")
        try:
            return _check(conn, resolved)
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
    finally:
        conn.close()


def _check(conn: sqlite3.Connection, path: Path) -> Health:
    try:
        version, app_id, tables = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version), "
            "(SELECT application_id FROM pragma_application_id), "
            "(SELECT count(*) FROM sqlite_master)"
        ).fetchone()
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError):
            # Not the file's content (SQLite says that with a plain DatabaseError: malformed,
            # not a database) but access to it: a folder that may not be written (WAL mode keeps
            # its -wal and -shm files there), a lock, a disk. Nothing is known to be damaged.
            raise open_error(exc, path) from exc
        if not _has_sqlite_header(path):
            # Text, a PDF, another program's file: nothing a library ever was, so neither
            # damaged nor a backup's business. Worded as when a library command opens it.
            raise LibraryOpenError(
                f"cannot open library {shown_name(path)}: file is not a database (nor a claimaudit "
                "library)"
            ) from exc
        problem = Problem(ProblemKind.CORE, f"the file cannot be read as a database: {exc}")
        return Health(path, 0, None, None, None, (problem,))
    if version > LATEST_VERSION:
        raise LibraryOpenError(
            f"library {shown_name(path)} has schema version {version}, newer than this claimaudit "
            f"understands (up to {LATEST_VERSION}); upgrade claimaudit to check it"
        )
    if (version == 0 and tables) or (version > 0 and app_id != APPLICATION_ID):
        raise LibraryOpenError(
            f"{shown_name(path)} is an SQLite database but not a claimaudit library"
        )
    if version == 0:
        return Health(path, 0, None, None, None, (), empty=True)
    problems = _sqlite_problems(conn)
    names = schema_names(conn)
    problems += [
        Problem(ProblemKind.CORE, f"the table {table} is missing", table)
        for table in _CORE_TABLES
        if ("table", table) not in names
    ]
    papers = passages = indexed = orphans = None
    refused: list[RefusedRef] = []
    notes: list[str] = []
    # Damage in the index's own tables leaves the papers to be counted and the index checked.
    if not any(p.kind is ProblemKind.CORE for p in problems):
        refused = refused_refs(conn)
        papers = _count(conn, "papers")
        passages = _count(conn, "passages")
        orphans, orphaned = _orphan_problem(conn)
        problems += orphaned
        if version >= _FTS_SINCE:
            try:
                index_problems, indexed = _index_problems(conn, names, passages, notes)
            except sqlite3.DatabaseError as exc:
                if not looks_damaged(exc, conn) and isinstance(exc, sqlite3.OperationalError):
                    raise  # locked, say: nothing is known about the index
                index_problems = [
                    Problem(ProblemKind.INDEX, f"the full-text index cannot be read: {exc}")
                ]
            problems += index_problems
    problems += _cache_problems(conn, names, version)
    return Health(
        path,
        version,
        papers,
        passages,
        indexed,
        tuple(problems),
        orphans,
        refused=tuple(refused),
        notes=tuple(notes),
    )


def _has_sqlite_header(path: Path) -> bool:
    """Whether the file starts as every SQLite database does: one that does, yet cannot be
    read, is a damaged database (a library, perhaps); one that does not never was one."""
    try:
        with path.open("rb") as file:
            return file.read(len(_SQLITE_HEADER)) == _SQLITE_HEADER
    except OSError:
        return True  # unreadable: SQLite's own error says more than a guess would


def orphan_count(conn: sqlite3.Connection) -> tuple[int, int]:
    """(passages, papers): the passages whose paper is gone, and how many papers they were.

    The schema cascades a paper's deletion to its passages, but only on a connection with
    foreign keys on; a deletion without (the sqlite3 shell, another tool) leaves them behind,
    with the gone paper's text (a paper added later is given an id above theirs)."""
    found, gone = conn.execute(
        "SELECT count(*), count(DISTINCT paper_id) FROM passages "
        "WHERE paper_id NOT IN (SELECT id FROM papers)"
    ).fetchone()
    return int(found), int(gone)


def _orphan_problem(conn: sqlite3.Connection) -> tuple[int, list[Problem]]:
    found, gone = orphan_count(conn)
    if not found:
        return 0, []
    message = (
        f"no paper holds {counted(found, 'passage')} (left behind by "
        f"{counted(gone, 'removed paper')}); they still hold its text"
    )
    return found, [Problem(ProblemKind.ORPHAN, message)]


def _sqlite_problems(conn: sqlite3.Connection) -> list[Problem]:
    """SQLite's check, as problems: in the index's own tables one a rebuild mends, anywhere
    else (or nowhere SQLite can tell) core damage."""
    by_place: dict[str | None, list[str]] = {}
    for finding in sqlite_findings(conn):
        by_place.setdefault(finding.table, []).append(finding.line)
    # Pages no table reaches, where the damage SQLite places is in caches alone: the pages the
    # damaged cache lost, which its remaking (and the file's compaction after it) gives back.
    caches_only = bool(by_place) and all(t is None or t in CACHE_TABLES for t in by_place)
    lost_by_caches = caches_only and all(_UNUSED_PAGE.fullmatch(x) for x in by_place.get(None, []))
    problems: list[Problem] = []
    for table, lines in by_place.items():
        if table in FTS_SHADOW_TABLES:
            kind, source = ProblemKind.INDEX, f"SQLite, in the full-text index's table {table}"
        elif table in CACHE_TABLES:
            kind, source = ProblemKind.CACHE, f"SQLite, in the cache table {table}"
        elif table is None and lost_by_caches:
            kind, source = ProblemKind.CACHE, LOST_PAGES
        elif table is None:
            kind, source = ProblemKind.CORE, "SQLite"
        else:
            kind, source = ProblemKind.CORE, f"SQLite, in the table {table}"
        shown = lines[:_MAX_SQLITE_LINES]
        if len(lines) > _MAX_SQLITE_LINES:
            shown.append(f"... and {len(lines) - _MAX_SQLITE_LINES} more")
        problems += [Problem(kind, f"{source}: {line}", table) for line in shown]
    return problems


def _index_problems(
    conn: sqlite3.Connection, names: set[tuple[str, str]], passages: int, notes: list[str]
) -> tuple[list[Problem], int | None]:
    missing = [t for t in (FTS_TABLE, *FTS_SHADOW_TABLES) if ("table", t) not in names]
    if missing:
        return [Problem(ProblemKind.INDEX, f"the table {t} is missing") for t in missing], None
    if ("view", SEARCH_VIEW) not in names and indexed_text(conn) != "text":
        # The index reads the passages through it (since version 7): FTS5's own check and a
        # rebuild fail without it, and the repair makes it again.
        view = f"the view {SEARCH_VIEW} is missing (the index cannot be checked nor rebuilt)"
        return [Problem(ProblemKind.INDEX, view)], None
    problems = [
        Problem(ProblemKind.INDEX, f"the trigger {name} is missing ({_UNTRIGGERED[name]})")
        for name in missing_fts_triggers(names)
    ]
    indexed = _count(conn, f"{FTS_TABLE}_docsize")
    if indexed != passages:
        problems.append(
            Problem(
                ProblemKind.INDEX,
                f"the full-text index holds {indexed} passages, the library {passages}",
            )
        )
    try:
        found = index_problem(conn)
    except sqlite3.OperationalError as exc:
        skipped = _why_skipped(exc)
        if skipped is None:
            raise
        notes.append(
            f"FTS5's own check of the full-text index was skipped: {skipped}; the other checks ran"
        )
        found = None
    if found is not None:
        problems.append(
            Problem(ProblemKind.INDEX, f"the full-text index does not match the passages: {found}")
        )
    else:
        # FTS5's check passes an index whose term lookup is lost: look passages up as a search.
        miss = index_miss(conn)
        if miss is not None:
            problems.append(Problem(ProblemKind.INDEX, f"{miss} (its lookup of terms is damaged)"))
    return problems, indexed


def _why_skipped(exc: sqlite3.OperationalError) -> str | None:
    """Why FTS5's ``integrity-check`` could not run, when it is for want of the right to write
    (it is a write statement, though it changes nothing); None for any other failure."""
    name = getattr(exc, "sqlite_errorname", "")
    if name.startswith("SQLITE_READONLY") or "readonly database" in str(exc):
        return f"it needs write access, which this library file does not give ({exc})"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(exc):
        return f"it needs the write lock, which another process holds (a `library add`, say: {exc})"
    return None


def _cache_problems(
    conn: sqlite3.Connection, names: set[tuple[str, str]], version: int
) -> list[Problem]:
    due = {
        (kind, name)
        for cache, objects in CACHES.items()
        if version >= _CACHE_SINCE[cache]
        for kind, name, _ in objects
    }
    return [
        Problem(ProblemKind.CACHE, f"the {kind} {name} is missing")
        for kind, name, _ in missing_cache_objects(conn, names)
        if (kind, name) in due
    ]


def _count(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
