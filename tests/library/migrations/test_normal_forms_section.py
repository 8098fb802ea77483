"""Schema step 8: the index reads each heading NFKC-normalised, as step 7 made it read each
passage's text; the heading itself stays as read, and nothing stored is lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from claimaudit.library.health import check_health
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.old_libraries import (
    EVERY_DAMAGE,
    add_after_upgrade,
    assert_latest,
    found_after_damage,
    index_matches,
    old_library,
    stored_rows,
)

_LIGATURE = "E\ufb03cient solvers"
_WIDE = "\uff33\uff4f\uff46\uff54 methods"


def _version_7_library(path: Path) -> Path:
    """A library as claimaudit at schema version 7 wrote it: headings held as read."""
    rows = [
        (_LIGATURE, "We compare two \ufb01ne meshes.", "We compare two fine meshes."),
        (_WIDE, "Plain words.", None),
        (None, "No heading at all.", None),
    ]
    return old_library(path, 7, rows)


def test_upgrade_from_version_7_finds_headings_by_their_plain_words_and_loses_nothing(
    tmp_path: Path,
) -> None:
    path = _version_7_library(tmp_path / "v7.sqlite3")
    with sqlite3.connect(path) as conn:  # as stored before: by the ligature only
        assert index_matches(conn, "efficient") == []
        before = stored_rows(conn, "papers", "passages")
    with Library.open(path) as lib:
        assert [(h.passage_id, h.section) for h in lib.search("efficient")] == [("P001", _LIGATURE)]
        assert [(h.passage_id, h.section) for h in lib.search("soft")] == [("P002", _WIDE)]
        assert [h.passage_id for h in lib.search("fine meshes")] == ["P001"]
        assert [h.passage_id for h in lib.search("heading")] == ["P003"]
        add_after_upgrade(lib, Passage("P001", "Other words.", "\ufb01eld notes"))
        assert [str(h.ref) for h in lib.search("field")] == ["local:b"]
    assert check_health(path).healthy
    assert_latest(path, since=8)
    with sqlite3.connect(path) as conn:
        after = stored_rows(conn, "papers", "passages")
        forms = conn.execute("SELECT search_section FROM passages WHERE paper_id = 1 ORDER BY seq")
        assert [r[0] for r in forms] == ["Efficient solvers", "Soft methods", None]
    # Every row as it was (the new column aside), beside paper 2 added since.
    assert after["papers"][:1] == before["papers"]
    width = len(before["passages"][0])
    assert [row[:width] for row in after["passages"] if row[1] == 1] == before["passages"]


@EVERY_DAMAGE
def test_a_version_7_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_7_library(tmp_path / "v7.sqlite3")
    assert found_after_damage(path, damage, "efficient") == ["P001"]
