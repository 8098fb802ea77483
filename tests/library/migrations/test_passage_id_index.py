"""Schema step 17: an index of each paper's passages by their id. Up to 16 only UNIQUE (paper_id,
seq) indexed them, so reading one passage (``GET /v1/library/{ref}/passages/{id}``, MCP
``library_passage``) read every row of its paper. Nothing stored is lost."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.store import Library
from tests.library.old_libraries import assert_upgraded_keeping, old_library, stored_as_read

_FIND_ONE = (
    "EXPLAIN QUERY PLAN SELECT seq, text FROM passages WHERE paper_id = 1 AND passage_id = 'P002' "
    "ORDER BY seq LIMIT 1"
)


def _plan(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return " ".join(str(row[-1]) for row in conn.execute(_FIND_ONE))


def test_upgrade_from_version_16_finds_a_passage_by_its_id_without_reading_the_paper(
    tmp_path: Path,
) -> None:
    rows = [(None, f"Passage {n}.", None) for n in range(1, 5)] + [("Notes", "Last.", None)]
    path = old_library(tmp_path / "v16.sqlite3", 16, rows, "local:d")
    before = stored_as_read(path)
    assert "passage_id=?" not in _plan(path)  # version 16: the paper's rows, one by one
    with Library.open(path) as lib:
        window = lib.passage_window(parse_ref("local:d"), "P003", 1)
    assert window is not None
    ahead, passage, after = window
    assert [p.passage_id for p in (*ahead, passage, *after)] == ["P002", "P003", "P004"]
    assert passage.text == "Passage 3."
    assert "passage_id=?" in _plan(path)
    assert_upgraded_keeping(path, before, since=17)


def test_a_new_library_has_the_index_too(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    with Library.open(path):
        pass
    assert "passage_id=?" in _plan(path)
