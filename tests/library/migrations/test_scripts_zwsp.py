"""Schema step 12: the index reads a zero-width space as the word break it marks (in Thai or
Chinese text), as a claim does; steps 9 to 11 left it out, joining the words around it. Nothing
stored is lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
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


def _version_11_library(path: Path) -> Path:
    """A library as claimaudit at schema version 11 wrote it: the words around a zero-width
    space joined in the forms the index reads."""
    rows = [
        (None, "Sparse\u200bmatrices save memory.", "Sparsematrices save memory."),
        ("Dense\u200bsolvers", "Plain words.", None),
        (None, "Nothing to read otherwise.", None),
    ]
    old_library(path, 11, rows, "local:z", source_path="/papers/z.md")
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "UPDATE passages SET search_section = 'Densesolvers' WHERE passage_id = 'P002'"
        )
    return path


def test_upgrade_from_version_11_reads_a_zero_width_space_as_a_word_break(
    tmp_path: Path,
) -> None:
    path = _version_11_library(tmp_path / "v11.sqlite3")
    with sqlite3.connect(path) as conn:
        # As stored before: one joined word, no "matrices".
        assert index_matches(conn, "matrices") == []
    assert_upgrade_reads(
        path,
        since=12,
        finds=[
            ("matrices", ["P001"]),
            ("sparse", ["P001"]),
            ("sparse\u200bmatrices", ["P001"]),  # typed with it: the same two words
            ("solvers", ["P002"]),  # a heading's word
        ],
        # A passage added after the upgrade is indexed the same way.
        added=Passage("P001", "Tall\u200bmatrices.", None),
        searched=["matrices"],
        ref="local:z",
    )
    assert search_forms(path) == [
        ("Sparse matrices save memory.", None),
        (None, "Dense solvers"),
        (None, None),
    ]


@EVERY_DAMAGE
def test_a_version_11_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_11_library(tmp_path / "v11.sqlite3")
    assert found_after_damage(path, damage, "matrices") == ["P001"]
