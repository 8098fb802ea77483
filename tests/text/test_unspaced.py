"""Thai, Lao, Burmese and Khmer in letter pairs, for the rankers."""

from __future__ import annotations

from claimaudit.text.unspaced import has_unspaced, letter_pairs, unspaced_as_pairs


def test_a_run_is_its_overlapping_letter_pairs_apart_from_the_text_around() -> None:
    assert unspaced_as_pairs("DNA ภาษาไทย.") == "DNA  ภา าษ ษา าไ ไท ทย ."


def test_a_mark_stays_with_the_letter_it_is_written_on() -> None:
    # "ศึ": the vowel above is no pair's first character, which a word reader would drop.
    assert letter_pairs("ศึกษา") == ["ศึก", "กษ", "ษา"]
    assert letter_pairs("ไม่") == ["ไม่"]


def test_a_word_inside_a_phrase_has_all_its_pairs_there() -> None:
    phrase = set(unspaced_as_pairs("นักเรียนเรียนภาษาไทยทุกวัน").split())
    assert set(unspaced_as_pairs("ภาษาไทย").split()) <= phrase


def test_only_these_scripts_are_told() -> None:
    assert has_unspaced("ภาษา") and has_unspaced("ພາສາ") and has_unspaced("ភាសា")
    assert not has_unspaced("深度学习") and not has_unspaced("plain") and not has_unspaced("")
    assert unspaced_as_pairs("深度 plain") == "深度 plain"
