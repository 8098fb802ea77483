"""Schema migrations: an ordered list of steps, each applied in its own transaction.

The schema version lives in ``PRAGMA user_version``; step ``n`` takes the database from version
``n - 1`` to ``n``. Steps are append-only: never edit a released step, add a new one, so that a
library written by any older claimaudit upgrades without losing data.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from claimaudit.errors import LibraryOpenError
from claimaudit.guards.diskspace import noting_size_limit
from claimaudit.library import search_text
from claimaudit.library._derived import (
    CREATE_FTS,
    CREATE_JUDGED_RESULTS,
    CREATE_JUDGED_RESULTS_INDEX,
    CREATE_REFERENCE_LOOKUPS,
    CREATE_SEARCH_VIEW,
    FTS_SHADOW_TABLES,
    FTS_TRIGGERS,
    REBUILD_FTS,
    SEARCH_VIEW,
    allow_schema_edit,
    forget_fts_table,
)
from claimaudit.library.room import ROOM_ADVICE, for_want_of_room, no_room

_log = logging.getLogger(__name__)

# Marks a SQLite file as a claimaudit library so we never migrate somebody else's database.
APPLICATION_ID = 0x43414C42  # "CALB"


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]
    # Run before the statements, in the step's transaction: what SQL alone cannot do.
    prepare: Callable[[sqlite3.Connection], None] | None = None


def _drop_index(conn: sqlite3.Connection) -> None:
    """The index (derived: rebuilt after) dropped. One FTS5 cannot load, damaged, cannot be
    dropped: its entry is taken out of the schema by hand, as ``library repair`` does, so the
    library still upgrades (a repair only mends a library at the latest version). Its triggers
    go first."""
    for name in FTS_TRIGGERS:
        conn.execute(f"DROP TRIGGER IF EXISTS {name}")
    conn.execute("SAVEPOINT drop_index")
    try:
        conn.execute("DROP TABLE IF EXISTS passages_fts")
    except sqlite3.DatabaseError:
        conn.execute("ROLLBACK TO drop_index")
        allow_schema_edit(conn)
        forget_fts_table(conn)
    conn.execute("RELEASE drop_index")
    for table in FTS_SHADOW_TABLES:
        conn.execute(f"DROP TABLE IF EXISTS {table}")


# The index as version 2 made it (version 7 remade it): over the stored text as it is.
_FTS_V2 = """
            CREATE VIRTUAL TABLE passages_fts USING fts5(
                text, section, content='passages', content_rowid='id',
                tokenize='porter unicode61 remove_diacritics 2'
            )
            """
_FTS_TRIGGERS_V2 = (
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
)

# The index as version 7 made it (version 10 remade it): over the search forms, reading a
# combining mark as a word break. Versions 8 and 9 made it so again.
_FTS_V7 = """
            CREATE VIRTUAL TABLE passages_fts USING fts5(
                text, section, content='passages_search', content_rowid='id',
                tokenize='porter unicode61 remove_diacritics 2'
            )
            """

# The view and triggers as version 7 made them (version 8 remade them): the passage's text
# NFKC-normalised, its heading as stored.
_SEARCH_VIEW_V7 = """
            CREATE VIEW IF NOT EXISTS passages_search AS
            SELECT id, coalesce(search_text, text) AS text, section FROM passages
            """
_FTS_TRIGGERS_V7 = (
    """
            CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
                INSERT INTO passages_fts(rowid, text, section)
                VALUES (new.id, coalesce(new.search_text, new.text), new.section);
            END
            """,
    """
            CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
                INSERT INTO passages_fts(passages_fts, rowid, text, section)
                VALUES ('delete', old.id, coalesce(old.search_text, old.text), old.section);
            END
            """,
    """
            CREATE TRIGGER passages_au AFTER UPDATE ON passages BEGIN
                INSERT INTO passages_fts(passages_fts, rowid, text, section)
                VALUES ('delete', old.id, coalesce(old.search_text, old.text), old.section);
                INSERT INTO passages_fts(rowid, text, section)
                VALUES (new.id, coalesce(new.search_text, new.text), new.section);
            END
            """,
)

# ``math.GT/0309136`` as ``math/0309136``: the archive, then the number from its ``/`` on.
_WITHOUT_SUBJECT = "substr(work, 1, instr(work, '.') - 1) || substr(work, instr(work, '/'))"


# Steps 9 to 12 change how the search forms are read: each is made again where it changes.
_REMAKE_SEARCH_FORMS = (
    f"UPDATE passages SET search_text = {search_text.SQL_NAME}(text) "
    f"WHERE search_text IS NOT {search_text.SQL_NAME}(text)",
    f"UPDATE passages SET search_section = {search_text.SQL_NAME}(section) "
    f"WHERE search_section IS NOT {search_text.SQL_NAME}(section)",
)

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
            # The index and the triggers that keep it in step, as they were then.
            _FTS_V2,
            *_FTS_TRIGGERS_V2,
            # Index whatever a version-1 library already holds.
            "INSERT INTO passages_fts(passages_fts) VALUES ('rebuild')",
        ),
    ),
    Migration(
        3,
        "cache of judged results",
        (
            # A new table only: papers and passages are untouched.
            CREATE_JUDGED_RESULTS,
            CREATE_JUDGED_RESULTS_INDEX,
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
            # A new table only: nothing stored before is touched.
            CREATE_REFERENCE_LOOKUPS,
        ),
    ),
    Migration(
        6,
        "old-style arXiv ids without their subject class (math.GT/0309136 is math/0309136)",
        # The subject class is no part of an arXiv id, and references now leave it out: a paper
        # stored under ``arXiv:math.GT/0309136`` is renamed ``arXiv:math/0309136`` so it is
        # found as that. One whose new name is taken (the same paper stored under both
        # spellings, or under two subject classes) keeps its stored name and is reached by it;
        # ``library check`` names it. Nothing is deleted.
        (
            "DROP TABLE IF EXISTS temp.subject_class_renames",
            f"""
            CREATE TEMP TABLE subject_class_renames AS
            SELECT id, {_WITHOUT_SUBJECT} AS work,
                'arXiv:' || {_WITHOUT_SUBJECT}
                    || CASE WHEN version IS NULL THEN '' ELSE 'v' || version END AS ref
            FROM papers
            WHERE kind = 'arxiv' AND instr(work, '.') > 0 AND instr(work, '/') > instr(work, '.')
            """,
            """
            DELETE FROM temp.subject_class_renames
            WHERE ref IN (
                SELECT ref FROM papers
                WHERE id NOT IN (SELECT id FROM temp.subject_class_renames)
            )
            OR ref IN (
                SELECT ref FROM temp.subject_class_renames GROUP BY ref HAVING count(*) > 1
            )
            """,
            """
            UPDATE papers SET
                work = (SELECT r.work FROM temp.subject_class_renames r WHERE r.id = papers.id),
                ref = (SELECT r.ref FROM temp.subject_class_renames r WHERE r.id = papers.id),
                -- An arXiv address names the paper as its reference now does (SET reads the
                -- old row, so papers.work is the old id here).
                url = CASE WHEN url LIKE 'https://arxiv.org/%' THEN replace(
                    url, papers.work,
                    (SELECT r.work FROM temp.subject_class_renames r WHERE r.id = papers.id)
                ) ELSE url END
            WHERE id IN (SELECT id FROM temp.subject_class_renames)
            """,
            "DROP TABLE temp.subject_class_renames",
        ),
    ),
    Migration(
        7,
        "the search index reads each passage NFKC-normalised (ligatures, full-width letters)",
        # "ﬁnding" stored was found only by a query typed with the ligature. The stored text
        # stays as read (evidence is quoted from it); its search form goes in a new column,
        # only where it differs, and the index (derived, rebuilt from the passages) reads it.
        # The old index and triggers go first, so filling the column reindexes nothing.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            "ALTER TABLE passages ADD COLUMN search_text TEXT",
            f"UPDATE passages SET search_text = {search_text.SQL_NAME}(text)",
            _SEARCH_VIEW_V7,
            _FTS_V7,
            *_FTS_TRIGGERS_V7,
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        8,
        "the search index reads each heading NFKC-normalised too",
        # A heading "Eﬃcient methods" was found only by a query typed with the ligature. As in
        # step 7: the heading stays as read (it is shown), its search form goes in a new column
        # where it differs, and the index is made again over both. The view is remade (CREATE
        # VIEW cannot change one), after the index that reads it is dropped.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            "ALTER TABLE passages ADD COLUMN search_section TEXT",
            f"UPDATE passages SET search_section = {search_text.SQL_NAME}(section)",
            f"DROP VIEW IF EXISTS {SEARCH_VIEW}",
            CREATE_SEARCH_VIEW,
            _FTS_V7,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        9,
        "the search index reads the capitals its tokenizer cannot fold in lower case, and "
        "words without the invisible characters inside them",
        # FTS5's unicode61 folds case by Unicode 6.1's table: a capital added since (Cherokee
        # as it is written, Georgian Mtavruli, Adlam, Osage) was indexed as written, and no
        # query (lower-cased) found it; a zero-width space or soft hyphen inside a word split
        # it in two for the index. The search forms are made again where they change and
        # the index over them, as in steps 7 and 8; the text and heading stay as read.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            _FTS_V7,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        10,
        "the search index reads a word with the combining marks inside it (Devanagari vowel "
        "signs and viramas) and the joiners inside an Indic word, and Arabic and Hebrew words "
        "without their vowel points",
        # unicode61 took every combining mark for a word break: "हिन्दी" was indexed as "ह",
        # "न", "द", and a search for it found every passage holding one of those letters. The
        # index is made again with the marks as word characters (``CREATE_FTS``); the harakat
        # of Arabic and the points of Hebrew, which most text leaves out, go from the search
        # forms, so "كتب" finds "كَتَبَ" and the other way round; so do the zero-width
        # (non-)joiners inside an Indic word ("ශ්‍රී"), which broke it. As in steps 7 to 9: the
        # search forms are made again where they change and the index over them; the text and
        # heading stay as read.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        11,
        "the search index reads a Persian word without the zero-width non-joiner between its "
        "pieces, a German sharp s as ss, Greek vowels without their dialytika and the Persian "
        "kaf and yeh as the Arabic ones",
        # "می‌شود" was indexed as "می" and "شود", so "میشود" (as often typed, without the
        # non-joiner) found nothing, nor did "می‌شود" find a paper writing "میشود". The search
        # forms now leave a (non-)joiner after an Arabic-script letter out, as a query is read
        # (``text.searchform.without_invisible``), and "ß" as "ss", so "MASSE" and "strasse" find
        # "Maße" and "Straße", and a Greek vowel without its dialytika, so "προιον" finds
        # "προϊόν", and the Persian kaf and yeh as the Arabic ones, so "كتاب" finds "کتاب"
        # (``text.searchform.plain_letters``); as in steps 9 and 10 they are made again
        # where they change and the index over them; the text and heading stay as read.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        12,
        "the search index reads a zero-width space as the word break it is",
        # Steps 7 to 11 left it out, joining the words on either side ("ภาษา\u200bไทย" one
        # word, "a\u200bb" one where the claim reads two), while the claim keeps it as a break
        # (``inputs.as_asked``); the search forms now read it as a space
        # (``text.searchform.without_invisible``), as a query is read. As in steps 9 to 11 they
        # are made again where they change and the index over them; the text and heading stay
        # as read.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        13,
        "the search index reads superscript digits after a digit as an exponent apart, and an "
        "Arabic alef with a hamza or madda as the bare alef, and the digits of other scripts as "
        "ASCII digits",
        # NFKC made "10⁵" the word "105", found by "105" and not by "10^5" (as a paper's LaTeX,
        # HTML or PDF exponent is stored), and "2019¹" (a note mark) no "2019"; the search
        # forms now write them "10^5" (``text.searchform.raised_apart``), as a query is read;
        # and an alef with a hamza or madda as the bare alef, so a word typed without its hamza
        # finds it, and the digits of other scripts as ASCII ones, so "2024" finds a year
        # written in Arabic-Indic or Devanagari digits (``text.searchform.plain_letters``).
        # As in steps 9 to 12 they are made again where they change and the index over them;
        # the text and heading stay as read.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        14,
        "the search index reads an Arabic alef maksura and teh marbuta as yeh and heh, a "
        "dotless i as i, and a Bengali khanda ta or Malayalam chillu as its consonant and virama",
        # Much Arabic writing puts "ى" for a final yeh and "ة" for a heh and the other way
        # round, so "مستشفى" found no "مستشفي"; "ISPARTA" found no "\u0131sparta" (a dotless
        # i); "উৎস" (khanda ta) no "উত্‍স", as it was written before Unicode 4.1, nor a
        # chillu ("ൻ") its older spelling. The search forms now read them alike
        # (``text.searchform.plain_letters``), as a query is read. As in steps 9 to 13 they
        # are made again where they change and the index over them; the text and heading stay
        # as read.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    Migration(
        15,
        "the search index reads the Urdu heh goal and yeh barree as the Arabic heh and yeh, "
        "a Hebrew acronym without its gershayim, a modifier letter apostrophe as the ASCII one, "
        "and the Latin letters ae, oe, l with a stroke, d with a stroke and h with a stroke as "
        "the plain ones",
        # A keyboard of Arabic layout types Urdu's heh goal and yeh barree (U+06C1, U+06D2) as
        # the Arabic heh and yeh, so an Urdu word typed so found none in a paper, nor the other
        # way round; a gershayim or geresh inside a Hebrew word ("צה״ל") broke it in two, so
        # "צהל" found no "צה״ל" (``text.hebrew.without_acronym_marks``); "м'ясо" found no
        # "мʼясо", its apostrophe a letter (U+02BC); "Lodz" found no "Łódź", the tokenizer
        # folding "ó" but keeping "ł". The search forms now read them
        # alike (``text.searchform.plain_letters``), as a query is read. As in steps 9 to 14
        # they are made again where they change and the index over them; the text and heading
        # stay as read.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
    # Step 16, self-contained: the search forms made again where they change, the index over
    # them; the text and heading stay as read.
    Migration(
        16,
        "the search index reads the Danish and Norwegian o with a stroke as o",
        # The tokenizer folds "ö" to "o" but keeps "ø", so "Soren" found no "Søren", nor
        # "Orsted" "Ørsted"; the search forms now read it as "o"
        # (``text.searchform.plain_letters``), as a query is read. As in steps 9 to 15.
        (
            # The index and its triggers are dropped first (``_drop_index``).
            *_REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=_drop_index,
    ),
)

LATEST_VERSION = MIGRATIONS[-1].version


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, *, target: int = LATEST_VERSION, label: str = "") -> int:
    """Bring ``conn`` (opened with ``isolation_level=None``) up to ``target``; return the version.

    Raises LibraryOpenError for a database from a newer claimaudit or one that is not a library.
    """
    # Versions 7 to 12 fill a column by a function of claimaudit's (whatever opened ``conn``).
    search_text.register(conn)
    current = schema_version(conn)
    _refuse_newer(current, label)
    if current == 0:
        current = _create(conn, target, label)
        _refuse_newer(current, label)
    _check_is_library(conn, label)
    try:
        _upgrade(conn, current, target, label)
    except BaseException:
        # Ctrl-C or SIGTERM between steps: those committed stay, and must be said, since an
        # older claimaudit cannot open the file now ("the library is unchanged" was all).
        with contextlib.suppress(sqlite3.Error):  # never hiding the error that stopped it
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            _say_upgraded(label, current, schema_version(conn), target)
        raise
    version = schema_version(conn)
    _say_upgraded(label, current, version, target)
    return version


def _say_upgraded(label: str, before: int, now: int, target: int) -> None:
    """Said, not silent: the file changes for good, and an older claimaudit cannot open it. A
    new library is created, not upgraded: nothing to say then."""
    if not 0 < before < now:
        return
    stopped = (
        "" if now >= target else f" (stopped before version {target}: the next command goes on)"
    )
    _log.warning(
        "upgraded the library %s from schema version %d to %d%s; older claimaudit versions "
        "cannot open it now",
        label,
        before,
        now,
        stopped,
    )


def _upgrade(conn: sqlite3.Connection, current: int, target: int, label: str) -> None:
    """Each step from ``current`` to ``target`` in its own transaction."""
    with noting_size_limit() as past_limit:
        _steps(conn, current, target, label, past_limit)


def _steps(
    conn: sqlite3.Connection,
    current: int,
    target: int,
    label: str,
    past_limit: Callable[[], bool],
) -> None:
    for step in MIGRATIONS[current:target]:
        try:
            conn.execute("BEGIN IMMEDIATE")
            if schema_version(conn) >= step.version:
                # Another connection (a second thread of a review, say) applied this step while
                # this one waited for the write lock.
                conn.execute("COMMIT")
                continue
            _apply(conn, step)
            # user_version is part of the database header, so it commits or rolls back with
            # the step: a failed step leaves the previous version fully intact.
            conn.execute(f"PRAGMA user_version = {step.version}")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            # BEGIN itself may have failed (locked), or SQLite rolled back already (disk full):
            # a ROLLBACK then fails too, and its error would hide the real one.
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if _read_only(exc):
                # A library this claimaudit could read as it is, were it at its version: say
                # what stands in the way and what to do, not only SQLite's words.
                folder = getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_DIRECTORY"
                raise LibraryOpenError(
                    f"library {label} was made by an older claimaudit (schema version "
                    f"{current}) and must be upgraded to version {target} before this one can "
                    f"use it, but {'its folder' if folder else 'the file'} may not be written "
                    f"({exc}); let it be written once, or use a copy"
                ) from exc
            why = f"{exc}"
            room = None
            if for_want_of_room(exc) and label:
                # The limit told by the write that passed it (the file, rolled back, is as it
                # was, its journal gone), or by a file near it.
                room = no_room(Path(label), past_limit=past_limit())
            if room is not None:
                # SQLite's bare "disk I/O error" said neither the cause nor what to do, nor
                # that the step was rolled back: the library is as the last step left it.
                kept = schema_version(conn)
                state = (
                    f"the library is unchanged (schema version {kept})"
                    if kept == current
                    else f"the library stays at schema version {kept}, the steps before kept"
                )
                why = f"{room} ({exc}); {state}; {ROOM_ADVICE[room]}"
            raise LibraryOpenError(
                f"could not upgrade library {label} to schema version {step.version} "
                f"({step.description}): {why}"
            ) from exc


def _read_only(exc: sqlite3.Error) -> bool:
    """Whether SQLite refused the write because the file may not be written (its mode, a
    read-only mount), rather than for a fault of the library."""
    name = getattr(exc, "sqlite_errorname", "")
    return name.startswith("SQLITE_READONLY") or "readonly database" in str(exc)


def _apply(conn: sqlite3.Connection, step: Migration) -> None:
    if step.prepare is not None:
        step.prepare(conn)
    for statement in step.statements:
        conn.execute(statement)


def _refuse_newer(version: int, label: str) -> None:
    if version > LATEST_VERSION:
        raise LibraryOpenError(
            f"library {label} has schema version {version}, newer than this claimaudit "
            f"understands (up to {LATEST_VERSION}); upgrade claimaudit to use it"
        )


def _create(conn: sqlite3.Connection, target: int, label: str) -> int:
    """Make a new library, every step up to ``target`` in one transaction under the write lock;
    return the version found there. Several processes opening one new file at once: the first
    makes the whole schema, the others wait for its commit and find a finished library (never a
    half-made one, and nobody says "upgraded" about a library that was just made)."""
    # Somebody else's database is told apart before taking its write lock (it may be
    # read-only), in one statement, so one snapshot: read apart, another process creating this
    # library could commit in between, and its tables beside version 0 looked like a stranger's.
    found, tables = conn.execute(
        "SELECT (SELECT user_version FROM pragma_user_version), "
        "(SELECT count(*) FROM sqlite_master)"
    ).fetchone()
    if found == 0 and tables:
        raise LibraryOpenError(f"{label} is an SQLite database but not a claimaudit library")
    try:
        conn.execute("BEGIN IMMEDIATE")
        found = schema_version(conn)
        if found == 0:
            if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                conn.execute("ROLLBACK")
                raise LibraryOpenError(
                    f"{label} is an SQLite database but not a claimaudit library"
                )
            for step in MIGRATIONS[:target]:
                _apply(conn, step)
            conn.execute(f"PRAGMA user_version = {target}")
            found = target
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        # As in an upgrade: BEGIN may have failed, or SQLite rolled back already.
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise LibraryOpenError(f"could not create the library {label}: {exc}") from exc
    return found


def _check_is_library(conn: sqlite3.Connection, label: str) -> None:
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if app_id != APPLICATION_ID:
        raise LibraryOpenError(f"{label} is an SQLite database but not a claimaudit library")
