from __future__ import annotations

import numpy as np
import pytest

from claimaudit.judges.local.windows import fold_to_passages, passage_windows


def test_short_passages_are_single_windows() -> None:
    windows = passage_windows(["One sentence.", "Another one."])
    assert windows.texts == ["One sentence.", "Another one."]
    assert windows.owners == [0, 1]


def test_long_passages_split_at_sentences_and_remember_their_owner() -> None:
    paragraph = " ".join(f"Sentence number {i} says something specific." for i in range(30))
    windows = passage_windows(["Short.", paragraph], max_chars=200)
    assert windows.owners[0] == 0 and set(windows.owners[1:]) == {1}
    assert all(len(t) <= 200 for t in windows.texts)
    assert " ".join(windows.texts[1:]) == paragraph


def test_fold_sums_window_mass_per_passage() -> None:
    folded = fold_to_passages(np.array([0.1, 0.2, 0.3, 0.4]), [0, 1, 1, 2], 3)
    assert np.allclose(folded, [0.1, 0.5, 0.4])


def test_sentence_windows_do_not_depend_on_where_paragraphs_were_cut() -> None:
    sentences = [f"Sentence number {i} says something specific about topic {i}." for i in range(9)]
    one = passage_windows([" ".join(sentences)], mode="sentence")
    three = passage_windows([" ".join(sentences[i : i + 3]) for i in (0, 3, 6)], mode="sentence")
    assert one.texts == three.texts == sentences
    assert three.owners == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    # Packed windows of the same text move with the paragraph cuts.
    assert (
        passage_windows([" ".join(sentences)], 150).texts
        != passage_windows([" ".join(sentences[i : i + 3]) for i in (0, 3, 6)], 150).texts
    )


def test_a_sentence_longer_than_a_window_is_cut_at_spaces() -> None:
    run_on = "word " * 200
    windows = passage_windows([run_on], max_chars=100, mode="sentence")
    assert len(windows.texts) > 1 and all(len(t) <= 100 for t in windows.texts)


def test_an_unknown_window_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="window mode"):
        passage_windows(["text"], mode="paragraph")
