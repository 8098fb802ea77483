from __future__ import annotations

from claimaudit.text.arabic import has_arabic, joined_plurals, plural_apart, without_article


def test_an_arabic_word_is_read_without_its_article() -> None:
    assert without_article("قرأت الكتاب وبالتعلم للطلاب") == "قرأت كتاب تعلم طلاب"
    # Fewer than three letters after it: no article ("الله", "التي", "والد").
    assert without_article("الله التي والد") == "الله التي والد"
    assert without_article("plain text") == "plain text"
    assert has_arabic("a كتاب") and not has_arabic("שלום café")


BOOKS = "\u06a9\u062a\u0627\u0628\u0647\u0627"  # کتابها
BOOKS_APART = "\u06a9\u062a\u0627\u0628 \u0647\u0627"  # the ending as a word apart


def test_a_persian_plural_ending_written_apart_is_read_onto_its_word() -> None:
    # QA: "کتابها" (books; so the index reads it after a non-joiner) and the ending written
    # apart were one word and two to the rankers.
    assert joined_plurals(f"{BOOKS_APART} \u062e\u0648\u0628") == f"{BOOKS} \u062e\u0648\u0628"
    assert joined_plurals(BOOKS_APART + "\u06cc") == BOOKS + "\u06cc"  # with yeh: "کتابهای"
    # The ending alone, or a word that only begins so ("هاتف", telephone), stays apart.
    assert joined_plurals("\u0647\u0627 \u0647\u0648") == "\u0647\u0627 \u0647\u0648"
    kept = "\u06a9\u062a\u0627\u0628 \u0647\u0627\u062a\u0641"
    assert joined_plurals(kept) == kept and joined_plurals("plain") == "plain"


def test_a_persian_plural_with_its_ending_apart() -> None:
    assert plural_apart(BOOKS) == BOOKS_APART
    assert plural_apart("\u06a9\u062a\u0627\u0628") is None
    assert plural_apart("\u0647\u0627") is None  # the ending alone
