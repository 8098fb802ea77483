"""Sentence-bounded windows: what the verifier scores when a passage is a whole paragraph.

The cross-encoder was trained on claim-sentence pairs and reads at most a few hundred tokens,
so a long paragraph is cut at sentence ends into windows of at most ``max_chars`` characters.
Each window keeps the index of the passage it came from; the paper-level features are
order-free, and evidence mass flows back to the owning passage, so the judge still answers
with passage ids. A short passage (one SciFact sentence) is one window, unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from claimaudit.text.plain import sentences, split_long

WINDOW_CHARS = 400


@dataclass(frozen=True)
class Windows:
    texts: list[str]
    owners: list[int]  # passage index of each window


# How a passage is cut: "packed" windows fill up to ``max_chars`` with whole sentences, so
# evidence spanning two sentences sits in one window; "sentence" windows are one sentence each,
# as the calibration abstracts' passages are. Packed kept the gold evidence more often on the
# full-paper set and is what the shipped model uses (training/EXPERIMENTS.md, run 4a).
WINDOW_MODES: tuple[str, ...] = ("sentence", "packed")


def passage_windows(
    passages: Sequence[str], max_chars: int = WINDOW_CHARS, mode: str = "packed"
) -> Windows:
    if mode not in WINDOW_MODES:
        raise ValueError(f"unknown window mode {mode!r}")
    texts: list[str] = []
    owners: list[int] = []
    for index, text in enumerate(passages):
        if mode == "sentence":
            pieces = list(sentences(text, max_chars))
        else:
            pieces = split_long(text, max_chars)
        for piece in pieces or [text]:
            texts.append(piece)
            owners.append(index)
    return Windows(texts, owners)


def fold_to_passages(
    window_mass: npt.NDArray[np.float64], owners: Sequence[int], n_passages: int
) -> npt.NDArray[np.float64]:
    """Sum per-window probability mass into per-passage mass."""
    folded = np.zeros(n_passages, dtype=np.float64)
    np.add.at(folded, np.asarray(owners, dtype=np.intp), window_mass)
    return folded
