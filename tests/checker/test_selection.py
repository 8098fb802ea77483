from __future__ import annotations

from collections.abc import Sequence

import pytest

from claimaudit.checker.read_changes import read_otherwise
from claimaudit.checker.selection import Bm25Ranker, select_candidates
from claimaudit.sources.protocol import Passage
from tests.text.spellings import SPELLINGS_OF_ONE_WORD


def _passages(*texts: str) -> list[Passage]:
    return [Passage(f"P{i:03d}", t) for i, t in enumerate(texts, start=1)]


def test_bm25_puts_matching_passages_first_and_keeps_the_rest() -> None:
    passages = _passages(
        "We thank the reviewers.",
        "The Transformer relies entirely on self-attention.",
        "Training took three days on eight GPUs.",
        "Attention weights are computed with a softmax over attention scores.",
    )
    ranked = Bm25Ranker().rank("transformer self-attention", passages)
    assert ranked[0].passage_id == "P002"
    assert {p.passage_id for p in ranked} == {p.passage_id for p in passages}
    # Unmatched passages follow in document order.
    assert [p.passage_id for p in ranked][-2:] == ["P001", "P003"]


def test_bm25_survives_fts_syntax_in_the_query() -> None:
    passages = _passages('He said "NEAR" AND OR NOT (x*)', "plain text")
    ranked = Bm25Ranker().rank('"NEAR" AND OR NOT ( x* ) :col', passages)
    assert ranked[0].passage_id == "P001"


@pytest.mark.parametrize(
    ("paper", "query"),
    [("cafe\u0301ine", "caf\u00e9ine"), ("caf\u00e9ine", "cafe\u0301ine")],
    ids=["decomposed-paper", "decomposed-query"],
)
def test_bm25_reads_composed_and_decomposed_accents_alike(paper: str, query: str) -> None:
    # A macOS-written paper, or a topic pasted from one, keeps "\u00e9" as "e" + U+0301.
    passages = _passages("Le sommeil des adultes.", f"La {paper} et la fatigue.")
    assert Bm25Ranker().rank(query, passages)[0].passage_id == "P002"


def test_bm25_reads_a_claim_typed_in_full_width_letters() -> None:
    passages = _passages("Aspirin lowers fever.", "Ivermectin did not shorten recovery.")
    ranked = Bm25Ranker().rank(
        "\uff29\uff56\uff45\uff52\uff4d\uff45\uff43\uff54\uff49\uff4e", passages
    )
    assert ranked[0].passage_id == "P002"


def test_selection_respects_both_budgets_and_reports_counts() -> None:
    passages = _passages(*(f"alpha beta {i} " + "x" * 90 for i in range(10)))
    selection = select_candidates("alpha", passages, Bm25Ranker(), max_passages=4, max_chars=10_000)
    assert selection.selected == 4 and selection.considered == 10
    assert not selection.complete
    by_chars = select_candidates("alpha", passages, Bm25Ranker(), max_passages=120, max_chars=350)
    assert sum(len(p.text) for p in by_chars.passages) <= 350
    assert by_chars.selected == 3


def test_a_passage_that_is_only_a_link_is_never_a_candidate() -> None:
    # scikit-image's footnote, once quoted as the evidence that contradicted "The scikit-image
    # project was started in August 2009".
    passages = _passages(
        "The scikit-image project started in August of 2009.",
        "https://www.ohloh.net/p/scikit-image, Accessed 2014-05-15",
        "The code is on GitHub (https://github.com/scikit-image/scikit-image).",
    )
    selection = select_candidates("scikit-image started 2009", passages, Bm25Ranker())
    assert [p.passage_id for p in selection.passages] == ["P001", "P003"]
    assert selection.considered == 3 and not selection.complete


def test_selection_returns_document_order() -> None:
    passages = _passages("nothing here", "cats", "cats and dogs", "dogs")
    selection = select_candidates("dogs", passages, Bm25Ranker(), max_passages=2)
    assert [p.passage_id for p in selection.passages] == ["P003", "P004"]


