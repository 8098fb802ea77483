"""Schema step 11: the index reads a Persian word without the zero-width non-joiner between its
pieces, so "میشود" (typed without it, as it often is) finds "می‌شود", and the other way round;
a German "ß" as "ss", so "MASSE" finds "Maße"; a Greek vowel without its dialytika; and a
Persian kaf and yeh as the Arabic ones a keyboard of Arabic layout types. Nothing stored is lost."""

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

_WITH = "\u0645\u06cc\u200c\u0634\u0648\u062f"  # "می‌شود", "becomes": a non-joiner parts it
_WITHOUT = _WITH.replace("\u200c", "")  # "میشود", as often typed
_HEADED = "\u06a9\u062a\u0627\u0628\u200c\u0647\u0627"  # "books", its plural ending parted


def _arabic(text: str) -> str:
    """``text`` with the Persian kaf and yeh as the Arabic ones, as the index reads them."""
    return text.translate({0x06A9: 0x0643, 0x06CC: 0x064A})


def _version_10_library(path: Path) -> Path:
    """A library as claimaudit at schema version 10 wrote it: the non-joiner a word break."""
    rows = [
        (
            None,
            f"\u0627\u06cc\u0646 \u06a9\u0627\u0631 \u0627\u0646\u062c\u0627\u0645 {_WITH}.",
            None,
        ),
        (_HEADED, f"\u0627\u06cc\u0646 {_WITHOUT} \u0646\u06cc\u0632.", None),
        (None, "Sparse matrices and ﬁne words.", "Sparse matrices and fine words."),
        (None, "ශ්රී ලංකාව", None),
        ("Straße", "Die Maße der GROSSE Probe.", None),
        (None, "\u03a4\u03bf \u03c0\u03c1\u03bf\u03ca\u03cc\u03bd.", None),  # "the product"
    ]
    return old_library(path, 10, rows, "local:f", source_path="/papers/f.md")


def test_upgrade_from_version_10_reads_a_persian_word_whole(tmp_path: Path) -> None:
    path = _version_10_library(tmp_path / "v10.sqlite3")
    with sqlite3.connect(path) as conn:
        # As stored before: the word was two, and the joined spelling no word of the index.
        assert index_matches(conn, "\u0634\u0648\u062f") == [(1,)]
        assert index_matches(conn, _WITHOUT) == [(2,)]
    assert_upgrade_reads(
        path,
        since=11,
        finds=[
            (_WITHOUT, ["P001", "P002"]),  # typed without the non-joiner
            (_WITH, ["P001", "P002"]),  # typed with it
            (_arabic(_WITHOUT), ["P001", "P002"]),  # on a keyboard of Arabic layout
            (_HEADED.replace("\u200c", ""), ["P002"]),  # a heading's word
            (_HEADED, ["P002"]),
            ("matrices", ["P003"]),
            ("fine", ["P003"]),
            ("MASSE", ["P005"]),
            ("maße", ["P005"]),
            ("große", ["P005"]),
            ("strasse", ["P005"]),  # a heading's word
            ("\u03c0\u03c1\u03bf\u03b9\u03bf\u03bd", ["P006"]),  # "προιον", no accents
        ],
        # A passage added after the upgrade is indexed the same way.
        added=Passage("P001", f"{_WITH} \u0648 {_WITHOUT}", None),
        searched=[_WITHOUT, _WITH],
        ref="local:f",
    )
    forms = search_forms(path)
    assert forms[0] == (
        _arabic(
            f"\u0627\u06cc\u0646 \u06a9\u0627\u0631 \u0627\u0646\u062c\u0627\u0645 {_WITHOUT}."
        ),
        None,
    )
    assert forms[1] == (
        _arabic(f"\u0627\u06cc\u0646 {_WITHOUT} \u0646\u06cc\u0632."),
        _arabic(_HEADED.replace("\u200c", "")),
    )
    assert forms[2] == ("Sparse matrices and fine words.", None)
    assert forms[3] == (None, None)
    assert forms[4] == ("Die Masse der GROSSE Probe.", "Strasse")
    assert forms[5] == ("\u03a4\u03bf \u03c0\u03c1\u03bf\u03b9\u03cc\u03bd.", None)


@EVERY_DAMAGE
def test_a_version_10_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_10_library(tmp_path / "v10.sqlite3")
    assert sorted(found_after_damage(path, damage, _WITHOUT)) == ["P001", "P002"]
