"""Schema step 13: the index reads superscript digits after a digit as an exponent apart
("10⁵" as "10^5"); steps up to 12 read them as plain digits, so "10⁵" was the number "105".
And an Arabic alef with a hamza or madda as the bare alef, the digits of other scripts as
ASCII digits. Nothing stored is lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from claimaudit.passage import Passage
from tests.library.old_libraries import (
    EVERY_DAMAGE,
    assert_upgrade_reads,
    found_after_damage,
    index_matches,
    old_library,
    search_forms,
)


def _version_12_library(path: Path) -> Path:
    """A library as claimaudit at schema version 12 wrote it: superscript digits as plain
    digits in the forms the index reads."""
    rows = [
        (None, "We plated 10\u2075 cells.", "We plated 105 cells."),
        ("Since 2019\u00b9", "Plain words.", None),
        (None, "Batch 105 was discarded.", None),
        (None, "\u0625\u0633\u0644\u0627\u0645", None),  # إسلام, its alef with a hamza
        (None, "\u0966\u0967\u0968\u0969 \u092e\u0930\u0940\u091c", None),  # ०१२३ मरीज
    ]
    old_library(path, 12, rows, "local:r", source_path="/papers/r.md")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE passages SET search_section = 'Since 20191' WHERE passage_id = 'P002'")
    return path


def test_upgrade_from_version_12_reads_a_superscript_after_a_digit_apart(tmp_path: Path) -> None:
    path = _version_12_library(tmp_path / "v12.sqlite3")
    with sqlite3.connect(path) as conn:
        # As stored before: "10⁵" the number "105".
        assert sorted(index_matches(conn, "105")) == [(1,), (3,)]
    assert_upgrade_reads(
        path,
        since=13,
        finds=[
            ("105", ["P003"]),
            ("10^5", ["P001"]),
            ("10\u2075", ["P001"]),  # typed so: the same two words
            ("2019", ["P002"]),  # a heading's number, without its note mark
            ("\u0627\u0633\u0644\u0627\u0645", ["P004"]),  # اسلام, with the bare alef
            ("0123", ["P005"]),  # in ASCII digits
        ],
        # A passage added after the upgrade is indexed the same way.
        added=Passage("P001", "About 10\u2075 cells.", None),
        searched=["10^5"],
        ref="local:r",
    )
    assert search_forms(path) == [
        ("We plated 10^5 cells.", None),
        (None, "Since 2019^1"),
        (None, None),
        ("\u0627\u0633\u0644\u0627\u0645", None),
        ("0123 \u092e\u0930\u0940\u091c", None),
    ]


@EVERY_DAMAGE
def test_a_version_12_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_12_library(tmp_path / "v12.sqlite3")
    assert found_after_damage(path, damage, "10^5") == ["P001"]