def test_oversized_passage_is_skipped_not_truncated() -> None:
    passages = _passages("dogs " * 50, "dogs bark")
    selection = select_candidates("dogs", passages, Bm25Ranker(), max_chars=100)
    assert [p.text for p in selection.passages] == ["dogs bark"]


def test_a_judges_fit_replaces_the_character_budget() -> None:
    passages = _passages(*(f"alpha beta {i} " + "x" * 90 for i in range(10)))
    offered: list[tuple[list[str], int]] = []

    def fit(ranked: Sequence[Passage], limit: int) -> Sequence[Passage]:
        offered.append(([p.passage_id for p in ranked], limit))
        return [ranked[3], ranked[0]]  # best first, as a judge returns them

    selection = select_candidates("alpha 7", passages, Bm25Ranker(), max_chars=50, fit=fit)
    [(ranked_ids, limit)] = offered
    assert ranked_ids[0] == "P008" and len(ranked_ids) == 10 and limit == 120
    # Kept whatever the characters: the judge counted its own budget; in document order.
    assert [p.passage_id for p in selection.passages] == sorted([ranked_ids[3], "P008"])
    assert selection.considered == 10


def test_a_fit_of_none_leaves_the_character_budget() -> None:
    passages = _passages(*(f"alpha {i} " + "x" * 90 for i in range(10)))
    selection = select_candidates(
        "alpha", passages, Bm25Ranker(), max_chars=350, fit=lambda ranked, limit: None
    )
    assert selection.selected == 3


def test_a_fit_may_not_bring_passages_of_its_own() -> None:
    passages = _passages("alpha", "beta")
    with pytest.raises(ValueError, match="not offered"):
        select_candidates(
            "alpha", passages, Bm25Ranker(), fit=lambda ranked, limit: [Passage("P999", "x")]
        )
    with pytest.raises(ValueError, match="not offered"):
        select_candidates(
            "alpha", passages, Bm25Ranker(), fit=lambda ranked, limit: [ranked[0], ranked[0]]
        )


def test_the_text_of_a_passage_outranks_its_heading() -> None:
    # A heading naming the claim's words is weaker evidence than a passage saying them.
    passages = [
        Passage(
            "P001", "We describe the cohort and the dosing schedule used.", "Aspirin and fever"
        ),
        Passage("P002", "Aspirin lowered fever within two hours in most adults.", "Results"),
    ]
    ranked = Bm25Ranker().rank("aspirin fever", passages)
    assert [p.passage_id for p in ranked] == ["P002", "P001"]
    selection = select_candidates("aspirin fever", passages, Bm25Ranker(), max_passages=1)
    assert [p.passage_id for p in selection.passages] == ["P002"]


def test_a_passage_of_digits_alone_is_offered() -> None:
    # A table row of scores has no letter but is what a claim about the scores cites.
    passages = _passages("   ", "94.5 93.2 88.1")
    selection = select_candidates("accuracy 94.5", passages, Bm25Ranker())
    assert [p.text for p in selection.passages] == ["94.5 93.2 88.1"]


def test_a_passage_exactly_filling_the_character_budget_is_kept() -> None:
    passages = _passages("dogs bark", "cats")
    selection = select_candidates("dogs", passages, Bm25Ranker(), max_chars=len("dogs bark"))
    assert [p.text for p in selection.passages] == ["dogs bark"]


def test_a_fit_returning_more_than_max_passages_is_clipped_to_its_best() -> None:
    passages = _passages(*(f"dogs {i}" for i in range(5)))
    selection = select_candidates(
        "dogs 3", passages, Bm25Ranker(), max_passages=2, fit=lambda ranked, limit: list(ranked)
    )
    # The judge's order is best first: the two it put first are kept, in document order.
    ranked = Bm25Ranker().rank("dogs 3", passages)
    assert selection.selected == 2
    assert [p.passage_id for p in selection.passages] == sorted(p.passage_id for p in ranked[:2])
    assert "P004" in [p.passage_id for p in selection.passages]  # "dogs 3", the best match


