"""The one form the search index and the rankers read text in."""

from __future__ import annotations

import pytest

from claimaudit.library._derived import CREATE_FTS
from claimaudit.text.searchform import TOKENIZER, as_tokenizer_folds, ranker_form, search_form


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("\u0645\u06cc\u200c\u0634\u0648\u062f", "\u0645\u06cc\u0634\u0648\u062f"),  # ZWNJ
        ("\u06a9\u062a\u0627\u0628", "\u0643\u062a\u0627\u0628"),  # Persian kaf
        ("Stra\u00dfe", "Strasse"),
        ("\u03c0\u03c1\u03bf\u03ca\u03cc\u03bd", "\u03c0\u03c1\u03bf\u03b9\u03cc\u03bd"),
        ("treat\u00adment", "treatment"),
        ("\ufb01nding", "finding"),
        # QA: an alef maksura and teh marbuta and the yeh and heh written for them, a dotless i
        # under a capital I, a khanda ta or chillu and its older spelling (consonant, virama,
        # joiner): one word to a reader, two to the index and the rankers.
        ("\u0645\u0633\u062a\u0634\u0641\u0649", "\u0645\u0633\u062a\u0634\u0641\u064a"),
        ("\u0645\u062f\u0631\u0633\u0629", "\u0645\u062f\u0631\u0633\u0647"),
        ("isparta", "\u0131sparta"),
        ("\u0989\u09ce\u09b8", "\u0989\u09a4\u09cd\u200d\u09b8"),
        ("\u0d05\u0d35\u0d7b", "\u0d05\u0d35\u0d28\u0d4d\u200d"),
        # QA: the Urdu heh goal and yeh barree and the Arabic heh and yeh a keyboard of Arabic
        # layout types for them ("بچہ", child; "بڑے", big): one word to a reader, two to the
        # index and the rankers.
        ("\u0628\u0686\u06c1", "\u0628\u0686\u0647"),
        ("\u0628\u0691\u06d2", "\u0628\u0691\u064a"),
        # QA: a Hebrew acronym with its gershayim, the ASCII quote typed for it, or neither
        # ("צה״ל"), a geresh and the apostrophe typed for it: one word to a reader, two or
        # three to the index and the rankers.
        ("\u05e6\u05d4\u05f4\u05dc", "\u05e6\u05d4\u05dc"),
        ('\u05e6\u05d4"\u05dc', "\u05e6\u05d4\u05dc"),
        ("\u05d2\u05f3\u05d9\u05e8\u05e4\u05d4", "\u05d2'\u05d9\u05e8\u05e4\u05d4"),
        # QA: a modifier letter apostrophe (Ukrainian "мʼясо") and the ASCII or curly one typed
        # for it: one word to a reader; a letter to the index and the rankers, or a word break.
        ("\u043c\u02bc\u044f\u0441\u043e", "\u043c'\u044f\u0441\u043e"),
        ("Hawai\u02bbi", "Hawai'i"),
        # QA: the Latin letters the tokenizer keeps but English and a keyboard without them
        # write plain ("Łódź" and "Lodz", "encyclopædia" and "encyclopaedia", "Đà" and "Da"):
        # one word to a reader, two to the index and the rankers.
        # (The tokenizer folds the accents and case left.)
        ("\u0141odz", "Lodz"),
        ("encyclop\u00e6dia", "encyclopaedia"),
        ("\u0153dema", "oedema"),
        ("\u0110a \u0127al", "Da hal"),
        # QA: the Danish and Norwegian "ø" and the "o" written for it ("Søren", "Soren").
        ("S\u00f8ren", "Soren"),
        ("\u00d8rsted", "Orsted"),
    ],
    ids=ascii,
)
def test_two_spellings_a_reader_takes_for_one_read_alike(one: str, other: str) -> None:
    assert search_form(one) == search_form(other)


def test_the_urdu_heh_doachashmee_stays_apart_from_the_heh_goal() -> None:
    # Urdu writes the two for two sounds: "پھل" (fruit) is no "پہل" (a start).
    assert search_form("\u067e\u06be\u0644") != search_form("\u067e\u06c1\u0644")


def test_plain_text_is_itself() -> None:
    for text in ("plain ASCII", "caf\u00e9 \u6df1\u5ea6\u5b66\u4e60", ""):
        assert search_form(text) == text


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("\u03ac\u03c3\u03ba\u03b7\u03c3\u03b7", "\u03b1\u03c3\u03ba\u03b7\u03c3\u03b7"),
        ("\u0386\u03a3\u039a\u0397\u03a3\u0397", "\u0391\u03a3\u039a\u0397\u03a3\u0397"),
        ("\u03c0\u03c1\u03bf\u0390\u03bd", "\u03c0\u03c1\u03bf\u03b9\u03bd"),
        ("\u0401\u0436\u0438\u043a \u0451\u0436", "\u0415\u0436\u0438\u043a \u0435\u0436"),
    ],
    ids=ascii,
)
def test_the_rankers_read_greek_and_russian_without_tonos_and_yo(one: str, other: str) -> None:
    # The index keeps them and ``library search`` names each spelling; a ranker cannot.
    assert ranker_form(one) == ranker_form(other) == other
    assert search_form(one) != search_form(other)


def test_letters_read_as_the_tokenizer_folds_them() -> None:
    assert as_tokenizer_folds("Caf\u00e9 \u00c9t\u00e9 Vi\u1ec7t \u0130") == "Cafe ete Viet i"
    # Letters it keeps stay; so does text in other scripts.
    assert (
        as_tokenizer_folds("\u00f8 \u00e6 \u00df \u0439 \u03ac")
        == "\u00f8 \u00e6 \u00df \u0439 \u03ac"
    )


def test_the_tokenizer_named_is_the_index_s() -> None:
    # The rankers fold as the index does only while the two read with one tokenizer.
    assert f'tokenize="porter {TOKENIZER}"' in CREATE_FTS
