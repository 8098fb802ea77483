"""Hebrew words read with and without the one-letter word written onto them."""

from __future__ import annotations

from claimaudit.text.hebrew import (
    has_hebrew,
    holds_stacked_prefixes,
    holds_whole_words,
    unprefixed_forms,
    with_unprefixed,
    without_acronym_marks,
)


def test_a_word_is_kept_and_followed_by_its_forms_without_a_prefix() -> None:
    assert with_unprefixed("המחקר, וכן") == "המחקר מחקר, וכן"
    assert unprefixed_forms("והמחקר") == ("המחקר", "מחקר")
    assert unprefixed_forms("כמחקר") == ("מחקר",)


def test_fewer_than_three_letters_left_is_no_prefix() -> None:
    # "הלך" (walked) is no "ה" + "לך" (go).
    assert unprefixed_forms("הלך") == () and with_unprefixed("הלך") == "הלך"


def test_a_word_is_read_without_two_stacked_prefixes() -> None:
    # QA: "ובבית" (and in the house) was read as "בבית" alone, never the stem "בית".
    assert unprefixed_forms("ובבית") == ("בבית", "בית")
    assert unprefixed_forms("שבבית") == ("בבית", "בית")
    assert unprefixed_forms("מהבית") == ("הבית", "בית")
    assert with_unprefixed("ובבית") == "ובבית בבית בית"
    assert holds_stacked_prefixes("גר ובבית") and not holds_stacked_prefixes("גר בבית")


def test_two_stacked_prefixes_leave_three_letters_or_none() -> None:
    # "ולך" is vav + "לך" (and go), never vav + "ל" + "ך"; "ובית" has one prefix alone; "שבת"
    # (sabbath) is no "ש" + "בת"; "ההבית" no stack ("ה" goes onto no "ה").
    assert unprefixed_forms("ולך") == () and unprefixed_forms("ובית") == ("בית",)
    assert unprefixed_forms("שבת") == () and unprefixed_forms("ההבית") == ("הבית",)
    assert not holds_stacked_prefixes("ובית שבת ולך")


def test_other_text_is_itself() -> None:
    assert with_unprefixed("plain text") == "plain text"
    assert not has_hebrew("كتاب") and has_hebrew("שלום")


def test_an_acronym_is_one_word_however_its_gershayim_is_written() -> None:
    # QA: "צה״ל" was the words "צה" and "ל" to the tokenizer, found by no "צהל".
    for written in ("\u05e6\u05d4\u05f4\u05dc", '\u05e6\u05d4"\u05dc', "\u05e6\u05d4\u201d\u05dc"):
        assert without_acronym_marks(written) == "\u05e6\u05d4\u05dc"
    # A geresh and the apostrophe typed for it.
    assert without_acronym_marks("\u05d2\u05f3\u05d9\u05e8") == "\u05d2\u05d9\u05e8"
    assert without_acronym_marks("\u05d2'\u05d9\u05e8") == "\u05d2\u05d9\u05e8"


def test_a_quotation_mark_outside_a_hebrew_word_stays() -> None:
    quoted = '\u05d0\u05de\u05e8 "\u05e9\u05dc\u05d5\u05dd" \u05e4\u05e8\u05d5\u05e4\u05f3'
    assert without_acronym_marks(quoted) == quoted
    assert without_acronym_marks('it\'s "x"y') == 'it\'s "x"y'


def test_a_common_word_whose_first_letter_is_its_own_is_never_read_without_it() -> None:
    # QA: "ושלום" (and peace) was read also as "לום", the stem of "כלום" (nothing) too.
    assert unprefixed_forms("שלום") == () and unprefixed_forms("ושלום") == ("שלום",)
    assert with_unprefixed("כלום ומשפט") == "כלום ומשפט משפט"
    # A prefix that is one is still read past: "המחקר" is "מחקר", "ובבית" "בית".
    assert unprefixed_forms("המחקר") == ("מחקר",) and unprefixed_forms("ובבית")[-1] == "בית"
    assert holds_whole_words("אמר ושלום") and holds_whole_words("כלום")
    assert not holds_whole_words("המחקר ובבית") and not holds_whole_words("plain")
