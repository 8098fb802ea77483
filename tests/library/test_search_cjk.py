"""CJK words inside sentences, found by their character pairs (the index cannot find them)."""

from __future__ import annotations

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage

TEXTS = [
    "我们研究了深度学习方法在医学中的应用。",
    "这是另一段关于学习的文字。",
    "English paragraph about deep learning.",
    "与此无关的句子。",
]


def _add(library: Library, ref: str) -> None:
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(TEXTS, start=1)]
    library.add_paper(NewPaper(parse_ref(ref), "T", passages, ref))


def test_a_cjk_word_inside_a_sentence_is_found_and_the_whole_word_ranks_first(
    library: Library,
) -> None:
    _add(library, "local:cjk")
    hits = library.search("深度学习")
    # All three pairs of the word in P001, one ("学习") in P002, none in the others.
    assert [(h.passage_id, h.score) for h in hits] == [("P001", 3.0), ("P002", 1.0)]


def test_cjk_and_other_words_are_both_searched_for(library: Library) -> None:
    _add(library, "local:cjk")
    hits = library.search("深度学习 deep")
    assert [h.passage_id for h in hits] == ["P001", "P002", "P003"]
    assert [h.passage_id for h in library.search("深度学习 deep", limit=1)] == ["P001"]


def test_a_cjk_search_within_one_paper_stays_in_it(library: Library) -> None:
    _add(library, "local:a")
    _add(library, "local:b")
    hits = library.search("学习", ref=parse_ref("local:b"))
    assert {str(h.ref) for h in hits} == {"local:b"}
    assert [h.passage_id for h in hits] == ["P001", "P002"]
