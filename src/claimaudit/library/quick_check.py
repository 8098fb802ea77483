"""SQLite's own check of a library file (``PRAGMA quick_check``), each problem placed in the
table it lies in where SQLite can tell: junk in a page of the full-text index's own tables is
mended by rebuilding the index, junk in ``papers`` or ``passages`` only by a backup."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

# The line before SQLite's first problem in the database (the only one a library has).
_DATABASE_MAIN = "*** in database main ***"
# The first SQLite whose quick_check takes a table (and checks it and its indexes alone).
_TABLE_CHECK_SINCE = (3, 33, 0)


@dataclass(frozen=True)
class Finding:
    line: str
    # The table (with its indexes) whose own check says so; None when no table's does, or
    # this SQLite cannot check one table alone: the file is damaged, nobody knows where.
    table: str | None = None


def sqlite_findings(conn: sqlite3.Connection) -> list[Finding]:
    """What SQLite's check finds wrong with the file, in order; empty when it is whole.

    The file is checked first (one pass); only when that fails is each table checked alone,
    so a whole library pays nothing more."""
    lines = _quick_check(conn)
    if lines == ["ok"]:
        return []
    by_table = _damaged_tables(conn)
    found = [Finding(line, table) for table, its in by_table.items() for line in its]
    told = {finding.line for finding in found}
    # What the file's check says and no table's (a page in no table, say): placed in the table
    # whose page it names, where a table's own check named that page too (a table's check
    # stops at 100 lines) or the page is a table's root; else, or where no table's own check
    # ran (an SQLite before 3.33), nowhere.
    owners = _page_owners(conn, found) if by_table else {}
    return found + [Finding(line, _owner(line, owners)) for line in lines if line not in told]


# The page a line of the check is about: "On tree page 11 cell 0: ...", "Page 11: ...".
_PAGE = re.compile(r"(?:On tree page|Page) (\d+)\b(?! is never used)")


def _page_of(line: str) -> int | None:
    match = _PAGE.match(line)
    return int(match.group(1)) if match else None


def _page_owners(conn: sqlite3.Connection, found: list[Finding]) -> dict[int, str]:
    """The table each page belongs to, as far as the table checks and the schema tell."""
    owners: dict[int, str] = {}
    try:
        for root, table in conn.execute("SELECT rootpage, tbl_name FROM sqlite_master"):
            if isinstance(root, int) and root > 0:
                owners[root] = str(table)
    except sqlite3.DatabaseError:
        pass  # the schema cannot be read: the table checks alone place pages
    for finding in found:
        page = _page_of(finding.line)
        if page is not None and finding.table is not None:
            owners[page] = finding.table
    return owners


def _owner(line: str, owners: dict[int, str]) -> str | None:
    page = _page_of(line)
    return None if page is None else owners.get(page)


def _quick_check(conn: sqlite3.Connection, table: str | None = None) -> list[str]:
    """SQLite's ``quick_check`` of the file, or of one table and its indexes."""
    pragma = "PRAGMA quick_check" if table is None else f'PRAGMA quick_check("{table}")'
    try:
        rows = [str(row[0]) for row in conn.execute(pragma)]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    # One problem a line: SQLite gives several in one row, after the name of the database.
    return [line for row in rows for line in row.splitlines() if line != _DATABASE_MAIN]


def _damaged_tables(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table whose own check fails, with what it says; empty when none does, when this
    SQLite cannot check one table alone (before 3.33: the argument would be read as a count,
    and the file checked whole) or when the tables cannot be listed."""
    if sqlite3.sqlite_version_info < _TABLE_CHECK_SINCE:
        return {}
    try:
        tables = [
            str(row[0])
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND rootpage > 0 "
                "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            )
        ]
    except sqlite3.DatabaseError:
        return {}
    checked = {table: _quick_check(conn, table) for table in tables if '"' not in table}
    return {table: lines for table, lines in checked.items() if lines != ["ok"]}
