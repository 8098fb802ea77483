"""Hebrew words read with and without the one-letter word written onto them."""

from __future__ import annotations

from claimaudit.text.hebrew import has_hebrew, unprefixed_forms, with_unprefixed


def test_a_word_is_kept_and_followed_by_its_forms_without_a_prefix() -> None:
    assert with_unprefixed("המחקר, וכן") == "המחקר מחקר, וכן"
    assert unprefixed_forms("והמחקר") == ("המחקר", "מחקר")
    assert unprefixed_forms("כמחקר") == ("מחקר",)


def test_fewer_than_three_letters_left_is_no_prefix() -> None:
    # "הלך" (walked) is no "ה" + "לך" (go).
    assert unprefixed_forms("הלך") == () and with_unprefixed("הלך") == "הלך"


def test_other_text_is_itself() -> None:
    assert with_unprefixed("plain text") == "plain text"
    assert not has_hebrew("كتاب") and has_hebrew("שלום")
