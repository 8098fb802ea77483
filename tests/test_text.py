from __future__ import annotations

from claimaudit.text import normalise, sentences, split_long


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
