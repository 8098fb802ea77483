from __future__ import annotations

from claimaudit.text.arabic import has_arabic, without_article


def test_an_arabic_word_is_read_without_its_article() -> None:
    assert without_article("قرأت الكتاب وبالتعلم للطلاب") == "قرأت كتاب تعلم طلاب"
    # Fewer than three letters after it: no article ("الله", "التي", "والد").
    assert without_article("الله التي والد") == "الله التي والد"
    assert without_article("plain text") == "plain text"
    assert has_arabic("a كتاب") and not has_arabic("שלום café")
