"""A German umlaut found written out ("Mueller" and "Müller"), and "ø" written "oe"."""

from __future__ import annotations

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.search_umlauts import umlaut_forms
from claimaudit.library.search_words import search_words
from claimaudit.library.store import Library
from claimaudit.passage import Passage

TEXTS = [
    "M\u00fcller et al. showed it.",
    "Mueller et al. showed it too.",
    "Muller typed plain.",
    "Schr\u00f6der and G\u00e4rtner found it.",
    "Schroeder and Gaertner found it again.",
    "S\u00f8ren Kierkegaard wrote.",
    "The weather is fine.",
]


def test_a_name_is_found_with_its_umlaut_written_either_way(library: Library) -> None:
    # QA: "Mueller" found no "Müller", nor "Müller" "Mueller": the index reads "ü" as "u",
    # never as the "ue" German writes for it.
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(TEXTS, start=1)]
    library.add_paper(NewPaper(parse_ref("local:de"), "T", passages, "local:de"))
    for query in ("M\u00fcller", "Mueller", "mueller", "MUELLER"):
        assert {h.passage_id for h in library.search(query)} == {"P001", "P002", "P003"}, query
    for query in ("Schr\u00f6der", "Schroeder", "G\u00e4rtner", "Gaertner"):
        assert {h.passage_id for h in library.search(query)} == {"P004", "P005"}, query
    # Danish "ø", written "oe" too.
    assert [h.passage_id for h in library.search("Soeren")] == ["P006"]


def test_a_word_with_o_with_a_stroke_finds_it_written_oe(library: Library) -> None:
    # QA: "Søren" found "Soren" and "Søren" but no "Soeren", as Danish and German write it:
    # the query read "ø" as "o" and no longer knew where it was.
    texts = ["Soeren wrote it.", "Soren wrote it.", "The weather is fine."]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:da"), "T", passages, "local:da"))
    for query in ("S\u00f8ren", "S\u00d8REN"):
        assert {h.passage_id for h in library.search(query)} == {"P001", "P002"}, query


def test_a_word_read_without_its_e_keeps_four_letters_and_is_no_common_word() -> None:
    # "poet" is no "pot", "does" no "dos", "blue" no "blu"; "que" and "gue" are no umlaut.
    for word in ("poet", "does", "blue", "question", "rodrigues", "weather", "cafe"):
        assert umlaut_forms(word) == (), word
    assert umlaut_forms("mueller") == ("muller",)
    assert umlaut_forms("m\u00fcller") == ("mueller",)
    assert umlaut_forms("\u00fcber") == ("ueber",)


def test_an_english_query_without_these_letters_is_searched_for_as_before() -> None:
    words = search_words("attention helps translation")
    assert words.match == (
        '"attention helps" OR "helps translation" OR "attention" OR "helps" OR "translation"'
    )
    assert words.left_out == ()


def test_a_plain_spelling_finds_the_written_out_one_both_ways(library: Library) -> None:
    # QA: "Muller" found "Müller" (the index reads it so) and "Muller" but no "Mueller", which
    # found all three; "Gothe" no "Goethe". A word the rules keep apart stays apart: "Pot"
    # finds no "Poet", "Jol" no "Joel" (too short read without the "e").
    texts = [*TEXTS, "Goethe wrote it.", "Poet and Joel wrote it.", "A pot and Jol."]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:de"), "T", passages, "local:de"))
    for query in ("Muller", "muller", "M\u00fcller", "Mueller"):
        assert {h.passage_id for h in library.search(query)} == {"P001", "P002", "P003"}, query
    for query in ("Schroder", "Gartner"):
        assert {h.passage_id for h in library.search(query)} == {"P004", "P005"}, query
    assert {h.passage_id for h in library.search("Gothe")} == {"P008"}
    assert {h.passage_id for h in library.search("Goethe")} == {"P008"}
    assert {h.passage_id for h in library.search("Pot")} == {"P010"}
    assert {h.passage_id for h in library.search("Jol")} == {"P010"}
    assert {h.passage_id for h in library.search("Joel")} == {"P009"}
    assert {h.passage_id for h in library.search("Poet")} == {"P009"}
