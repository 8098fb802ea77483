"""Schema migrations: an ordered list of steps, each applied in its own transaction.

The schema version lives in ``PRAGMA user_version``; step ``n`` takes the database from version
``n - 1`` to ``n``. Steps are append-only: never edit a released step, add a new one, so that a
library written by any older claimaudit upgrades without losing data.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

from claimaudit.errors import LibraryOpenError

_log = logging.getLogger(__name__)

# Marks a SQLite file as a claimaudit library so we never migrate somebody else's database.
APPLICATION_ID = 0x43414C42  # "CALB"


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "papers and their passages",
        (
            f"PRAGMA application_id = {APPLICATION_ID}",
            """
            CREATE TABLE papers (
                id INTEGER PRIMARY KEY,
                ref TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                work TEXT NOT NULL,
                version INTEGER,
                title TEXT NOT NULL,
                url TEXT,
                source_path TEXT,
                content_hash TEXT NOT NULL,
                ingested_at TEXT NOT NULL
            )
            """,
            "CREATE INDEX papers_work ON papers(kind, work)",
            """
            CREATE TABLE passages (
                id INTEGER PRIMARY KEY,
                paper_id INTEGER NOT NULL REFERENCES papers(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL,
                passage_id TEXT NOT NULL,
                section TEXT,
                text TEXT NOT NULL,
                UNIQUE (paper_id, seq)
            )
            """,
        ),
    ),
    Migration(
        2,
        "full-text index over passages",
        (
            # External-content FTS5 table: the text lives once, in ``passages``; triggers keep
            # the index in step, so every writer (add, import, remove) is indexed automatically.
            """
            CREATE VIRTUAL TABLE passages_fts USING fts5(
                text, section, content='passages', content_rowid='id',
                tokenize='porter unicode61 remove_diacritics 2'
            )
            """,
            """
            CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
                INSERT INTO passages_fts(rowid, text, section)
                VALUES (new.id, new.text, new.section);
            END
            """,
            """
            CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
                INSERT INTO passages_fts(passages_fts, rowid, text, section)
                VALUES ('delete', old.id, old.text, old.section);
            END
            """,
            """
            CREATE TRIGGER passages_au AFTER UPDATE ON passages BEGIN
                INSERT INTO passages_fts(passages_fts, rowid, text, section)
                VALUES ('delete', old.id, old.text, old.section);
                INSERT INTO passages_fts(rowid, text, section)
                VALUES (new.id, new.text, new.section);
            END
            """,
            # Index whatever a version-1 library already holds.
            "INSERT INTO passages_fts(passages_fts) VALUES ('rebuild')",
        ),
    ),
    Migration(
        3,
        "cache of judged results",
        (
            # A new table only: papers and passages are untouched. ``key`` is the SHA-256 of
            # everything that determines the answer (claimaudit.cache.CacheKey); the other
            # columns say what an entry is about, for inspection and clean-up.
            """
            CREATE TABLE judged_results (
                key TEXT PRIMARY KEY,
                claim TEXT NOT NULL,
                paper_ref TEXT NOT NULL,
                matched_ref TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                judge TEXT NOT NULL,
                judge_identity TEXT NOT NULL,
                record TEXT NOT NULL,
                created_at TEXT NOT NULL
            )
            """,
            "CREATE INDEX judged_results_paper ON judged_results(matched_ref)",
        ),
    ),
    Migration(
        4,
        "where each passage is printed, and what each paper was read from and by",
        (
            # New nullable columns only: every stored row keeps its data. NULL pages: a paper
            # without pages (LaTeX, Markdown) or one read before pages were kept; NULL
            # extractor: read by an older claimaudit, so re-adding the file reads it again.
            "ALTER TABLE passages ADD COLUMN page_start INTEGER",
            "ALTER TABLE passages ADD COLUMN page_end INTEGER",
            "ALTER TABLE papers ADD COLUMN authors TEXT",
            "ALTER TABLE papers ADD COLUMN source_format TEXT",
            "ALTER TABLE papers ADD COLUMN extractor TEXT",
        ),
    ),
    Migration(
        5,
        "catalogue answers about cited references (arXiv, Crossref)",
        (
            # A new table only: nothing stored before is touched. One row per identifier
            # looked up (``arXiv:1907.10121`` unversioned, ``doi:10...``): what the catalogue
            # said (``found`` with the record as JSON, or ``not_found``) and when. Failed
            # look-ups are never stored.
            """
            CREATE TABLE reference_lookups (
                identifier TEXT PRIMARY KEY,
                source TEXT NOT NULL,
                outcome TEXT NOT NULL CHECK (outcome IN ('found', 'not_found')),
                record TEXT,
                reason TEXT NOT NULL,
                checked_at TEXT NOT NULL
            )
            """,
        ),
    ),
)

LATEST_VERSION = MIGRATIONS[-1].version


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, *, target: int = LATEST_VERSION, label: str = "") -> int:
    """Bring ``conn`` (opened with ``isolation_level=None``) up to ``target``; return the version.

    Raises LibraryOpenError for a database from a newer claimaudit or one that is not a library.
    """
    current = schema_version(conn)
    if current > LATEST_VERSION:
        raise LibraryOpenError(
            f"library {label} has schema version {current}, newer than this claimaudit "
            f"understands (up to {LATEST_VERSION}); upgrade claimaudit to use it"
        )
    _check_is_library(conn, current, label)
    for step in MIGRATIONS[current:target]:
        try:
            conn.execute("BEGIN IMMEDIATE")
            if schema_version(conn) >= step.version:
                # Another connection (a second thread of a review, say) applied this step while
                # this one waited for the write lock.
                conn.execute("COMMIT")
                continue
            for statement in step.statements:
                conn.execute(statement)
            # user_version is part of the database header, so it commits or rolls back with
            # the step: a failed step leaves the previous version fully intact.
            conn.execute(f"PRAGMA user_version = {step.version}")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            # BEGIN itself may have failed (locked), or SQLite rolled back already (disk full):
            # a ROLLBACK then fails too, and its error would hide the real one.
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise LibraryOpenError(
                f"could not upgrade library {label} to schema version {step.version} "
                f"({step.description}): {exc}"
            ) from exc
    version = schema_version(conn)
    if 0 < current < version:  # a new library is created, not upgraded: nothing to say then
        # Said, not silent: the file changes for good, and an older claimaudit cannot open it.
        _log.warning(
            "upgraded the library %s from schema version %d to %d; older claimaudit versions "
            "cannot open it now",
            label,
            current,
            version,
        )
    return version


def _check_is_library(conn: sqlite3.Connection, version: int, label: str) -> None:
    if version == 0:
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables:
            raise LibraryOpenError(f"{label} is an SQLite database but not a claimaudit library")
        return
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if app_id != APPLICATION_ID:
        raise LibraryOpenError(f"{label} is an SQLite database but not a claimaudit library")
