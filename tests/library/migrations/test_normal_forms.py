"""Schema step 7 (``library._schema_steps.normal_forms``): the index reads each passage
NFKC-normalised, and a library whose index is damaged still upgrades."""

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
    as_before,
    assert_latest,
    found_after_damage,
    index_matches,
    insert_local_paper,
    open_at,
    stored_rows,
)


def test_upgrade_from_version_6_indexes_each_passage_in_its_normal_form_and_loses_nothing(
    tmp_path: Path,
) -> None:
    """Version 7 reads each passage NFKC-normalised for the index (a new column where that form
    differs, the index rebuilt): every stored row reads back as it was written."""
    path = tmp_path / "v6.sqlite3"
    conn = open_at(path, 6)
    insert_local_paper(conn)
    texts = ["Our \ufb01nding holds.", "\uff23\uff34 scans.", "Plain words."]
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, page_start, page_end) "
        "VALUES (1, ?, ?, 'Intro', ?, NULL, NULL)",
        [(i, f"P{i + 1:03d}", t) for i, t in enumerate(texts)],
    )
    # Found as stored before the upgrade, by the ligature only.
    assert index_matches(conn, "finding") == []
    before = stored_rows(conn, "papers", "passages")
    conn.close()
    with Library.open(path) as lib:
        assert [h.passage_id for h in lib.search("finding")] == ["P001"]
        assert [h.passage_id for h in lib.search("ct")] == ["P002"]
        assert [h.text for h in lib.search("plain")] == ["Plain words."]
        add_after_upgrade(lib, Passage("P001", "\ufb01eld work", None))
        assert [str(h.ref) for h in lib.search("field")] == ["local:b"]
    assert check_health(path).healthy
    assert_latest(path, since=7)
    with sqlite3.connect(path) as check:
        after = {
            "papers": check.execute("SELECT * FROM papers WHERE id = 1").fetchall(),
            "passages": check.execute(
                "SELECT * FROM passages WHERE paper_id = 1 ORDER BY 1"
            ).fetchall(),
        }
        assert as_before(after, before) == before
        search_forms = check.execute("SELECT search_text FROM passages WHERE paper_id = 1")
        assert [r[0] for r in search_forms] == ["Our finding holds.", "CT scans.", None]


@EVERY_DAMAGE
def test_a_version_6_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    """Version 7 drops the index to make it again: one FTS5 cannot even load is taken out by
    hand, since ``library repair`` mends only a library at the latest version."""
    path = tmp_path / "v6.sqlite3"
    conn = open_at(path, 6)
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, title, content_hash, ingested_at) VALUES "
        "(1, 'local:a', 'local', 'local:a', 'T', 'h1', '2025-01-01T00:00:00+00:00')"
    )
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text) "
        "VALUES (1, ?, ?, 'Intro', ?)",
        [(i, f"P{i + 1:03d}", f"Aspirin passage {i} of the cohort.") for i in range(40)],
    )
    conn.close()
    assert len(found_after_damage(path, damage, "aspirin")) == 40
