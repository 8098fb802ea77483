"""Window pre-selection: BM25 keeps the windows that share informative words with the claim."""

from __future__ import annotations

import pytest

from claimaudit.judges.local.preselect import _terms as preselect_terms
from claimaudit.judges.local.preselect import bm25_scores, preselect
from tests.text.spellings import SPELLINGS_OF_ONE_WORD


def test_few_windows_are_all_kept_in_order() -> None:
    texts = ["alpha", "beta", "gamma"]
    assert preselect("nothing in common", texts, limit=5) == [0, 1, 2]


def test_the_matching_windows_are_kept_in_document_order() -> None:
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[7] = "Sparse matrices are stored in compressed row format."
    texts[42] = "The sparse module offers several matrix formats."
    kept = preselect("SciPy provides sparse matrix formats.", texts, limit=10)
    assert len(kept) == 10
    assert 7 in kept and 42 in kept
    assert kept == sorted(kept)


def test_rare_terms_weigh_more_than_common_ones() -> None:
    texts = ["the model model model", "a rare interpolation routine", "the model again"]
    scores = bm25_scores("model interpolation", texts)
    assert scores[1] > scores[2]
    assert bm25_scores("anything", []) == []


def test_a_two_letter_term_the_claim_shares_keeps_its_window() -> None:
    # "EU", "5G", "AI": short, and often the one word a claim and its evidence share.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[59] = "Tariffs rose across the EU last spring."
    kept = preselect("The EU is in the news.", texts, limit=48)
    assert 59 in kept and len(kept) == 48


def test_of_two_windows_with_the_same_matches_the_shorter_ranks_first() -> None:
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[3] = "Vaccination rates " + "rose steadily over many long and uneventful years " * 3
    texts[50] = "Vaccination rates rose."
    assert preselect("vaccination", texts, limit=1) == [50]
    scores = bm25_scores("vaccination", texts)
    assert scores[50] > scores[3] > 0


def test_a_paper_stored_decomposed_scores_as_if_composed() -> None:
    # A macOS-written paper keeps "\u00e9" as "e" + U+0301; the claim is composed (NFC). Read
    # raw, the two spellings of "caf\u00e9ine" split into different fragments.
    composed = "La caf\u00e9ine r\u00e9duit la fatigue."
    decomposed = "La cafe\u0301ine re\u0301duit la fatigue."
    texts = [composed, decomposed, *(f"Filler sentence {i} about weather." for i in range(9))]
    scores = bm25_scores("La caf\u00e9ine r\u00e9duit la fatigue.", texts)
    assert scores[0] == scores[1] > 0


def test_a_claim_typed_in_full_width_letters_matches_the_paper() -> None:
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[12] = "Ivermectin did not shorten recovery."
    assert preselect(
        "\uff29\uff56\uff45\uff52\uff4d\uff45\uff43\uff54\uff49\uff4e works", texts, 1
    ) == [12]


def test_words_in_other_scripts_count() -> None:
    # Read as ASCII only, a Greek claim had no word to rank by and the first windows were kept.
    aspirin, pain = "\u0391\u03c3\u03c0\u03b9\u03c1\u03af\u03bd\u03b7", "\u03c0\u03cc\u03bd\u03bf"
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[5] = f"{aspirin} \u03bc\u03b5\u03b9\u03ce\u03bd\u03b5\u03b9 {pain}."
    assert preselect(f"{aspirin} {pain}", texts, 1) == [5]


def test_a_word_with_combining_marks_counts_as_one_word() -> None:
    # Read letter by letter, "हिन्दी" was single letters, all dropped: no term to rank by.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[7] = "यह लेख हिन्दी भाषा के बारे में है।"
    assert preselect("हिन्दी भाषा", texts, 1) == [7]


def test_an_arabic_word_counts_with_or_without_its_vowel_points() -> None:
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[9] = "كتب الطالب درسا في العلوم."
    assert preselect("كَتَبَ الطَّالِبُ", texts, 1) == [9]


def test_a_latin_diacritic_left_decomposed_is_dropped_as_the_index_drops_it() -> None:
    # "k" under a combining circumflex (no composed form) is "k", as before and as FTS5 reads
    # it: not a word of two characters, which lengthened the window and moved the ranking.
    assert preselect_terms("the size k\u0302 of the kernel") == ["size", "kernel"]


def test_an_indic_word_counts_with_or_without_its_joiner() -> None:
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[4] = "ශ්රී ලංකාව"
    assert preselect("ශ්\u200dරී", texts, 1) == [4]


def test_thai_is_still_ranked_by_the_pieces_between_its_marks() -> None:
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[3] = "ผลการทดลองแสดงว่ายาลดไข้ได้ดีในผู้ป่วยเด็ก"
    assert preselect("ยาลดไข้ได้ผลดีในเด็ก", texts, 1) == [3]


def test_a_thai_word_inside_a_windows_phrase_counts() -> None:
    # QA: broken at its marks, "ภาษาไทย" equalled no piece of a window writing it inside a
    # phrase: the window scored nothing.
    scores = bm25_scores("ภาษาไทย", ["ฉันชอบกินข้าวผัด", "นักเรียนเรียนภาษาไทยทุกวัน"])
    assert scores[0] == 0.0 < scores[1]


