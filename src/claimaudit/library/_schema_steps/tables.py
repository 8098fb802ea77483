"""Steps 1 to 6: the tables and what they hold (papers, passages, the caches), the first
full-text index over the stored text, and old-style arXiv ids renamed as references read them."""

from __future__ import annotations

from claimaudit.library._derived import (
    CREATE_JUDGED_RESULTS,
    CREATE_JUDGED_RESULTS_INDEX,
    CREATE_REFERENCE_LOOKUPS,
)
from claimaudit.library._schema_steps.common import APPLICATION_ID, Migration

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

# ``math.GT/0309136`` as ``math/0309136``: the archive, then the number from its ``/`` on.
_WITHOUT_SUBJECT = "substr(work, 1, instr(work, '.') - 1) || substr(work, instr(work, '/'))"

STEPS: tuple[Migration, ...] = (
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
)
