"""Steps 7 to 9: the search index reads a search form of each passage and heading (NFKC, then
capitals folded and invisible characters left out), kept in its own column beside the text as
read; the index then still read a combining mark as a word break (step 10 changed that)."""

from __future__ import annotations

from claimaudit.library import search_text
from claimaudit.library._derived import (
    CREATE_SEARCH_VIEW,
    FTS_TRIGGERS,
    REBUILD_FTS,
    SEARCH_VIEW,
)
from claimaudit.library._schema_steps.common import REMAKE_SEARCH_FORMS, Migration, drop_index

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

STEPS: tuple[Migration, ...] = (
    Migration(
        7,
        "the search index reads each passage NFKC-normalised (ligatures, full-width letters)",
        # "ﬁnding" stored was found only by a query typed with the ligature. The stored text
        # stays as read (evidence is quoted from it); its search form goes in a new column,
        # only where it differs, and the index (derived, rebuilt from the passages) reads it.
        # The old index and triggers go first, so filling the column reindexes nothing.
        (
            # The index and its triggers are dropped first (``drop_index``).
            "ALTER TABLE passages ADD COLUMN search_text TEXT",
            f"UPDATE passages SET search_text = {search_text.SQL_NAME}(text)",
            _SEARCH_VIEW_V7,
            _FTS_V7,
            *_FTS_TRIGGERS_V7,
            REBUILD_FTS,
        ),
        prepare=drop_index,
    ),
    Migration(
        8,
        "the search index reads each heading NFKC-normalised too",
        # A heading "Eﬃcient methods" was found only by a query typed with the ligature. As in
        # step 7: the heading stays as read (it is shown), its search form goes in a new column
        # where it differs, and the index is made again over both. The view is remade (CREATE
        # VIEW cannot change one), after the index that reads it is dropped.
        (
            # The index and its triggers are dropped first (``drop_index``).
            "ALTER TABLE passages ADD COLUMN search_section TEXT",
            f"UPDATE passages SET search_section = {search_text.SQL_NAME}(section)",
            f"DROP VIEW IF EXISTS {SEARCH_VIEW}",
            CREATE_SEARCH_VIEW,
            _FTS_V7,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=drop_index,
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
            # The index and its triggers are dropped first (``drop_index``).
            *REMAKE_SEARCH_FORMS,
            _FTS_V7,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=drop_index,
    ),
)
