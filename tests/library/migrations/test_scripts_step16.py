"""Schema step 16: the index reads the Danish and Norwegian "ø" as "o", as its tokenizer reads
"ö"; steps up to 15 kept it, so "Soren" found no "Søren", nor "Orsted" "Ørsted". Nothing stored
is lost."""

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
    insert_local_paper,
    insert_passages,
    open_at,
    stored_rows,
)

SOREN, ORSTED = "S\u00f8ren", "\u00d8rsted"


def _version_15_library(path: Path) -> Path:
    """A library as claimaudit at schema version 15 wrote it: "ø" kept."""
    conn = open_at(path, 15)
    insert_local_paper(conn, "local:d", source_path="/papers/d.md")
    rows = [
        (None, f"{SOREN} Kierkegaard wrote it.", None),
        (f"{ORSTED} and magnetism", "Plain words.", None),  # a heading
        # A search form a version from 7 on stored, "ß" read as "ss" and "ø" kept.
        (None, f"{SOREN} in der Stra\u00dfe", f"{SOREN} in der Strasse"),
        (None, "Soren typed plain.", None),
    ]
    insert_passages(conn, rows)
    conn.close()
    return path


def _stored(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as conn:
        passages = "SELECT id, paper_id, seq, passage_id, section, text FROM passages ORDER BY 1"
        return stored_rows(conn, "papers") | {"passages": conn.execute(passages).fetchall()}


def test_upgrade_from_version_15_reads_o_with_a_stroke_as_o(tmp_path: Path) -> None:
    path = _version_15_library(tmp_path / "v15.sqlite3")
    before = _stored(path)
    with Library.open(path) as lib:
        for word, expected in [
            ("Soren", ["P001", "P003", "P004"]),
            (SOREN, ["P001", "P003", "P004"]),
            ("orsted", ["P002"]),
            (ORSTED, ["P002"]),
            ("strasse", ["P003"]),
        ]:
            assert sorted(h.passage_id for h in lib.search(word)) == expected, ascii(word)
        # A passage added after the upgrade is indexed the same way.
        add_after_upgrade(lib, Passage("P001", f"Dear {SOREN}.", None))
        assert {str(h.ref) for h in lib.search("Soren")} == {"local:b", "local:d"}
    assert check_health(path).healthy
    after = _stored(path)
    assert after["papers"][:1] == before["papers"]
    assert [row for row in after["passages"] if row[1] == 1] == before["passages"]
    assert_latest(path, since=16)


@EVERY_DAMAGE
def test_a_version_15_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_15_library(tmp_path / "v15.sqlite3")
    assert sorted(found_after_damage(path, damage, "Soren")) == ["P001", "P003", "P004"]
