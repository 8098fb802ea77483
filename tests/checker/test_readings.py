"""The marks a results-cache key carries for each change in how the rankers read text: none for
a question no change touched, so its cached answer stays found, and the same marks in the same
order as keys were made with, since a renamed or reordered mark loses every answer under it."""

from __future__ import annotations

from claimaudit.checker.readings import reading_marks


def test_a_question_no_reading_changed_carries_no_mark() -> None:
    assert reading_marks("aspirin lowers fever", ["Aspirin lowered fever.\nResults"]) == ""


def test_each_mark_is_said_once_in_the_order_keys_were_made_with() -> None:
    # A Japanese claim, a kanji with the kana after it, over a passage holding a "ß".
    assert reading_marks("癌は", ["Die Stra\u00dfe.\n"]) == ":cjk-pairs:search-form:cjk-words"
    assert reading_marks(
        "10\u2075 cells", ["Gr\u00f6\u00dfe\n", "\u043c\u02bc\u044f\u0441\u043e\n"]
    ) == (":search-form:raised-apart:apostrophe")
    # A claim's "Müller" over a passage's "Mueller", one word to the rankers now: the last mark.
    assert reading_marks("M\u00fcller found it", ["Mueller found it\n"]) == ":spelling-folds"


def test_a_plain_claim_word_over_a_passage_writing_it_out_is_asked_afresh() -> None:
    # QA: a claim's "Muller" and a passage's "Mueller" were two words to the rankers; one now,
    # so an answer cached before was judged on passages ranked otherwise.
    assert reading_marks("Muller found it", ["Mueller found it\n"]) == ":spelling-folds"
    assert reading_marks("Muller found it", ["Muller found it\n"]) == ""


def test_a_word_and_its_number_written_each_way_is_asked_afresh() -> None:
    # QA: a claim's "covid19" and a passage's "COVID-19" were other words to the rankers; one
    # now, so an answer cached before was judged on passages ranked otherwise.
    assert reading_marks("covid19 deaths", ["COVID-19 deaths\n"]) == ":number-words"
    assert reading_marks("COVID-19 deaths", ["COVID-19 deaths\n"]) == ""
