"""``library check``: is the library database whole? SQLite's own check of every table, FTS5's
check of the full-text index against the passages, and the tables, triggers and schema version a
library must have. Nothing is changed: every statement runs in one transaction rolled back."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from claimaudit.errors import LibraryOpenError
from claimaudit.library._derived import (
    CACHES,
    FTS_SHADOW_TABLES,
    FTS_TABLE,
    missing_cache_objects,
    missing_fts_triggers,
    schema_names,
)
from claimaudit.library._migrations import APPLICATION_ID, LATEST_VERSION
from claimaudit.library.damage import index_problem, looks_damaged
from claimaudit.library.paths import resolve_library_path

# The schema version that made each derived object, so an older library is not told it lacks
# what it never had (it gains them when claimaudit next opens it).
_FTS_SINCE = 2
_CACHE_SINCE = {"judged_results": 3, "reference_lookups": 5}
_CORE_TABLES = ("papers", "passages")
# quick_check lists every broken page; the first few say enough.
_MAX_SQLITE_LINES = 10


class ProblemKind(StrEnum):
    CORE = "core"  # the file, papers or passages: repair cannot help, a backup can
    INDEX = "index"  # the full-text index: rebuilt from the passages
    CACHE = "cache"  # a cache table: recreated empty


@dataclass(frozen=True)
class Problem:
    kind: ProblemKind
    message: str

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

    @property
    def healthy(self) -> bool:
        return not self.problems

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
        raise LibraryOpenError(f"library path {resolved} is a directory, not a file")
    if not resolved.exists():
        raise LibraryOpenError(f"no library at {resolved}")
    try:
        # mode=rw: never create the file, even if it vanished since.
        conn = sqlite3.connect(
            f"{resolved.absolute().as_uri()}?mode=rw", uri=True, isolation_level=None
        )
        conn.execute("PRAGMA busy_timeout = 5000")
    except sqlite3.Error as exc:
        raise LibraryOpenError(f"cannot open library {resolved}: {exc}") from exc
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
        problem = Problem(ProblemKind.CORE, f"the file cannot be read as a database: {exc}")
        return Health(path, 0, None, None, None, (problem,))
    if version > LATEST_VERSION:
        raise LibraryOpenError(
            f"library {path} has schema version {version}, newer than this claimaudit "
            f"understands (up to {LATEST_VERSION}); upgrade claimaudit to check it"
        )
    if (version == 0 and tables) or (version > 0 and app_id != APPLICATION_ID):
        raise LibraryOpenError(f"{path} is an SQLite database but not a claimaudit library")
    if version == 0:
        return Health(path, 0, 0, 0, 0, ())  # made but never written: nothing to be wrong
    problems = _sqlite_problems(conn)
    names = schema_names(conn)
    problems += [
        Problem(ProblemKind.CORE, f"the table {table} is missing")
        for table in _CORE_TABLES
        if ("table", table) not in names
    ]
    papers = passages = indexed = None
    if not problems:
        papers = _count(conn, "papers")
        passages = _count(conn, "passages")
        if version >= _FTS_SINCE:
            try:
                index_problems, indexed = _index_problems(conn, names, passages)
            except sqlite3.DatabaseError as exc:
                if not looks_damaged(exc) and isinstance(exc, sqlite3.OperationalError):
                    raise  # locked, say: nothing is known about the index
                index_problems = [
                    Problem(ProblemKind.INDEX, f"the full-text index cannot be read: {exc}")
                ]
            problems += index_problems
    problems += _cache_problems(conn, names, version)
    return Health(path, version, papers, passages, indexed, tuple(problems))


def _sqlite_problems(conn: sqlite3.Connection) -> list[Problem]:
    try:
        lines = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as exc:
        lines = [str(exc)]
    if lines == ["ok"]:
        return []
    shown = [Problem(ProblemKind.CORE, f"SQLite: {line}") for line in lines[:_MAX_SQLITE_LINES]]
    if len(lines) > _MAX_SQLITE_LINES:
        more = len(lines) - _MAX_SQLITE_LINES
        shown.append(Problem(ProblemKind.CORE, f"SQLite: ... and {more} more"))
    return shown


def _index_problems(
    conn: sqlite3.Connection, names: set[tuple[str, str]], passages: int
) -> tuple[list[Problem], int | None]:
    missing = [t for t in (FTS_TABLE, *FTS_SHADOW_TABLES) if ("table", t) not in names]
    if missing:
        return [Problem(ProblemKind.INDEX, f"the table {t} is missing") for t in missing], None
    problems = [
        Problem(
            ProblemKind.INDEX,
            f"the trigger {name} is missing (passages added or removed now are not indexed)",
        )
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
    found = index_problem(conn)
    if found is not None:
        problems.append(
            Problem(ProblemKind.INDEX, f"the full-text index does not match the passages: {found}")
        )
    return problems, indexed


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
