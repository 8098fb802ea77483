from __future__ import annotations

import pytest

from claimaudit.text.cjkpairs import cjk_as_pairs
from claimaudit.text.hangul import without_particles


@pytest.mark.parametrize(
    ("word", "pairs"),
    [
        ("암은", ["암", "암은"]),  # cancer + topic: the one-syllable stem is a word of its own
        ("암을", ["암", "암을"]),
        ("암이", ["암", "암이"]),
        ("연구에서", ["연구", "구에"]),  # study + in: "에서" alone is in every Korean passage
        ("결과는", ["결", "결과"]),  # result + topic: still found by its own pair "결과"
    ],
)
def test_a_korean_word_is_read_without_its_particle(word: str, pairs: list[str]) -> None:
    assert cjk_as_pairs(without_particles(word)).split() == pairs


def test_a_particle_is_taken_only_where_it_agrees_with_the_syllable_before() -> None:
    # "이" follows a final consonant, "가" and "로" a vowel: "차이" (difference), "증가"
    # (increase), "경로" (path) end so without a particle.
    assert without_particles("차이 증가 경로 효과") == "차이 증가 경로 효과"
    assert without_particles("경로는") == "경로 로는"


def test_a_particle_written_onto_a_latin_word_or_number_is_left_out() -> None:
    # Alone it was a one-character word, found inside every passage holding it.
    assert without_particles("DNA는 5%의 환자").split() == ["DNA", "5%", "환자"]
    # A word written onto one is read as any other ("DNA분석은": DNA analysis + topic).
    assert without_particles("DNA분석은") == "DNA분석 석은"


def test_other_text_is_kept() -> None:
    assert without_particles("plain text, café 深度学习") == "plain text, café 深度学习"
    assert without_particles("보다 위험하다") == "보다 위험하다"
