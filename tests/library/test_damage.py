"""A damaged full-text index is an error at search time, never "no matching passages"."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.cli._advice import cli_message
from claimaudit.errors import LibraryDamagedError, SourceError
from claimaudit.identity import parse_ref
from claimaudit.library.damage import (
    INDEX_DAMAGED,
    as_damage,
    index_miss,
    looks_damaged,
    probe_words,
)
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.sources.library import LibrarySource
from tests.library.damaging import (
    ASPIRIN,
    COFFEE,
    break_core_table,
    empty_index,
    execute,
    lose_index_data,
    lose_index_rows,
    lose_part_of_term_index,
    lose_term_index,
    make_library,
)


def _unindex_paper(path: Path, ref: str) -> None:
    """One paper's passages taken out of the index (FTS5's own 'delete'), the rest kept."""
    execute(
        path,
        "INSERT INTO passages_fts(passages_fts, rowid, text, section) "
        "SELECT 'delete', s.id, s.text, s.section FROM passages s "
        f"JOIN papers p ON p.id = s.paper_id WHERE p.ref = '{ref}'",
    )


@pytest.mark.parametrize(
    ("damage", "query"),
    [
        (empty_index, "aspirin heart"),
        (lose_index_rows, "aspirin heart"),
        (lose_index_data, "aspirin heart"),
        # FTS5's own check passes a lost term lookup: "heart" is in a passage, yet found nowhere.
        (lose_term_index, "heart"),
        (lose_part_of_term_index, "heart"),
    ],
)
@pytest.mark.parametrize("within", [None, ASPIRIN])
def test_search_of_a_damaged_index_says_so(
    tmp_path: Path, damage: Callable[[Path], None], query: str, within: str | None
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    damage(path)
    with Library.open(path) as library, pytest.raises(LibraryDamagedError) as raised:
        library.search(query, ref=parse_ref(within) if within else None)
    assert str(raised.value) == INDEX_DAMAGED


def test_the_probe_finds_nothing_amiss_in_a_whole_index_of_small_pages(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    execute(
        path,
        "INSERT INTO passages_fts(passages_fts, rank) VALUES ('pgsz', 32)",
        "INSERT INTO passages_fts(passages_fts) VALUES ('rebuild')",
    )
    with Library.open(path) as library:
        assert index_miss(library.connection) is None
        assert library.search("zebra") == []
        assert [h.passage_id for h in library.search("heart")] == ["P001"]


def test_probe_words_are_ones_fts5_indexes_whole() -> None:
    # The greatest word and the longest, lower-cased.
    assert probe_words("Aspirin lowers the risk of heart attack.") == ["the", "aspirin"]
    assert probe_words("A cohort of 5000.") == ["of", "cohort"]
    # A word touching a character FTS5 may keep in a token (an accent, a combining mark, a
    # private-use character) is never a probe: its miss would be no damage.
    assert probe_words("café x\u0301y \ue000zz naïve") == []
    assert probe_words("snake_case, a-b") == ["snake"]  # "_" and "-" part words, as in FTS5
    assert probe_words("") == [] and probe_words("αβγ δ") == []


def test_a_paper_missing_from_the_index_is_not_a_silent_miss(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    _unindex_paper(path, ASPIRIN)
    with Library.open(path) as library:
        # A search of the other paper is whole, and answers; one of the whole library would
        # leave the unindexed paper out, so it says so even when it finds the other.
        assert [h.ref for h in library.search("coffee cancer", ref=parse_ref(COFFEE))] == [
            parse_ref(COFFEE)
        ]
        with pytest.raises(LibraryDamagedError, match=INDEX_DAMAGED):
            library.search("coffee cancer")
        with pytest.raises(LibraryDamagedError, match=INDEX_DAMAGED):
            library.search("aspirin", ref=parse_ref(ASPIRIN))
        with pytest.raises(LibraryDamagedError, match=INDEX_DAMAGED) as raised:
            library.search("aspirin")
        assert cli_message(raised.value).endswith("; run `claimaudit library repair`")


def test_no_match_in_a_whole_index_is_still_an_empty_answer(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    with Library.open(path) as library:
        assert library.search("zebra") == []
        assert library.search("zebra", ref=parse_ref(ASPIRIN)) == []


def test_removing_a_paper_from_a_damaged_index_says_so(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    empty_index(path)
    with Library.open(path) as library:
        with pytest.raises(LibraryDamagedError) as raised:
            library.remove(parse_ref(ASPIRIN))
        assert str(raised.value) == INDEX_DAMAGED
        assert library.get_paper(parse_ref(ASPIRIN)) is not None  # rolled back, nothing lost


def test_a_damaged_database_is_not_called_a_damaged_index(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_core_table(path)
    with Library.open(path) as library, pytest.raises(LibraryDamagedError) as raised:
        library.search("aspirin")
    # What is damaged decides the advice: a check says where (a repair would not help).
    assert raised.value.part == "database"
    assert cli_message(raised.value).endswith("; `claimaudit library check` says where")


def test_the_library_source_points_at_the_check(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    break_core_table(path)
    with pytest.raises(SourceError) as raised:
        LibrarySource(path).fetch(parse_ref(ASPIRIN), "aspirin")
    assert "library check" in cli_message(raised.value)


def test_an_error_that_is_not_damage_is_not_called_damage(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    with Library.open(path) as library:
        error = sqlite3.OperationalError("fts5: syntax error near '*'")
        assert looks_damaged(error)  # the words alone would say so; the checks say not
        assert as_damage(library.connection, error) is None
    assert not looks_damaged(sqlite3.OperationalError("database is locked"))


@pytest.mark.parametrize("table", ["passages_fts", "passages_fts_idx", "passages_fts_docsize"])
def test_a_dropped_index_table_is_a_damaged_index_to_every_use(tmp_path: Path, table: str) -> None:
    """SQLite says "no such table: main.passages_fts" (through a trigger) or, for one of FTS5's
    own tables, only "SQL logic error": the index is damaged, whatever the words."""
    path = make_library(tmp_path / "lib.sqlite3")
    execute(path, f"DROP TABLE {table}")
    tea = NewPaper(parse_ref("local:tea"), "Tea", [Passage("P001", "Tea calms.", "")], "h-tea")
    with Library.open(path) as library:
        uses: list[Callable[[], object]] = [
            lambda: library.search("aspirin"),
            lambda: library.search("aspirin", ref=parse_ref(ASPIRIN)),
            lambda: library.add_paper(tea),
            lambda: library.remove(parse_ref(ASPIRIN)),
        ]
        for use in uses:
            with pytest.raises(LibraryDamagedError) as raised:
                use()
            assert str(raised.value) == INDEX_DAMAGED and raised.value.part == "index"
        assert library.count_papers() == 2  # nothing written, nothing lost


def test_a_logic_error_with_every_index_table_there_is_not_called_damage(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    with Library.open(path) as library:
        assert not looks_damaged(sqlite3.OperationalError("SQL logic error"), library.connection)
    execute(path, "DROP TABLE passages_fts_idx")
    with Library.open(path) as library:
        error = sqlite3.OperationalError("SQL logic error")
        assert not looks_damaged(error)  # the words alone say nothing
        assert looks_damaged(error, library.connection)
        assert as_damage(library.connection, error) is not None
