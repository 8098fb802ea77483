"""The library's derived tables: the full-text index (rebuilt from the passages) and the caches
(judged results, reference look-ups). Recreating any of them loses nothing a user stored.

Their definitions live here once: the migrations that first made them and the repair that
remakes them use the same statements.
"""

from __future__ import annotations

import logging
import sqlite3

_log = logging.getLogger(__name__)
# The libraries (by path) already warned about a cache table that cannot be made.
_WARNED_UNWRITABLE: set[str] = set()

FTS_TABLE = "passages_fts"
# The tables FTS5 keeps for ``passages_fts`` (columnsize on, so ``_docsize`` exists).
FTS_SHADOW_TABLES = tuple(f"{FTS_TABLE}_{part}" for part in ("data", "idx", "docsize", "config"))

# The text and heading the index reads for each passage: their NFKC forms where those differ
# from what is stored (``search_text``, ``search_section``), else as stored
# (``library.search_text`` says why).
SEARCH_VIEW = "passages_search"
CREATE_SEARCH_VIEW = """
            CREATE VIEW IF NOT EXISTS passages_search AS
            SELECT id, coalesce(search_text, text) AS text,
                coalesce(search_section, section) AS section FROM passages
            """
# External-content FTS5 table: the text lives once, in ``passages`` (read through the view);
# triggers keep the index in step, so every writer (add, import, remove) is indexed
# automatically. A migration that changes these keeps the statements it replaces as they were,
# for the steps before it (as ``_schema_steps.tables`` keeps version 2's). The combining
# marks (M*) are word characters beside unicode61's default letters, digits and private-use
# characters: a Devanagari vowel sign or virama broke "हिन्दी" into single letters
# (``text.wordchars``).
CREATE_FTS = """
            CREATE VIRTUAL TABLE passages_fts USING fts5(
                text, section, content='passages_search', content_rowid='id',
                tokenize="porter unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
            )
            """
FTS_TRIGGERS = {
    "passages_ai": """
            CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
                INSERT INTO passages_fts(rowid, text, section)
                VALUES (new.id, coalesce(new.search_text, new.text),
                    coalesce(new.search_section, new.section));
            END
            """,
    "passages_ad": """
            CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
                INSERT INTO passages_fts(passages_fts, rowid, text, section)
                VALUES ('delete', old.id, coalesce(old.search_text, old.text),
                    coalesce(old.search_section, old.section));
            END
            """,
    "passages_au": """
            CREATE TRIGGER passages_au AFTER UPDATE ON passages BEGIN
                INSERT INTO passages_fts(passages_fts, rowid, text, section)
                VALUES ('delete', old.id, coalesce(old.search_text, old.text),
                    coalesce(old.search_section, old.section));
                INSERT INTO passages_fts(rowid, text, section)
                VALUES (new.id, coalesce(new.search_text, new.text),
                    coalesce(new.search_section, new.section));
            END
            """,
}
REBUILD_FTS = "INSERT INTO passages_fts(passages_fts) VALUES ('rebuild')"

# ``key`` is the SHA-256 of everything that determines the answer
# (claimaudit.checker.cache.CacheKey); the other columns say what an entry is about, for
# inspection and clean-up.
CREATE_JUDGED_RESULTS = """
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
            """
CREATE_JUDGED_RESULTS_INDEX = "CREATE INDEX judged_results_paper ON judged_results(matched_ref)"
# One row per identifier looked up (``arXiv:1907.10121`` unversioned, ``doi:10...``): what the
# catalogue said (``found`` with the record as JSON, or ``not_found``) and when. Failed look-ups
# are never stored.
CREATE_REFERENCE_LOOKUPS = """
            CREATE TABLE reference_lookups (
                identifier TEXT PRIMARY KEY,
                source TEXT NOT NULL,
                outcome TEXT NOT NULL CHECK (outcome IN ('found', 'not_found')),
                record TEXT,
                reason TEXT NOT NULL,
                checked_at TEXT NOT NULL
            )
            """

