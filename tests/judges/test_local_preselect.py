"""Window pre-selection: BM25 keeps the windows that share informative words with the claim."""

from __future__ import annotations

from claimaudit.judges.local.preselect import bm25_scores, preselect


def test_few_windows_are_all_kept_in_order() -> None:
    texts = ["alpha", "beta", "gamma"]
    assert preselect("nothing in common", texts, limit=5) == [0, 1, 2]


def test_the_matching_windows_are_kept_in_document_order() -> None:
    texts = [f"Filler sentence number {i} about weather." for i in range(60)]
    texts[7] = "Sparse matrices are stored in compressed row format."
    texts[42] = "The sparse module offers several matrix formats."
    kept = preselect("SciPy provides sparse matrix formats.", texts, limit=10)
    assert len(kept) == 10
    assert 7 in kept and 42 in kept
    assert kept == sorted(kept)


def test_rare_terms_weigh_more_than_common_ones() -> None:
    texts = ["the model model model", "a rare interpolation routine", "the model again"]
    scores = bm25_scores("model interpolation", texts)
    assert scores[1] > scores[2]
    assert bm25_scores("anything", []) == []
