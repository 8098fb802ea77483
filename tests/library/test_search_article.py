"""Arabic words searched for with and without the article written onto them."""

from __future__ import annotations

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.search_article import article_forms
from claimaudit.library.store import Library
from claimaudit.passage import Passage

TEXTS = [
    "قرأت الكتاب في المكتبة",  # the book, in the library
    "هذا كتاب مفيد",  # a useful book
    "وبالتعلم العميق نحسن النتائج",  # and with deep learning
    "The weather is fine today.",
]


def _add(library: Library) -> None:
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(TEXTS, start=1)]
    library.add_paper(NewPaper(parse_ref("local:ar"), "T", passages, "local:ar"))


def test_an_arabic_word_finds_it_with_and_without_the_article(library: Library) -> None:
    # QA: each spelling was a token of its own: "كتاب" (book) found no "الكتاب" (the book),
    # "التعلم" (learning) no "وبالتعلم", "مكتبة" (library) no "المكتبة".
    _add(library)
    assert {h.passage_id for h in library.search("كتاب")} == {"P001", "P002"}
    assert {h.passage_id for h in library.search("الكتاب")} == {"P001", "P002"}
    assert [h.passage_id for h in library.search("التعلم")] == ["P003"]
    assert [h.passage_id for h in library.search("مكتبة")] == ["P001"]


def test_the_article_is_read_only_before_a_stem_of_three_letters() -> None:
    assert article_forms("الكتاب")[0] == "كتاب"
    assert "للكتاب" in article_forms("كتاب") and "وبالكتاب" in article_forms("كتاب")
    # "والد" (father) is no "و" + "ال" + "د": its spellings are with the article before it.
    assert article_forms("والد")[:2] == ("الوالد", "والوالد")
    assert article_forms("كالسيوم")[0] == "الكالسيوم"  # calcium
    assert article_forms("له") == () and article_forms("book") == ()


def test_a_persian_plural_is_found_with_its_ending_apart_or_onto_it(library: Library) -> None:
    # QA: "کتابها" (books), with a non-joiner or not, found no paper writing the ending apart,
    # nor the other way round: one word to the index, or two.
    books, apart = "\u06a9\u062a\u0627\u0628\u0647\u0627", "\u06a9\u062a\u0627\u0628 \u0647\u0627"
    texts = [
        f"{books[:4]}\u200c{books[4:]} \u062e\u0648\u0628",
        f"{books} \u0628\u062f",
        f"{apart} \u0632\u06cc\u0627\u062f",
        "The weather is fine.",
    ]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:fa"), "T", passages, "local:fa"))
    for query in (books, apart, f"{books[:4]}\u200c{books[4:]}"):
        assert {h.passage_id for h in library.search(query)} == {"P001", "P002", "P003"}