def test_bm25_reads_a_word_with_combining_marks_as_one_word() -> None:
    # Read letter by letter, "हिन्दी" matched the passage of loose letters "ह", "न", "द" first.
    passages = _passages("दिन में न ह दी न द हरी नदी दही।", "यह लेख हिन्दी के बारे में है।")
    assert [p.passage_id for p in Bm25Ranker().rank("हिन्दी", passages)] == ["P002", "P001"]


def test_bm25_reads_arabic_with_or_without_its_vowel_points_alike() -> None:
    passages = _passages("درس الطالب.", "كتب الطالب درسا.")
    assert Bm25Ranker().rank("كَتَبَ", passages)[0].passage_id == "P002"
    vocalised = _passages("درس الطالب.", "كَتَبَ الطَّالِبُ.")
    assert Bm25Ranker().rank("كتب", vocalised)[0].passage_id == "P002"


def test_bm25_reads_an_indic_word_with_or_without_its_joiner_alike() -> None:
    # "ශ්‍රී" (Sri) is drawn with a zero-width joiner, which broke it into "ශ්" and "රී".
    passages = _passages("රී ශ් අකුරු.", "ශ්රී ලංකාව")
    assert Bm25Ranker().rank("ශ්\u200dරී", passages)[0].passage_id == "P002"


def test_bm25_still_ranks_thai_by_the_pieces_between_its_marks() -> None:
    # Thai has no spaces: read with its marks a whole phrase is one word, which no claim's
    # word equals, and the passages were left in document order.
    passages = _passages("อากาศวันนี้ดีมาก เราไปเที่ยวทะเลกัน", "ผลการทดลองแสดงว่ายาลดไข้ได้ดีในผู้ป่วยเด็ก")
    assert Bm25Ranker().rank("ยาลดไข้ได้ผลดีในเด็ก", passages)[0].passage_id == "P002"


def test_bm25_finds_a_thai_word_written_inside_a_passages_phrase() -> None:
    # QA: broken at its marks a Thai claim's word ("ภาษาไทย") equalled no piece of a passage
    # writing it inside a phrase without spaces: the passage about it ranked last.
    passages = _passages("ฉันชอบกินข้าวผัดกับไข่ดาว", "ภาษาลาวและภาษาเขมร", "นักเรียนเรียนภาษาไทยทุกวัน")
    ranked = Bm25Ranker().rank("ภาษาไทย", passages)
    assert ranked[0].passage_id == "P003"
    # Lao, Burmese and Khmer too.
    for word, phrase in (
        ("ພາສາລາວ", "ຂ້ອຍຮຽນພາສາລາວທຸກມື້"),
        ("မြန်မာစာ", "ကျောင်းသားများမြန်မာစာသင်သည်"),
        ("ភាសាខ្មែរ", "សិស្សរៀនភាសាខ្មែររាល់ថ្ងៃ"),
    ):
        ranked = Bm25Ranker().rank(word, _passages("ฉันชอบกินข้าว", phrase))
        assert ranked[0].passage_id == "P002", word


def test_bm25_reads_a_hebrew_word_with_or_without_its_prefix_alike() -> None:
    # QA: a claim's "המחקר" (the research) matched no passage writing "מחקר" or "במחקר", nor
    # a claim's "מחקר" a passage's "המחקר": each spelling was a word of its own.
    passages = _passages("מזג האוויר נאה היום", "במחקר אחר נמצא")
    assert Bm25Ranker().rank("המחקר מראה", passages)[0].passage_id == "P002"
    passages = _passages("מזג האוויר נאה היום", "המחקר הראה")
    assert Bm25Ranker().rank("מחקר", passages)[0].passage_id == "P002"


