"""Telling a damaged full-text index from an answer: a search that finds nothing in a paper
whose passages the index has lost must not read as "the paper does not say this"."""

from __future__ import annotations

import sqlite3

from claimaudit.errors import LibraryDamagedError
from claimaudit.fts import query_terms
from claimaudit.library._derived import FTS_TABLE

INDEX_DAMAGED = "the library's search index is damaged; run `claimaudit library repair`"
# What SQLite says when a file, or FTS5's own tables, are not what they should be.
_DAMAGE_WORDS = ("malformed", "vtable constructor failed", "fts5", "no such table: passages_fts")
# Passages probed when a search finds nothing: enough to pass over a few without words.
_PROBES = 5


def looks_damaged(exc: sqlite3.Error) -> bool:
    return isinstance(exc, sqlite3.DatabaseError) and any(
        word in str(exc).lower() for word in _DAMAGE_WORDS
    )


def index_problem(conn: sqlite3.Connection) -> str | None:
    """What FTS5's own check says is wrong with the index, None when it matches the passages.

    ``integrity-check`` with rank 1 also compares an external-content index with its content
    table (without it, only the index's inner consistency). It writes nothing, but is a write
    statement: run inside a transaction that is rolled back, or on a connection that may write.
    """
    try:
        conn.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rank) VALUES ('integrity-check', 1)")
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError) and not looks_damaged(exc):
            raise  # locked, read-only: cannot tell, which is not a damaged index
        return str(exc)
    return None


def as_damage(conn: sqlite3.Connection, exc: sqlite3.Error) -> LibraryDamagedError | None:
    """What SQLite's ``exc`` (one that ``looks_damaged``) means: a damaged database when SQLite's
    own check fails (which the repair would refuse, so it is not offered), else a damaged index
    when FTS5's check fails, else None (not damage: the caller raises ``exc`` as it is). Only
    ever asked after a failure: both checks read everything."""
    try:
        # SQLite's check first: FTS5's fails too over a broken passages table, and a rebuild
        # cannot mend that.
        core_whole = [tuple(r) for r in conn.execute("PRAGMA quick_check")] == [("ok",)]
    except sqlite3.Error:
        core_whole = False
    if not core_whole:
        return LibraryDamagedError(
            f"the library database is damaged ({exc}); `claimaudit library check` says where"
        )
    try:
        index_damaged = index_problem(conn) is not None
    except sqlite3.Error:
        index_damaged = False  # locked, say: nothing is known to be damaged
    return LibraryDamagedError(INDEX_DAMAGED) if index_damaged else None


def index_out_of_step(conn: sqlite3.Connection, paper_id: int | None) -> bool:
    """Whether the index has lost passages of the paper ``paper_id`` (any paper when None).

    Asked only when a search found nothing, so every query does not pay for it: passages the
    index holds no size for, or a passage that its own first word does not find.
    """
    where = "" if paper_id is None else "WHERE s.paper_id = ?"
    params: tuple[object, ...] = () if paper_id is None else (paper_id,)
    unindexed = conn.execute(
        f"SELECT EXISTS (SELECT 1 FROM passages s {where} {'AND' if where else 'WHERE'} "
        f"s.id NOT IN (SELECT id FROM {FTS_TABLE}_docsize))",
        params,
    ).fetchone()[0]
    if unindexed:
        return True
    probes = conn.execute(
        f"SELECT s.id, s.text FROM passages s {where} ORDER BY s.id DESC LIMIT {_PROBES}", params
    )
    for rowid, text in probes.fetchall():
        terms = query_terms(str(text))
        if not terms:
            continue
        found = conn.execute(
            f"SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? AND rowid = ?",
            (f'"{terms[0]}"', rowid),
        ).fetchone()
        return found is None
    return False
