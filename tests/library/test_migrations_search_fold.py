"""Schema step 9: the index reads in lower case the capitals its tokenizer (FTS5's unicode61,
case table of Unicode 6.1) cannot fold, so a word a paper writes in them (Cherokee as it is
written, Georgian Mtavruli, Adlam) is found by a query in any case; nothing stored is lost."""

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

_CHEROKEE = "\u13e3\u13b3\u13a9"  # ᏣᎳᎩ, as Cherokee is written
_MTAVRULI = "\u1c92\u1c90\u1c9b\u1c90"  # ᲒᲐᲛᲐ, Georgian in capitals
_ADLAM = "\U0001e900\U0001e923\U0001e924"  # 𞤀𞤣𞤤, capitalised


def _version_8_library(path: Path) -> Path:
    """A library as claimaudit at schema version 8 wrote it: such capitals indexed as written."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=8) == 8
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, content_hash,"
        " ingested_at, authors, source_format, extractor) VALUES (1, 'local:s', 'local', "
        "'local:s', NULL, 'Notes', NULL, '/papers/s.md', 'h1', '2025-01-01T00:00:00+00:00', "
        "'Ann Smith', 'markdown', 'markdown/3')"
    )
    rows = [
        (None, f"The word {_CHEROKEE} here.", None),
        (f"{_MTAVRULI} heading", "Plain words.", None),
        (None, f"An \ufb01ne {_ADLAM} word.", f"An fine {_ADLAM} word."),
        (None, "Nothing to fold, caf\u00e9.", None),
        (None, "The treat\u200bment arm.", None),
    ]
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, search_text, "
        "search_section, page_start, page_end) VALUES (1, ?, ?, ?, ?, ?, NULL, 3, 4)",
        [(i, f"P{i + 1:03d}", section, text, form) for i, (section, text, form) in enumerate(rows)],
    )
    conn.close()
    return path


def _stored(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as conn:
        return {
            table: conn.execute(
                f"SELECT id, paper_id, seq, passage_id, section, text FROM {table}"
            ).fetchall()
            for table in ("passages",)
        } | {"papers": conn.execute("SELECT * FROM papers").fetchall()}


def test_upgrade_from_version_8_finds_capitals_the_tokenizer_cannot_fold(tmp_path: Path) -> None:
    path = _version_8_library(tmp_path / "v8.sqlite3")
    with sqlite3.connect(path) as conn:
        # As stored before: the query, lower-cased, never matched the capitals.
        fts = "SELECT rowid FROM passages_fts WHERE passages_fts MATCH ?"
        assert conn.execute(fts, (f'"{_CHEROKEE.lower()}"',)).fetchall() == []
    before = _stored(path)
    with Library.open(path) as lib:
        for word, expected in [
            (_CHEROKEE, "P001"),
            (_CHEROKEE.lower(), "P001"),
            (_MTAVRULI, "P002"),
            (_ADLAM, "P003"),
            ("fine", "P003"),
            ("cafe", "P004"),
            ("treatment", "P005"),
        ]:
            assert [h.passage_id for h in lib.search(word)] == [expected], word
        # A passage added after the upgrade is indexed the same way.
        added = [Passage("P001", f"Other {_CHEROKEE} words.", None)]
        lib.add_paper(NewPaper(parse_ref("local:b"), "B", added, "h2"))
        assert {str(h.ref) for h in lib.search(_CHEROKEE.lower())} == {"local:s", "local:b"}
    assert check_health(path).healthy
    after = _stored(path)
    assert after["papers"][:1] == before["papers"]
    assert [row for row in after["passages"] if row[1] == 1] == before["passages"]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION >= 9
        forms = conn.execute(
            "SELECT search_text, search_section FROM passages WHERE paper_id = 1 ORDER BY seq"
        )
        assert forms.fetchall() == [
            (f"The word {_CHEROKEE.lower()} here.", None),
            (None, f"{_MTAVRULI.lower()} heading"),
            (f"An fine {_ADLAM.lower()} word.", None),
            (None, None),
            ("The treatment arm.", None),
        ]


@pytest.mark.parametrize("damage", [lose_index_data, break_index_table, lose_index_rows])
def test_a_version_8_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_8_library(tmp_path / "v8.sqlite3")
    damage(path)
    with Library.open(path) as lib:
        assert [h.passage_id for h in lib.search(_CHEROKEE)] == ["P001"]
    assert check_health(path).healthy
