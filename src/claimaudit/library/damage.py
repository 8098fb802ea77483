"""Telling a damaged full-text index from an answer: a search that finds nothing in a paper
whose passages the index has lost must not read as "the paper does not say this"."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from claimaudit.errors import LibraryDamagedError
from claimaudit.library._derived import (
    FTS_SHADOW_TABLES,
    FTS_TABLE,
    FTS_TRIGGERS,
    indexed_text,
)

# What to do about it is each surface's advice (``LibraryDamagedError.part``).
INDEX_DAMAGED = "the library's search index is damaged"
# What SQLite says when a file, or FTS5's own tables, are not what they should be (a trigger
# names the index's tables as ``main.passages_fts``).
_DAMAGE_WORDS = ("malformed", "vtable constructor failed", "fts5")
_MISSING_INDEX_TABLE = re.compile(rf"no such table: (?:main\.)?{FTS_TABLE}")
# What FTS5 says when one of its own tables is gone, and about much else: damage only when a
# table is indeed missing.
_GENERIC_ERROR = "sql logic error"
# Passages looked at from each probed place (first, middle, last): the first with a word to
# probe is used, so a few passages without one (a table of numbers in Greek) are passed over.
_PROBE_NEAR = 5
# A word FTS5's tokenizer (unicode61) indexes whole and as it is, whatever surrounds it: ASCII
# letters and digits between ASCII separators, whitespace or the text's ends. A word Python
# splits differently (next to a combining mark, a private-use character) could miss for no
# fault of the index, and a false alarm no repair ends would be worse than none.
_PROBE_WORD = re.compile(r"(?<![^\s!-/:-@\[-`{-~])[A-Za-z0-9]{1,64}(?![^\s!-/:-@\[-`{-~])")


@dataclass(frozen=True)
class IndexMiss:
    """A stored passage the index does not find by a word of its own."""

    rowid: int
    word: str

    def __str__(self) -> str:
        return f'the full-text index does not find passage {self.rowid} by its word "{self.word}"'


def looks_damaged(exc: sqlite3.Error, conn: sqlite3.Connection | None = None) -> bool:
    """Whether SQLite's ``exc`` may be damage (``as_damage`` tells which); FTS5's generic
    "SQL logic error" only when ``conn`` shows one of the index's tables missing."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    text = str(exc).lower()
    if any(word in text for word in _DAMAGE_WORDS) or _MISSING_INDEX_TABLE.search(text):
        return True
    return text == _GENERIC_ERROR and conn is not None and bool(_missing_tables_or_none(conn))


def missing_index_tables(conn: sqlite3.Connection) -> list[str]:
    """The index's tables (``passages_fts`` and FTS5's own) that the schema lacks."""
    return _missing(conn, "table", (FTS_TABLE, *FTS_SHADOW_TABLES))


def _missing(conn: sqlite3.Connection, kind: str, names: tuple[str, ...]) -> list[str]:
    """Those of ``names`` that the schema has no ``kind`` (table, trigger) of: one read."""
    present = {
        str(row[0])
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = ? "
            f"AND name IN ({', '.join('?' for _ in names)})",
            (kind, *names),
        )
    }
    return [name for name in names if name not in present]


def _missing_tables_or_none(conn: sqlite3.Connection) -> list[str]:
    try:
        return missing_index_tables(conn)
    except sqlite3.Error:
        return []  # the schema cannot be read: the words alone say nothing of the index


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
        return LibraryDamagedError(f"the library database is damaged ({exc})", part="database")
    if _missing_tables_or_none(conn):
        return LibraryDamagedError(INDEX_DAMAGED, part="index")
    try:
        index_damaged = index_problem(conn) is not None
    except sqlite3.Error:
        index_damaged = False  # locked, say: nothing is known to be damaged
    return LibraryDamagedError(INDEX_DAMAGED, part="index") if index_damaged else None


def missing_index_triggers(conn: sqlite3.Connection) -> list[str]:
    """The triggers that keep the index in step (``passages_ai``, ``_ad``, ``_au``) that the
    schema lacks: one read of ``sqlite_master``. Without ``passages_ai`` SQLite stores new
    passages and leaves them out of the index; without ``passages_ad`` a removed passage stays
    in it."""
    return _missing(conn, "trigger", tuple(FTS_TRIGGERS))


def index_count_out_of_step(conn: sqlite3.Connection) -> bool:
    """Whether the index holds a size for more or fewer passages than the library stores:
    passages added while ``passages_ai`` was missing were never indexed, and a search of the
    whole library would leave them out whatever else it finds. Two counts, cheap."""
    counts = conn.execute(
        f"SELECT (SELECT count(*) FROM passages), (SELECT count(*) FROM {FTS_TABLE}_docsize)"
    ).fetchone()
    return bool(counts[0] != counts[1])


def index_out_of_step(conn: sqlite3.Connection, paper_id: int | None) -> bool:
    """Whether the index has lost passages of the paper ``paper_id`` (any paper when None).

    Asked only when a search found nothing, so every query does not pay for it: passages the
    index holds no size for, or a probed passage its own words do not find (``index_miss``).
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
    return index_miss(conn, paper_id) is not None


def probe_words(text: str) -> list[str]:
    """The words a passage is probed by: its greatest (in FTS5's order, so on the last page
    of the index's run of terms, where a lost term index makes a lookup miss) and its longest
    (the most distinctive). Lower-cased; none when the text has no word safe to probe."""
    words = list(dict.fromkeys(w.lower() for w in _PROBE_WORD.findall(text)))
    if not words:
        return []
    return list(dict.fromkeys((max(words), max(words, key=len))))


def index_miss(conn: sqlite3.Connection, paper_id: int | None = None) -> IndexMiss | None:
    """A passage the index does not find by its own words, None when every probe finds its
    passage. FTS5's ``integrity-check`` passes an index whose term lookup (``passages_fts_idx``)
    is lost, yet a search then finds nothing: so the first, middle and last passages (of the
    paper ``paper_id``, or of the library) are looked up through the index as a search would."""
    where = "" if paper_id is None else "WHERE paper_id = ?"
    params: tuple[object, ...] = () if paper_id is None else (paper_id,)
    total = int(conn.execute(f"SELECT count(*) FROM passages {where}", params).fetchone()[0])
    if not total:
        return None
    # Probed by the words the index read (a passage's NFKC form, where it has one).
    select = f"SELECT id, {indexed_text(conn)} FROM passages {where} ORDER BY id"
    places = (
        (f"{select} LIMIT {_PROBE_NEAR}", params),
        (f"{select} LIMIT {_PROBE_NEAR} OFFSET ?", (*params, total // 2)),
        (f"{select} DESC LIMIT {_PROBE_NEAR}", params),
    )
    probed: set[int] = set()
    for sql, args in places:
        for rowid, text in conn.execute(sql, args).fetchall():
            words = probe_words(str(text))
            if not words:
                continue
            if rowid not in probed:
                probed.add(rowid)
                for word in words:
                    found = conn.execute(
                        f"SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? AND rowid = ?",
                        (f'"{word}"', rowid),
                    ).fetchone()
                    if found is None:
                        return IndexMiss(int(rowid), word)
            break
    return None
