"""Schema step 8: the index reads each heading NFKC-normalised, as step 7 made it read each
passage's text; the heading itself stays as read, and nothing stored is lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library._migrations import LATEST_VERSION, migrate
from claimaudit.library.health import check_health
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import break_index_table, lose_index_data, lose_index_rows

_LIGATURE = "E\ufb03cient solvers"
_WIDE = "\uff33\uff4f\uff46\uff54 methods"


def _version_7_library(path: Path) -> Path:
    """A library as claimaudit at schema version 7 wrote it: headings held as read."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=7) == 7
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, content_hash,"
        " ingested_at, authors, source_format, extractor) VALUES (1, 'local:smith2020', "
        "'local', 'local:smith2020', NULL, 'Notes', NULL, '/papers/smith.md', 'h1', "
        "'2025-01-01T00:00:00+00:00', 'Ann Smith', 'markdown', 'markdown/3')"
    )
    rows = [
        (_LIGATURE, "We compare two \ufb01ne meshes.", "We compare two fine meshes."),
        (_WIDE, "Plain words.", None),
        (None, "No heading at all.", None),
    ]
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, search_text, "
        "page_start, page_end) VALUES (1, ?, ?, ?, ?, ?, 3, 4)",
        [(i, f"P{i + 1:03d}", section, text, form) for i, (section, text, form) in enumerate(rows)],
    )
    conn.close()
    return path


def _stored(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as conn:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("papers", "passages")
        }


def test_upgrade_from_version_7_finds_headings_by_their_plain_words_and_loses_nothing(
    tmp_path: Path,
) -> None:
    path = _version_7_library(tmp_path / "v7.sqlite3")
    with sqlite3.connect(path) as conn:  # as stored before: by the ligature only
        fts = "SELECT rowid FROM passages_fts WHERE passages_fts MATCH ?"
        assert conn.execute(fts, ('"efficient"',)).fetchall() == []
    before = _stored(path)
    with Library.open(path) as lib:
        assert [(h.passage_id, h.section) for h in lib.search("efficient")] == [("P001", _LIGATURE)]
        assert [(h.passage_id, h.section) for h in lib.search("soft")] == [("P002", _WIDE)]
        assert [h.passage_id for h in lib.search("fine meshes")] == ["P001"]
        assert [h.passage_id for h in lib.search("heading")] == ["P003"]
        # A passage added after the upgrade is indexed the same way.
        heading = [Passage("P001", "Other words.", "\ufb01eld notes")]
        lib.add_paper(NewPaper(parse_ref("local:b"), "B", heading, "h2"))
        assert [str(h.ref) for h in lib.search("field")] == ["local:b"]
    assert check_health(path).healthy
    after = _stored(path)
    # Every row as it was (the new column aside), beside paper 2 added since.
    width = len(before["passages"][0])
    assert after["papers"][:1] == before["papers"]
    assert [row[:width] for row in after["passages"] if row[1] == 1] == before["passages"]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION >= 8
        forms = conn.execute("SELECT search_section FROM passages WHERE paper_id = 1 ORDER BY seq")
        assert [r[0] for r in forms] == ["Efficient solvers", "Soft methods", None]


@pytest.mark.parametrize("damage", [lose_index_data, break_index_table, lose_index_rows])
def test_a_version_7_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_7_library(tmp_path / "v7.sqlite3")
    damage(path)
    with Library.open(path) as lib:
        assert [h.passage_id for h in lib.search("efficient")] == ["P001"]
    assert check_health(path).healthy
