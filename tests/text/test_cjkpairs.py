from __future__ import annotations

from claimaudit.text.cjkpairs import cjk_apart, cjk_as_pairs, has_cjk, lone_cjk, touches_cjk


def test_a_cjk_run_is_its_overlapping_pairs_apart_from_the_text_around() -> None:
    assert cjk_as_pairs("使用了5000个").split() == ["使用", "用了", "5000", "个"]
    assert cjk_as_pairs("한국어 문장").split() == ["한국", "국어", "문장"]
    assert cjk_as_pairs("plain text, café") == "plain text, café"


def test_only_han_kana_and_hangul_count_as_cjk() -> None:
    assert has_cjk("深度") and has_cjk("ひらがな") and has_cjk("한국어")
    assert not has_cjk("plain") and not has_cjk("café, ασκηση, हिन्दी")


def test_an_iteration_mark_pairs_with_the_character_it_repeats() -> None:
    assert cjk_as_pairs("人々が").split() == ["人々", "々が"]


def test_cjk_in_its_nfkc_form_counts() -> None:
    # QA: a claim in half-width katakana, or in the Kangxi radicals a PDF's text may hold for
    # Han, is CJK once normalised, as the rankers and ``library search`` read it: it was read
    # as one word a run, and ranked the paper in document order.
    assert has_cjk("\uff83\uff9e\uff70\uff80")  # ﾃﾞｰﾀ
    assert has_cjk("\u2f08\u2f2f")  # ⼈⼯, for 人工
    assert not has_cjk("caf\u00e9 \uff21\uff22 \u2460")  # full-width Latin, a circled digit


def test_a_character_looked_for_alone_is_also_a_word_inside_a_run() -> None:
    assert lone_cjk("癌 患者 个") == {"癌", "个"}
    assert cjk_as_pairs("癌症患者", alone={"癌"}).split() == ["癌症", "症患", "患者", "癌"]
    assert cjk_as_pairs("癌", alone={"癌"}).split() == ["癌"]


def test_a_word_touching_cjk_text_is_read_apart_from_it() -> None:
    assert cjk_apart("DNA는 연구, 使用了5000个, 深度学习 plain") == (
        "DNA 는 연구, 使用了 5000 个, 深度学习 plain"
    )
    assert touches_cjk("DNA는") and not touches_cjk("DNA 는") and not touches_cjk("plain")
    assert cjk_apart("COVIDในไทย ปี2020") == "COVID ในไทย ปี 2020"