def test_bm25_reads_a_hebrew_word_without_two_stacked_prefixes() -> None:
    # QA: a claim's "ובבית" (and in the house) matched no passage writing "בית" or "הבית".
    passages = _passages("מזג האוויר נאה היום", "הבית גדול")
    assert Bm25Ranker().rank("ובבית שקט", passages)[0].passage_id == "P002"
    passages = _passages("מזג האוויר נאה היום", "ובבית שקט")
    assert Bm25Ranker().rank("בית", passages)[0].passage_id == "P002"


def test_bm25_reads_a_cjk_claim_in_character_pairs() -> None:
    # QA: a run of CJK characters was one token, which no claim's word equalled: a Chinese
    # claim left a paper's passages in document order, the passage about it last.
    passages = _passages(
        "今天天气很好\uff0c我们去海边散步。",
        "图像分割的传统方法依赖人工特征。",
        "我们研究深度学习方法在医学图像诊断中的应用。",
    )
    ranked = Bm25Ranker().rank("深度学习提高了医学图像诊断的准确率", passages)
    assert [p.passage_id for p in ranked] == ["P003", "P002", "P001"]
    # Japanese (kanji and kana together) too.
    japanese = _passages("東京の天気は晴れです。", "深層学習による画像診断の精度が向上した。")
    assert Bm25Ranker().rank("画像診断の精度", japanese)[0].passage_id == "P002"


def test_bm25_finds_a_one_character_cjk_word_inside_a_passages_text() -> None:
    # QA: a claim's lone CJK character ("癌", cancer) stayed one token while the passages were
    # read in pairs ("癌症"), so it matched only a passage holding it alone: ignored, and the
    # passage about it ranked after an unrelated one. ``library search`` finds it inside text.
    passages = _passages("研究方法很好。", "我们研究了癌症患者。", "天气晴朗。")
    assert Bm25Ranker().rank("癌", passages)[0].passage_id == "P002"
    korean = _passages("날씨가 좋다", "이 약은 효과가 있다", "암은 위험한 병이다")
    assert Bm25Ranker().rank("암 치료", korean)[0].passage_id == "P003"


def test_bm25_reads_a_zero_width_space_as_a_word_break() -> None:
    # QA: left out, it joined the words around it ("Sparse\u200bmatrices" one word), though
    # the claim reads it as a break: the passage on "matrices" ranked last.
    passages = _passages("Dense solvers are slow.", "Sparse\u200bmatrices save memory.")
    assert Bm25Ranker().rank("matrices memory", passages)[0].passage_id == "P002"
    assert Bm25Ranker().rank("sparse\u200bmemory", passages)[0].passage_id == "P002"


def test_a_claim_without_cjk_ranks_passages_holding_cjk_as_before() -> None:
    # The pairs are for CJK claims: an English claim reads a CJK run as one token, as always,
    # so a passage's CJK text neither lengthens nor shortens it for BM25.
    passages = _passages(
        "Deep learning improves diagnosis. 深度学习提高了医学图像诊断的准确率和效率。",
        "Deep learning improves diagnosis in radiology clinics.",
    )
    ranked = Bm25Ranker().rank("deep learning diagnosis", passages)
    assert [p.passage_id for p in ranked] == ["P001", "P002"]


def test_a_claim_without_cjk_finds_its_word_touching_a_passages_cjk_text() -> None:
    # QA: "DNA는" (a Korean particle written onto "DNA") and "使用了5000个" were one token each
    # to the ranker of a claim without CJK: its "DNA" or "5000" matched neither passage.
    passages = _passages("RNA 연구 결과", "DNA는 메틸화된다")
    assert Bm25Ranker().rank("DNA methylation", passages)[0].passage_id == "P002"
    passages = _passages("我们使用了样本。", "我们使用了5000个样本。")
    assert Bm25Ranker().rank("5000 samples", passages)[0].passage_id == "P002"
    # Thai, written without spaces too.
    passages = _passages("ฉันชอบกินข้าว", "การระบาดของCOVIDในประเทศไทย")
    assert Bm25Ranker().rank("COVID outbreak", passages)[0].passage_id == "P002"


