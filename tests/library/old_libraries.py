"""Libraries as an older claimaudit wrote them, for the schema-upgrade tests: a file migrated up
to one version only, filled by the test in the columns that version has, and the checks every
upgrade test makes of it afterwards (nothing stored lost, the index whole, the latest version)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library._migrations import LATEST_VERSION, migrate
from claimaudit.library.health import check_health
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import break_index_table, lose_index_data, lose_index_rows

Rows = dict[str, list[tuple[object, ...]]]

# Each way the full-text index of an older library can be found damaged; an upgrade that
# rebuilds the index must mend every one (``library repair`` mends only the latest version).
EVERY_DAMAGE = pytest.mark.parametrize(
    "damage", [lose_index_data, break_index_table, lose_index_rows]
)


def open_at(path: Path, version: int) -> sqlite3.Connection:
    """A new library at ``path`` stopped at schema ``version``, open (autocommit) to be filled."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=version) == version
    return conn


def insert_local_paper(
    conn: sqlite3.Connection,
    ref: str = "local:smith2020",
    *,
    source_path: str = "/papers/smith.md",
    source_format: str = "markdown",
    extractor: str = "markdown/3",
) -> None:
    """Paper 1, a local paper by Ann Smith titled "Notes", with the columns version 4 added."""
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, content_hash,"
        " ingested_at, authors, source_format, extractor) VALUES (1, ?, 'local', ?, NULL, "
        "'Notes', NULL, ?, 'h1', '2025-01-01T00:00:00+00:00', 'Ann Smith', ?, ?)",
        (ref, ref, source_path, source_format, extractor),
    )


def insert_passages(
    conn: sqlite3.Connection, rows: list[tuple[str | None, str, str | None]]
) -> None:
    """Passages P001, P002, ... of paper 1 on pages 3 to 4, each ``(section, text, search_text)``
    (the form the index reads, where a version from 7 on stored one that differs)."""
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, search_text, "
        "page_start, page_end) VALUES (1, ?, ?, ?, ?, ?, 3, 4)",
        [(i, f"P{i + 1:03d}", section, text, form) for i, (section, text, form) in enumerate(rows)],
    )


def old_library(
    path: Path,
    version: int,
    rows: list[tuple[str | None, str, str | None]],
    ref: str = "local:smith2020",
    *,
    source_path: str = "/papers/smith.md",
) -> Path:
    """A library at ``path`` as claimaudit at schema ``version`` wrote it: paper 1, local paper
    ``ref``, holding the passages ``rows`` (as :func:`insert_passages` reads them)."""
    conn = open_at(path, version)
    insert_local_paper(conn, ref, source_path=source_path)
    insert_passages(conn, rows)
    conn.close()
    return path


def stored_rows(conn: sqlite3.Connection, *tables: str) -> Rows:
    """Every row of each of ``tables``, in the order of their first column."""
    return {table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall() for table in tables}


def as_before(after: Rows, before: Rows) -> Rows:
    """``after`` with each row cut to the columns ``before`` had: later versions add columns,
    and what an upgrade must keep is the ones the older library wrote."""
    return {table: [row[: len(before[table][0])] for row in rows] for table, rows in after.items()}


def stored_as_read(path: Path) -> Rows:
    """Every paper, and each passage as read: its columns bar the forms the index reads, which
    an upgrade that reads text anew may change."""
    with sqlite3.connect(path) as conn:
        passages = "SELECT id, paper_id, seq, passage_id, section, text FROM passages ORDER BY 1"
        return stored_rows(conn, "papers") | {"passages": conn.execute(passages).fetchall()}


# The name the tests of steps 13 and 14 once read it by.
stored_papers_and_passages = stored_as_read


def search_forms(path: Path) -> list[tuple[object, ...]]:
    """``(search_text, search_section)`` of each passage of paper 1, in order: the forms the
    index reads where they differ from the text and heading as read (else ``None``)."""
    with sqlite3.connect(path) as conn:
        forms = "SELECT search_text, search_section FROM passages WHERE paper_id = 1 ORDER BY seq"
        return conn.execute(forms).fetchall()


def index_matches(conn: sqlite3.Connection, word: str) -> list[tuple[object, ...]]:
    """The rows the full-text index itself matches for ``word``, as stored (no query folding)."""
    fts = "SELECT rowid FROM passages_fts WHERE passages_fts MATCH ?"
    return conn.execute(fts, (f'"{word}"',)).fetchall()


def add_after_upgrade(lib: Library, passage: Passage) -> None:
    """Paper ``local:b``, added once the library is upgraded, to show it is indexed the same
    way as the rows the upgrade indexed again."""
    lib.add_paper(NewPaper(parse_ref("local:b"), "B", [passage], "h2"))


def assert_finds(lib: Library, cases: list[tuple[str, list[str]]]) -> None:
    """A search of ``lib`` for each word finds just the passage ids given with it."""
    for word, expected in cases:
        assert sorted(h.passage_id for h in lib.search(word)) == expected, ascii(word)


def assert_upgraded_keeping(path: Path, before: Rows, since: int) -> None:
    """The library at ``path``, upgraded, is healthy and at the latest version (``since`` or
    later), with paper 1 and its passages as :func:`stored_as_read` read them in ``before``."""
    assert check_health(path).healthy
    after = stored_as_read(path)
    assert after["papers"][:1] == before["papers"]
    assert [row for row in after["passages"] if row[1] == 1] == before["passages"]
    assert_latest(path, since)


def assert_upgrade_reads(
    path: Path,
    since: int,
    finds: list[tuple[str, list[str]]],
    added: Passage,
    searched: Sequence[str],
    ref: str,
) -> None:
    """The older library at ``path``, opened (and so upgraded): a search for each word of
    ``finds`` finds just its passages (:func:`assert_finds`); ``added`` (in paper ``local:b``,
    :func:`add_after_upgrade`) is indexed the same way, so each word of ``searched`` finds
    both papers, ``ref`` (paper 1) and ``local:b``; and nothing stored was lost
    (:func:`assert_upgraded_keeping`)."""
    before = stored_as_read(path)
    with Library.open(path) as lib:
        assert_finds(lib, finds)
        add_after_upgrade(lib, added)
        for word in searched:
            assert {str(h.ref) for h in lib.search(word)} == {ref, "local:b"}, ascii(word)
    assert_upgraded_keeping(path, before, since)


def assert_latest(path: Path, since: int) -> None:
    """The library at ``path`` is at the latest version, which is ``since`` or later."""
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION >= since


def found_after_damage(path: Path, damage: Callable[[Path], None], query: str) -> list[str]:
    """The passage ids a search for ``query`` finds once the older library at ``path`` has had
    its index damaged and then been upgraded (the library must be healthy after)."""
    damage(path)
    with Library.open(path) as lib:
        found = [h.passage_id for h in lib.search(query, limit=100)]
    assert check_health(path).healthy
    return found
