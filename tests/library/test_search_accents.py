from __future__ import annotations

from claimaudit.library.search_accents import MAX_FORMS, accent_forms


def test_a_greek_word_gets_its_spellings_with_one_tonos_and_without() -> None:
    assert accent_forms("ασκηση") == ("άσκηση", "ασκήση", "ασκησή")
    assert accent_forms("άσκηση") == ("ασκηση", "ασκήση", "ασκησή")


def test_a_russian_word_gets_its_spellings_with_yo_and_without() -> None:
    assert accent_forms("ежики") == ("ёжики",)
    assert accent_forms("ёжики") == ("ежики",)


def test_other_words_have_no_other_spelling_and_a_long_one_few() -> None:
    assert accent_forms("café") == accent_forms("深度") == accent_forms("память") == ()
    assert len(accent_forms("αεηιουωαεηιουω")) == MAX_FORMS