# QA: the ranker read text its own way, not as the library's index does, so a claim and a
# passage that matched in ``library search`` ranked apart: a Persian word with and without the
# non-joiner between its pieces, the Persian kaf and yeh and the Arabic ones (as an Arabic
# keyboard types them), "ß" and "ss", a Greek vowel with and without its dialytika, a soft
# hyphen inside a word, a Cherokee capital (SQLite folds no capital newer than Unicode 6.1).
_SPELLINGS = [
    *SPELLINGS_OF_ONE_WORD,
    ("Stra\u00dfe", "Strasse"),
    ("\u13e3\u13b3\u13a9", "\uabb3\uab83\uab79"),
    # Greek with and without its tonos, in capitals.
    ("\u0386\u03a3\u039a\u0397\u03a3\u0397", "\u03b1\u03c3\u03ba\u03b7\u03c3\u03b7"),
    # A letter with two diacritics, folded by the index's tokenizer (remove_diacritics 2), not
    # by the ranker's (1): "Việt" and "Viet".
    ("Vi\u1ec7t", "Viet"),
]


@pytest.mark.parametrize(("one", "other"), _SPELLINGS, ids=lambda s: ascii(s))
def test_bm25_reads_a_word_as_the_library_index_does(one: str, other: str) -> None:
    passages = _passages("Nothing of the kind here.", f"It reads {one} so.", f"It reads {other}.")
    for query in (one, other):
        ranked = [p.passage_id for p in Bm25Ranker().rank(query, passages)]
        assert sorted(ranked[:2]) == ["P002", "P003"], query


def test_a_long_cjk_claim_is_ranked_by_its_late_pairs_too() -> None:
    # QA: ranked by its first 64 terms, a Chinese claim was ranked by its first 64 characters'
    # pairs: its key terms, after 64 characters of setting, counted for nothing and the
    # passages kept document order.
    setting = (
        "我们在这个研究中使用了许多不同的数据集和实验设置来评估模型的总体表现情况"
        "并且比较了多种基线方法的结果以及它们在各种条件下的稳定性"
    )
    assert len(setting) >= 64
    passages = _passages("天气很好", "量子纠缠显著提升通信安全性", "今天下雨")
    ranked = Bm25Ranker().rank(setting + "\uff0c结论是量子纠缠显著提升通信安全", passages)
    assert ranked[0].passage_id == "P002"


def test_a_claim_without_cjk_is_still_ranked_by_its_first_64_words() -> None:
    # The verifier's figures were measured so; the late word is not among them.
    words = " ".join(f"word{i}" for i in range(64))
    passages = _passages("word3 here", "lateterm here")
    ranked = Bm25Ranker().rank(f"{words} lateterm", passages)
    assert [p.passage_id for p in ranked] == ["P001", "P002"]


def test_bm25_reads_a_claim_in_half_width_katakana_in_pairs() -> None:
    # QA: CJK only once NFKC-normalised, the claim was not read in pairs: one word a run, which
    # no passage's word equals.
    passages = _passages("天気", "データベースの設計", "雨")
    ranked = Bm25Ranker().rank("\uff83\uff9e\uff70\uff80\uff8d\uff9e\uff70\uff7d", passages)
    assert ranked[0].passage_id == "P002"


@pytest.mark.parametrize(
    ("text", "otherwise"),
    [
        ("plain ASCII", False),
        ("caf\u00e9, \u6df1\u5ea6\u5b66\u4e60, \u0939\u093f\u0928\u094d\u0926\u0940", False),
        ("\ufb01nding", False),  # NFKC: the rankers read it so before
        ("\u0643\u064e\u062a\u064e\u0628\u064e", False),  # vowel points: so too
        ("Stra\u00dfe", True),
        ("\u0645\u06cc\u200c\u0634\u0648\u062f", True),
        ("treat\u00adment", True),
        ("\u03ac\u03c3\u03ba\u03b7\u03c3\u03b7", True),
        ("\u1f71", True),  # a tonos NFKC makes: ά (oxia) is ά
        ("Vi\u1ec7t", True),
        ("Vie\u0302\u0323t", True),  # the same, decomposed
        ("\U0001e900 x", True),  # an Adlam capital, past the BMP
        ("\U0001e922 x", False),
    ],
    ids=ascii,
)
def test_read_otherwise_tells_text_the_rankers_read_anew(text: str, otherwise: bool) -> None:
    assert read_otherwise(["plain", text]) is otherwise


