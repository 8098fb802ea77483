from __future__ import annotations

from claimaudit.text.cjkpairs import as_query, cjk_as_pairs
from claimaudit.text.kanji import kanji_apart


def test_a_kanji_alone_before_hiragana_is_also_a_word_of_its_own() -> None:
    # "癌は" (cancer + topic) was the one pair "癌は", which "癌の" and "肺癌" do not hold.
    assert cjk_as_pairs(kanji_apart("癌は遺伝する")).split()[:2] == ["癌", "癌は"]
    assert cjk_as_pairs(kanji_apart("、癌が")).split()[-2:] == ["癌", "癌が"]


def test_kanji_words_and_chinese_are_read_as_before() -> None:
    # A word of two kanji is a pair already; Chinese has no hiragana.
    assert kanji_apart("遺伝は") == "遺伝は"
    assert kanji_apart("人々は") == "人々は"
    assert kanji_apart("我们研究了癌症") == "我们研究了癌症"


def test_a_query_reads_korean_and_japanese_words_apart() -> None:
    assert as_query("암은 癌は") == "암 암은 癌 癌は"
