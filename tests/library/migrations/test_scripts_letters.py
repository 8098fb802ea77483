"""Schema step 14: the index reads an Arabic alef maksura and teh marbuta as yeh and heh, a
dotless i as "i", a Bengali khanda ta or Malayalam chillu as its consonant and virama; steps up
to 13 kept them, so "مستشفي" found no "مستشفى". Nothing stored is lost."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from claimaudit.passage import Passage
from tests.library.old_libraries import (
    EVERY_DAMAGE,
    assert_upgrade_reads,
    found_after_damage,
    old_library,
)

# مستشفى (alef maksura), مدرسة (teh marbuta), a dotless i, উৎস (khanda ta), അവൻ (chillu n).
HOSPITAL, SCHOOL = "\u0645\u0633\u062a\u0634\u0641\u0649", "\u0645\u062f\u0631\u0633\u0629"
DOTLESS, KHANDA, CHILLU = "\u0131sparta", "\u0989\u09ce\u09b8", "\u0d05\u0d35\u0d7b"


def _version_13_library(path: Path) -> Path:
    """A library as claimaudit at schema version 13 wrote it: the letters kept as written."""
    rows = [
        (None, f"{HOSPITAL} {SCHOOL}", None),
        ("Intro", f"{DOTLESS} ili", None),
        (None, f"{KHANDA} {CHILLU}", None),
        (None, "Plain words.", None),
    ]
    return old_library(path, 13, rows, "local:l", source_path="/papers/l.md")


def test_upgrade_from_version_13_reads_the_letters_as_their_common_spellings(
    tmp_path: Path,
) -> None:
    path = _version_13_library(tmp_path / "v13.sqlite3")
    assert_upgrade_reads(
        path,
        since=14,
        finds=[
            ("\u0645\u0633\u062a\u0634\u0641\u064a", ["P001"]),  # with a final yeh
            ("\u0645\u062f\u0631\u0633\u0647", ["P001"]),  # with a heh
            (HOSPITAL, ["P001"]),  # as written
            ("ISPARTA", ["P002"]),
            ("isparta", ["P002"]),
            ("\u0989\u09a4\u09cd\u200d\u09b8", ["P003"]),  # ta, virama, joiner
            ("\u0d05\u0d35\u0d28\u0d4d\u200d", ["P003"]),  # na, virama, joiner
        ],
        # A passage added after the upgrade is indexed the same way.
        added=Passage("P001", f"Near {SCHOOL}.", None),
        searched=["\u0645\u062f\u0631\u0633\u0647"],
        ref="local:l",
    )


@EVERY_DAMAGE
def test_a_version_13_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_13_library(tmp_path / "v13.sqlite3")
    assert found_after_damage(path, damage, "isparta") == ["P002"]