def test_bm25_finds_a_korean_word_written_with_a_particle() -> None:
    # QA: "암은" (cancer + particle) was the one pair "암은", which a passage writing "암"
    # does not hold, and "연구에서" matched any passage holding "에서": both ranked the
    # passage on the word after an unrelated one. A word is read without its particle.
    korean = _passages("날씨가 좋다", "이 약에서 효과가 있다", "암 환자의 생존율", "연구 결과")
    assert Bm25Ranker().rank("암은 위험하다", korean)[0].passage_id == "P003"
    assert Bm25Ranker().rank("암을 치료한다", korean)[0].passage_id == "P003"
    assert Bm25Ranker().rank("연구에서", korean)[0].passage_id == "P004"


def test_bm25_finds_a_japanese_one_kanji_word_written_with_kana() -> None:
    # QA: "癌は" (cancer + particle) was the one pair "癌は", which "肺癌の" does not hold.
    japanese = _passages("天気が良い。", "肺癌の治療法を調べた。", "研究を行った。")
    assert Bm25Ranker().rank("癌は遺伝する", japanese)[0].passage_id == "P002"


def test_bm25_reads_an_arabic_word_without_its_article() -> None:
    # QA: "كتاب" (book) and "الكتاب" (the book) were two words to the ranker: the passage on
    # the book ranked after an unrelated one, whichever the claim wrote.
    arabic = _passages("الطقس جميل اليوم", "قرأت الكتاب في المكتبة", "هذا بحث آخر")
    assert Bm25Ranker().rank("كتاب مفيد", arabic)[0].passage_id == "P002"
    assert Bm25Ranker().rank("المكتبة", _passages("هذا بحث", "مكتبة كبيرة"))[0].passage_id == "P002"


def test_bm25_reads_a_superscript_after_a_digit_as_an_exponent() -> None:
    # QA: "10⁵" was the number "105" to the ranker: a claim on "10^5 cells" ranked the passage
    # writing "10⁵ cells" after one on batch 105.
    passages = _passages("Batch 105 was discarded.", "Wells held 10\u2075 of them.")
    assert Bm25Ranker().rank("10^5", passages)[0].passage_id == "P002"


def test_bm25_reads_an_arabic_alef_with_a_hamza_as_the_bare_alef() -> None:
    # QA: "اسلام" and "إسلام" were two words to the ranker, as to the index.
    passages = _passages(
        "\u0647\u0630\u0627 \u0628\u062d\u062b", "\u0627\u0644\u0625\u0633\u0644\u0627\u0645"
    )
    assert Bm25Ranker().rank("\u0627\u0633\u0644\u0627\u0645", passages)[0].passage_id == "P002"


def test_bm25_reads_the_digits_of_other_scripts_as_ascii_digits() -> None:
    # QA: "2024" and "٢٠٢٤" were two words to the ranker, as to the index.
    passages = _passages("Nothing here.", "\u0639\u0627\u0645 \u0662\u0660\u0662\u0664")
    assert Bm25Ranker().rank("2024", passages)[0].passage_id == "P002"


def test_bm25_never_reads_a_common_hebrew_word_as_another() -> None:
    # QA: a claim's "ושלום" (and peace) was read also as "לום", as a passage's "כלום" (nothing)
    # was, so that passage ranked first; "שלום" is a word of its own, never "ש" + "לום".
    passages = _passages("מזג האוויר נאה היום", "לא קרה כלום", "השלום חשוב")
    ranked = [p.passage_id for p in Bm25Ranker().rank("ושלום", passages)]
    assert ranked == ["P003", "P001", "P002"]
