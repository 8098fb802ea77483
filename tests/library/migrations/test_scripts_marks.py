"""Schema step 10: the index reads a word with the combining marks inside it (Devanagari vowel
signs and viramas), so "हिन्दी" is one word, not the letters "ह", "न", "द"; and Arabic and
Hebrew words without their vowel points, so a vocalised word is found by the word as it is
mostly written and the other way round. Nothing stored is lost."""

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

_HINDI = "हिन्दी"  # "Hindi": vowel signs and a virama between its letters
_VOCALISED = "كَتَبَ"  # "he wrote", with its harakat
_PLAIN_ARABIC = "كتب"  # the same word as it is mostly written
_HEBREW = "שָׁלוֹם"  # "shalom", with its points
_SRI = "ශ්\u200dරී"  # Sinhala "Sri": a zero-width joiner draws the conjunct


def _version_9_library(path: Path) -> Path:
    """A library as claimaudit at schema version 9 wrote it: marks indexed as word breaks."""
    rows = [
        (None, f"यह लेख {_HINDI} भाषा का अध्ययन है।", None),
        (None, "न दी गई सूचना।", None),  # the letters of "हिन्दी", as words of their own
        ("دِرَاسَةٌ", f"{_VOCALISED} الطَّالِبُ كِتَابًا.", None),
        (None, f"{_PLAIN_ARABIC} الباحث تقريرا.", None),
        (None, f"{_HEBREW} עולם", None),
        (
            None,
            "Sparse matrices, caf\u00e9 and \ufb01ne words.",
            "Sparse matrices, caf\u00e9 and fine words.",
        ),
        (None, "我们研究深度学习方法", None),
        (None, f"{_SRI} ලංකාව", None),
        (None, "රී ශ් අකුරු.", None),  # the pieces the joiner broke "ශ්‍රී" into
    ]
    return old_library(path, 9, rows, "local:s", source_path="/papers/s.md")


def test_upgrade_from_version_9_reads_words_with_their_marks(tmp_path: Path) -> None:
    path = _version_9_library(tmp_path / "v9.sqlite3")
    with sqlite3.connect(path) as conn:
        # As stored before: the word was its letters, each one a match of its own.
        assert index_matches(conn, "न") == [(1,), (2,)]
    assert_upgrade_reads(
        path,
        since=10,
        finds=[
            (_HINDI, ["P001"]),
            ("अध्ययन", ["P001"]),
            ("न", ["P002"]),  # a letter alone no longer matches inside a word
            (_VOCALISED, ["P003", "P004"]),
            (_PLAIN_ARABIC, ["P003", "P004"]),
            ("كتابا", ["P003"]),
            ("دراسة", ["P003"]),  # a heading's word, its harakat left out too
            ("שלום", ["P005"]),
            (_HEBREW, ["P005"]),
            ("matrices", ["P006"]),
            ("cafe", ["P006"]),
            ("fine", ["P006"]),
            ("深度学习", ["P007"]),
            (_SRI, ["P008"]),
            (_SRI.replace("\u200d", ""), ["P008"]),  # typed without the joiner
        ],
        # A passage added after the upgrade is indexed the same way.
        added=Passage("P001", f"दूसरा {_HINDI} लेख, {_VOCALISED}.", None),
        searched=[_HINDI, _PLAIN_ARABIC],
        ref="local:s",
    )
    forms = search_forms(path)
    # The heading's teh marbuta read as heh since step 14.
    assert forms[2] == ("كتب الطالب كتابا.", "\u062f\u0631\u0627\u0633\u0647")
    assert forms[4] == ("שלום עולם", None)
    assert [forms[i] for i in (0, 1, 3, 6, 8)] == [(None, None)] * 5
    assert forms[7] == ("ශ්රී ලංකාව", None)
    assert forms[5] == ("Sparse matrices, caf\u00e9 and fine words.", None)


@EVERY_DAMAGE
def test_a_version_9_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_9_library(tmp_path / "v9.sqlite3")
    assert found_after_damage(path, damage, _HINDI) == ["P001"]
