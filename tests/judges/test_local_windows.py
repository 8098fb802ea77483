from __future__ import annotations

import numpy as np

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
