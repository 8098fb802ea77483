"""Words as the search index reads them: combining marks inside a word, Arabic and Hebrew
without their vowel points."""

from __future__ import annotations

import re

from claimaudit.text.wordchars import (
    has_astral,
    unspaced_marks_as_breaks,
    without_indic_joiners,
    without_points,
    words,
)


def test_ascii_and_precomposed_text_is_read_as_before() -> None:
    text = "Sparse_matrices (2.5%) caf\u00e9, na\u00efve \u6df1\u5ea6 x1 \u00b2"
    assert words(text) == re.findall(r"[^\W_]+", text)


def test_a_word_keeps_the_combining_marks_inside_it() -> None:
    # Devanagari vowel signs and a virama; Tamil; a decomposed accent; Brahmi (past the BMP).
    assert words("हिन्दी भाषा, தமிழ் cafe\u0301!") == ["हिन्दी", "भाषा", "தமிழ்", "cafe\u0301"]
    assert words("\U00011013\U00011038 x") == ["\U00011013\U00011038", "x"]
    assert has_astral("\U00011013") and not has_astral("हिन्दी")


def test_a_mark_after_a_space_starts_no_word() -> None:
    assert words("a \u0301b") == ["a", "b"]


def test_arabic_and_hebrew_are_read_without_their_vowel_points() -> None:
    assert without_points("كَتَبَ الطَّالِبُ كِتَابًا") == "كتب الطالب كتابا"
    assert without_points("שָׁלוֹם־עולם") == "שלום־עולם"  # the maqaf is punctuation: kept
    assert without_points("كـتـاب") == "كتاب"  # the tatweel only stretches a word
    assert without_points("हिन्दी café") == "हिन्दी café"


def test_a_joiner_inside_an_indic_word_is_left_out_and_a_persian_one_kept() -> None:
    assert without_indic_joiners("ශ්\u200dරී क्\u200cष") == "ශ්රී क्ष"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # "I want": two pieces
    assert without_indic_joiners(persian) == persian
    assert words(without_indic_joiners("ශ්\u200dරී")) == ["ශ්රී"]


def test_a_ranker_reads_thai_broken_at_its_marks_and_other_scripts_as_they_are() -> None:
    assert unspaced_marks_as_breaks("ยาลดไข้") == "ยาลดไข "
    assert unspaced_marks_as_breaks("हिन्दी café") == "हिन्दी café"
