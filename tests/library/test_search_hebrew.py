"""Hebrew words searched for with a one-letter word written onto them."""

from __future__ import annotations

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.search_hebrew import prefixed_forms
from claimaudit.library.store import Library
from claimaudit.passage import Passage

TEXTS = ["המחקר הראה תוצאות טובות", "במחקר אחר נמצא", "מזג האוויר נאה", "The weather is fine."]


def test_a_hebrew_word_finds_it_with_a_prefix_written_onto_it(library: Library) -> None:
    # QA: "מחקר" (research) found no "המחקר" (the research) nor "במחקר" (in research): each
    # spelling is a word of its own to the index.
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(TEXTS, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert {h.passage_id for h in library.search("מחקר")} == {"P001", "P002"}
    assert [h.passage_id for h in library.search("תוצאות")] == ["P001"]


def test_a_short_word_has_no_prefixed_spellings() -> None:
    # "לך" (go) with "ה" before it is "הלך" (walked), another word.
    assert prefixed_forms("לך") == () and prefixed_forms("word") == ()
    assert prefixed_forms("מחקר")[:3] == ("המחקר", "במחקר", "למחקר")