def test_a_hebrew_word_counts_with_or_without_its_prefix() -> None:
    # QA: "המחקר" (the research) and "במחקר" (in research) were two words, neither "מחקר".
    scores = bm25_scores("המחקר מראה", ["מזג האוויר נאה", "במחקר אחר נמצא"])
    assert scores[0] == 0.0 < scores[1]


def test_a_hebrew_word_counts_without_two_stacked_prefixes() -> None:
    # QA: "ובבית" (and in the house) was read as "בבית" at most, never "בית".
    scores = bm25_scores("ובבית שקט", ["מזג האוויר נאה", "הבית גדול"])
    assert scores[0] == 0.0 < scores[1]


def test_a_word_touching_cjk_text_counts_for_a_claim_without_cjk() -> None:
    # QA: "DNA는" was one word, which the claim's "DNA" did not equal.
    scores = bm25_scores("DNA methylation", ["RNA 연구 결과", "DNA는 메틸화된다"])
    assert scores[0] == 0.0 < scores[1]


def test_a_cjk_claim_counts_the_character_pairs_it_shares() -> None:
    # QA: a run of CJK characters was one word, so a Chinese claim shared none with the paper
    # and the first windows were kept.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[6] = "我们研究深度学习方法在医学图像诊断中的应用。"
    texts[8] = "今天天气很好\uff0c我们去海边散步。"
    assert preselect("深度学习提高了医学图像诊断的准确率", texts, 1) == [6]


@pytest.mark.parametrize(("one", "other"), SPELLINGS_OF_ONE_WORD, ids=ascii)
def test_a_word_counts_as_the_library_index_reads_it(one: str, other: str) -> None:
    # QA: a Persian word with and without the non-joiner between its pieces, the Persian kaf
    # and yeh and the Arabic ones, a Greek vowel with and without its dialytika and a word
    # with a soft hyphen inside, a Greek or Russian word with and without its tonos or ё
    # counted as different words, though ``library search`` finds one by the other.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[5] = f"It reads {one} so."
    assert preselect(other, texts, 1) == [5]
    texts[5] = f"It reads {other} so."
    assert preselect(one, texts, 1) == [5]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("caf\u00e9", "cafe"),
        ("na\u00efve", "NAIVE"),
        ("Vi\u1ec7t", "viet"),
        ("\u0130zmir", "izmir"),
    ],
    ids=ascii,
)
def test_a_latin_word_counts_with_or_without_its_accents_as_the_index_reads_it(
    one: str, other: str
) -> None:
    # QA: "cafe" found "café" in ``library search`` and matched it in the checker's BM25 (the
    # tokenizer folds Latin accents), but the pre-selection read them as two words.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[7] = f"The {one} was open."
    assert preselect(other, texts, 1) == [7]
    texts[7] = f"The {other} was open."
    assert preselect(one, texts, 1) == [7]


def test_a_cjk_character_standing_alone_counts() -> None:
    # QA: the length rule for stray Latin letters dropped a one-syllable Korean word ("암",
    # cancer; "약", drug), which the checker's BM25 and ``library search`` keep: a claim of
    # such words had no term, and the first windows were kept.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[4] = "이 약 은 암 환자에게 좋다"
    assert preselect("암 약", texts, 1) == [4]
    assert preselect_terms("암 a 약", pairs=True) == ["암", "약"]


def test_a_one_character_cjk_word_is_found_inside_a_windows_text() -> None:
    # QA: the claim's lone character was a term while the windows were read in pairs ("암은",
    # cancer with its particle): it matched only where a window held it alone, so the window
    # about it was cut before the cross-encoder. ``library search`` finds it inside text.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[9] = "암은 위험한 병이다"
    texts[20] = "我们研究了癌症患者"
    assert preselect("암", texts, 1) == [9]
    assert preselect("癌", texts, 1) == [20]


def test_a_korean_word_written_with_a_particle_finds_the_word() -> None:
    # QA: "암은" (cancer + particle) was the one pair "암은", which a window writing "암" does
    # not hold, and "연구에서"'s pair "에서" matched any window holding it: the window on the
    # word was cut before the cross-encoder. A claim's word is read without its particle.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[7] = "암 환자의 생존율"
    texts[12] = "이 약에서 효과가 있다"
    texts[30] = "연구 결과"
    assert preselect("암은 위험하다", texts, 1) == [7]
    assert preselect("연구에서", texts, 1) == [30]
    texts[40] = "肺癌の治療法"
    assert preselect("癌は遺伝する", texts, 1) == [40]


def test_an_arabic_word_is_read_without_its_article() -> None:
    # QA: "كتاب" (book) and "الكتاب" (the book) were two words: the window on the book was cut
    # before the cross-encoder.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[11] = "قرأت الكتاب في المكتبة"
    texts[25] = "هذا بحث آخر"
    assert preselect("كتاب مفيد", texts, 1) == [11]


def test_a_zero_width_space_parts_two_words() -> None:
    # QA: left out, it joined the words around it ("Sparse\u200bmatrices" one word), though the
    # claim reads it as a break: the window on "matrices" was cut before the cross-encoder.
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[12] = "Sparse\u200bmatrices save memory."
    assert preselect("matrices", texts, 1) == [12]
    assert preselect("dense\u200bmatrices", texts, 1) == [12]
