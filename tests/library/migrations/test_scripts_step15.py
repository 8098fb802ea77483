"""Schema step 15: the index reads the Urdu heh goal and yeh barree as the Arabic heh and yeh a
keyboard of Arabic layout types for them, a Hebrew acronym without its gershayim, a modifier
letter apostrophe as the ASCII one, and "æ", "œ", "ł", "đ", "ħ" as "ae", "oe", "l", "d", "h";
steps up to 14 kept them, so "بچه" found no "بچہ", nor "צהל" "צה״ל", nor "м'ясо" "мʼясо", nor
"Lodz" "Łódź". Nothing stored is lost."""

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

# بچہ (child, heh goal), بڑے (big, yeh barree), and as an Arabic keyboard types them.
CHILD, BIG = "\u0628\u0686\u06c1", "\u0628\u0691\u06d2"
CHILD_TYPED, BIG_TYPED = "\u0628\u0686\u0647", "\u0628\u0691\u064a"
# צה״ל (the IDF) with its gershayim, and as often typed without it.
ACRONYM, ACRONYM_TYPED = "\u05e6\u05d4\u05f4\u05dc", "\u05e6\u05d4\u05dc"
# мʼясо (meat, Ukrainian) with the modifier letter apostrophe, and as often typed.
MEAT, MEAT_TYPED = "\u043c\u02bc\u044f\u0441\u043e", "\u043c'\u044f\u0441\u043e"
# Łódź, which English writes "Lodz".
LODZ = "\u0141\u00f3d\u017a"


def _version_14_library(path: Path) -> Path:
    """A library as claimaudit at schema version 14 wrote it: the letters and marks kept."""
    rows = [
        (None, f"{CHILD} {BIG}", None),
        ("\u0645\u0642\u062f\u0645\u06c1", "Plain words.", None),  # a heading: مقدمہ
        (None, "\u0628\u0686\u0647 typed in Arabic letters", None),
        (None, f"{ACRONYM} \u05e6\u05d4 \u05dc", None),
        (None, f"{MEAT} and fish", None),
        (None, f"Born in {LODZ}.", None),
    ]
    return old_library(path, 14, rows, "local:u", source_path="/papers/u.md")


def test_upgrade_from_version_14_reads_the_letters_and_marks_as_typed(
    tmp_path: Path,
) -> None:
    path = _version_14_library(tmp_path / "v14.sqlite3")
    assert_upgrade_reads(
        path,
        since=15,
        finds=[
            (CHILD_TYPED, ["P001", "P003"]),
            (CHILD, ["P001", "P003"]),
            (BIG_TYPED, ["P001"]),
            ("\u0645\u0642\u062f\u0645\u0647", ["P002"]),  # the heading, as typed in Arabic
            (ACRONYM_TYPED, ["P004"]),
            (ACRONYM, ["P004"]),
            (MEAT_TYPED, ["P005"]),
            (MEAT, ["P005"]),
            ("Lodz", ["P006"]),
            (LODZ, ["P006"]),
        ],
        # A passage added after the upgrade is indexed the same way.
        added=Passage("P001", f"Near {BIG}.", None),
        searched=[BIG_TYPED],
        ref="local:u",
    )


@EVERY_DAMAGE
def test_a_version_14_library_whose_index_is_damaged_still_upgrades_and_is_indexed_again(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = _version_14_library(tmp_path / "v14.sqlite3")
    assert found_after_damage(path, damage, BIG_TYPED) == ["P001"]
