from __future__ import annotations

import pytest

from claimaudit.text.plain import is_link_only, normalise, pack, plain_text, sentences, split_long


def test_long_paragraph_splits_at_sentences() -> None:
    sentence = "This sentence is about forty characters. "
    text = sentence * 80
    pieces = split_long(text.strip(), 400)
    assert all(len(p) <= 400 for p in pieces)
    assert all(p.endswith("characters.") for p in pieces)
    assert " ".join(pieces) == text.strip()


def test_overlong_sentence_is_cut_at_spaces() -> None:
    pieces = split_long("word " * 500, 300)
    assert all(len(p) <= 300 for p in pieces) and len(pieces) > 5


def test_sentences_and_normalise() -> None:
    text = 'It works. "Quoted (x)." Then 3 more. e.g. lower case stays.'
    assert list(sentences(text, 100)) == [
        "It works.",
        '"Quoted (x)."',
        "Then 3 more. e.g. lower case stays.",
    ]
    assert normalise("  a\n\t b ") == "a b"


@pytest.mark.parametrize(
    "note",
    [
        "https://www.ohloh.net/p/scikit-image, Accessed 2014-05-15",
        "https://travis-ci.org, https://coveralls.io, Accessed: 2014-03-30",
        "http://pypi.python.org",
    ],
)
def test_notes_that_are_only_links_are_told_apart(note: str) -> None:
    assert is_link_only(note)


@pytest.mark.parametrize(
    "text",
    ["See https://github.com/x for the code.", "Data at www.example.org.", "No link at all."],
)
def test_text_with_words_around_a_link_is_not_only_a_link(text: str) -> None:
    assert not is_link_only(text)


def test_pack_joins_sentences_up_to_the_target_and_keeps_a_longer_one_whole() -> None:
    assert pack(["One.", "Two.", "Three is long."], 9) == ["One. Two.", "Three is long."]
    assert pack(["a", "b", "c"], 3) == ["a b", "c"]
    assert pack([], 10) == []


@pytest.mark.parametrize(
    ("markup", "text"),
    [
        ("p \\textless{} 0.05", "p < 0.05"),
        ("a \\textgreater{} b", "a > b"),
        ("x \\textbar{} y", "x | y"),
        ("snake\\textunderscore{}case", "snake_case"),
        # Escaped brackets are text, never half of a tag that is dropped.
        ("p \\textless{} 0.05 and q \\textgreater{} 1", "p < 0.05 and q > 1"),
    ],
)
def test_text_mode_symbols_are_kept(markup: str, text: str) -> None:
    # pylatexenc has no text for these and dropped them: "p \\textless 0.05" read "p 0.05".
    assert plain_text(markup) == text
