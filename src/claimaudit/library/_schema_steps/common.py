"""What every schema step is made of, and what several steps share: the file's mark as a
library, and the search index dropped before a step makes it again."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from claimaudit.library import search_text
from claimaudit.library._derived import (
    FTS_SHADOW_TABLES,
    FTS_TRIGGERS,
    allow_schema_edit,
    forget_fts_table,
)

# Marks a SQLite file as a claimaudit library so we never migrate somebody else's database.
APPLICATION_ID = 0x43414C42  # "CALB"


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]
    # Run before the statements, in the step's transaction: what SQL alone cannot do.
    prepare: Callable[[sqlite3.Connection], None] | None = None


def drop_index(conn: sqlite3.Connection) -> None:
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


# From step 9 on, steps change how the search forms are read: each is made again where it changes.
REMAKE_SEARCH_FORMS = (
    f"UPDATE passages SET search_text = {search_text.SQL_NAME}(text) "
    f"WHERE search_text IS NOT {search_text.SQL_NAME}(text)",
    f"UPDATE passages SET search_section = {search_text.SQL_NAME}(section) "
    f"WHERE search_section IS NOT {search_text.SQL_NAME}(section)",
)
