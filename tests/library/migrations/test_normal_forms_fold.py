"""Schema step 9: the index reads in lower case the capitals its tokenizer (FTS5's unicode61,
case table of Unicode 6.1) cannot fold, so a word a paper writes in them (Cherokee as it is
written, Georgian Mtavruli, Adlam) is found by a query in any case; nothing stored is lost."""

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

_CHEROKEE = "\u13e3\u13b3\u13a9"  # ᏣᎳᎩ, as Cherokee is written
_MTAVRULI = "\u1c92\u1c90\u1c9b\u1c90"  # ᲒᲐᲛᲐ, Georgian in capitals
_ADLAM = "\U0001e900\U0001e923\U0001e924"  # 𞤀𞤣𞤤, capitalised


def _version_8_library(path: Path) -> Path:
    """A library as claimaudit at schema version 8 wrote it: such capitals indexed as written."""
    rows = [
        (None, f"The word {_CHEROKEE} here.", None),
        (f"{_MTAVRULI} heading", "Plain words.", None),
        (None, f"An \ufb01ne {_ADLAM} word.", f"An fine {_ADLAM} word."),
        (None, "Nothing to fold, caf\u00e9.", None),
        (None, "The treat\u200bment arm.", None),
    ]
    return old_library(path, 8, rows, "local:s", source_path="/papers/s.md")


def test_upgrade_from_version_8_finds_capitals_the_tokenizer_cannot_fold(tmp_path: Path) -> None:
    path = _version_8_library(tmp_path / "v8.sqlite3")
    with sqlite3.connect(path) as conn:
        # As stored before: the query, lower-cased, never matched the capitals.
        assert index_matches(conn, _CHEROKEE.lower()) == []
    assert_upgrade_reads(
        path,
        since=9,
        finds=[
            (_CHEROKEE, ["P001"]),
            (_CHEROKEE.lower(), ["P001"]),
            (_MTAVRULI, ["P002"]),
            (_ADLAM, ["P003"]),
            ("fine", ["P003"]),
            ("cafe", ["P004"]),
            ("treat", ["P005"]),  # a zero-width space parts the words (step 12 on)
        ],
        # A passage added after the upgrade is indexed the same way.
        added=Passage("P001", f"Other {_CHEROKEE} words.", None),
        searched=[_CHEROKEE.lower()],
        ref="local:s",
    )
    assert search_forms(path) == [
        (f"The word {_CHEROKEE.lower()} here.", None),
        (None, f"{_MTAVRULI.lower()} heading"),
        (f"An fine {_ADLAM.lower()} word.", None),
        (None, None),
        ("The treat ment arm.", None),
    ]


@EVERY_DAMAGE
def test_a_version_8_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_8_library(tmp_path / "v8.sqlite3")
    assert found_after_damage(path, damage, _CHEROKEE) == ["P001"]