# The caches, each with the statements that make it (table first), keyed by (type, name).
CACHES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "judged_results": (
        ("table", "judged_results", CREATE_JUDGED_RESULTS),
        ("index", "judged_results_paper", CREATE_JUDGED_RESULTS_INDEX),
    ),
    "reference_lookups": (("table", "reference_lookups", CREATE_REFERENCE_LOOKUPS),),
}


def indexed_text(conn: sqlite3.Connection) -> str:
    """The SQL for the text the index read for a passage ``passages`` row: a library from before
    ``search_text`` (one ``library check`` reads before its upgrade) indexed the text itself."""
    columns = {str(row[1]) for row in conn.execute("PRAGMA table_info(passages)")}
    return "coalesce(search_text, text)" if "search_text" in columns else "text"


def schema_names(conn: sqlite3.Connection) -> set[tuple[str, str]]:
    """Every (type, name) in the schema: tables, indexes, triggers."""
    return {(str(t), str(n)) for t, n in conn.execute("SELECT type, name FROM sqlite_master")}


def forget_judgements(conn: sqlite3.Connection, matched_ref: str) -> None:
    """Remove the cached judgements of the paper stored under ``matched_ref`` (the edition they
    were matched to), in the caller's transaction: a removed paper's text quoted as evidence must
    not stay behind. A library whose cache table is gone (and could not be made again) has none."""
    if ("table", "judged_results") in schema_names(conn):
        conn.execute("DELETE FROM judged_results WHERE matched_ref = ?", (matched_ref,))


def missing_cache_objects(
    conn: sqlite3.Connection, names: set[tuple[str, str]] | None = None
) -> list[tuple[str, str, str]]:
    """The caches' tables and indexes the schema lacks, each with the statement that makes it."""
    present = schema_names(conn) if names is None else names
    return [obj for objects in CACHES.values() for obj in objects if obj[:2] not in present]


def missing_fts_triggers(names: set[tuple[str, str]]) -> list[str]:
    return [name for name in FTS_TRIGGERS if ("trigger", name) not in names]


def recreate_missing_caches(conn: sqlite3.Connection, label: str) -> None:
    """Recreate a cache table somebody dropped, empty, so the cache works again; a library that
    may not be written keeps working without it (each use is then a miss)."""
    if not missing_cache_objects(conn):
        return  # the usual case, one read of the schema
    try:
        conn.execute("BEGIN IMMEDIATE")
        # Looked at again under the write lock: another process may have recreated them.
        missing = missing_cache_objects(conn)
        for _, _, statement in missing:
            conn.execute(statement)
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        # Once per library and process: the server opens the library for every request and
        # thread, and a file it may not write stays so; the first warning said all there is.
        if label not in _WARNED_UNWRITABLE:
            _WARNED_UNWRITABLE.add(label)
            _log.warning(
                "the library %s lacks a cache table and it cannot be made: %s "
                "(said once; the cache is skipped until it can be)",
                label,
                exc,
            )
        return
    if missing:
        _log.warning(
            "recreated the missing %s in the library %s (empty: it is only a cache)",
            ", ".join(f"{kind} {name}" for kind, name, _ in missing),
            label,
        )


def forget_fts_table(conn: sqlite3.Connection) -> None:
    """Remove the index's entry from the schema by hand (SQLite's documented way out for a
    virtual table that cannot be loaded); its shadow tables are then ordinary tables to drop."""
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("DELETE FROM sqlite_master WHERE type = 'table' AND name = ?", (FTS_TABLE,))
    conn.execute("PRAGMA writable_schema = RESET")


def allow_schema_edit(conn: sqlite3.Connection) -> None:
    # A build of SQLite in defensive mode refuses writable_schema; Python 3.12 can lift it.
    setconfig = getattr(conn, "setconfig", None)
    defensive = getattr(sqlite3, "SQLITE_DBCONFIG_DEFENSIVE", None)
    if setconfig is not None and defensive is not None:
        setconfig(defensive, False)
