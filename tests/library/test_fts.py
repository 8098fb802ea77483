from __future__ import annotations

from claimaudit.library.fts import fts_query, query_terms


def test_query_terms_drop_stopwords_and_duplicates() -> None:
    assert query_terms("The Transformer is based on the attention of attention") == [
        "transformer",
        "based",
        "attention",
    ]


def test_only_common_words_are_kept_rather_than_nothing() -> None:
    assert query_terms("the of and") == ["the", "of", "and"]


def test_fts_query_quotes_every_term() -> None:
    assert fts_query('NEAR(a b) AND "x"*') == '"near" OR "b" OR "x"'
    assert fts_query("  ,;  ") is None


def test_a_word_with_combining_marks_is_one_term() -> None:
    # Not "ह", "न", "द": letters any Hindi passage holds.
    assert query_terms("हिन्दी भाषा") == ["हिन्दी", "भाषा"]
    assert query_terms("Sparse_matrices, x2") == ["sparse", "matrices", "x2"]


def test_query_terms_keeps_the_first_limit_distinct_words() -> None:
    text = " ".join(f"w{i}" for i in range(100))
    assert len(query_terms(text)) == 64
    assert query_terms(text, 3) == ["w0", "w1", "w2"]
    assert fts_query(text, 2) == '"w0" OR "w1"'
