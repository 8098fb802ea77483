"""What the verifier reads of a paper, and the aggregator's features from it.

Two passes over the candidate passages, cut into sentence windows:

1. the cross-encoder scores (claim, window) for the windows BM25 pre-selects;
2. it reads the claim once more against its best windows joined in document order (the
   *joint* pass), because evidence often spans sentences ("In 2017 we released version 1.0.
   It added ...").

``score`` runs the model; ``paper_inputs`` turns its logits into the aggregator's features. They
are split so that calibration (``training/calibrate.py``) scores each validation paper once and
refits temperatures and weights on the same code path the judge runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import consistency
from claimaudit.judges.local.preselect import preselect
from claimaudit.judges.local.runtime import VerifierConfig, VerifierModel
from claimaudit.judges.local.windows import Windows, passage_windows

_UNRELATED = np.array([0.0, 0.0, 0.0, 1.0])


@dataclass(frozen=True)
class Scores:
    windows: Windows
    kept: list[int]  # indices of the windows the cross-encoder scored
    window_logits: agg.Array  # (len(kept), 4)
    joint_logits: agg.Array  # (4,); zeros when there is nothing to read
    tokens: int


def joint_context(texts: Sequence[str], logits: agg.Array, max_windows: int, max_chars: int) -> str:
    """The best windows (most related first, until the budget), joined in document order."""
    related = 1.0 - agg.softmax(np.asarray(logits, dtype=np.float64), axis=1)[:, 3]
    chosen: list[int] = []
    used = 0
    for i in np.argsort(-related, kind="stable"):
        if len(chosen) >= max_windows:
            break
        if chosen and used + len(texts[i]) > max_chars:
            continue
        chosen.append(int(i))
        used += len(texts[i]) + 1
    return " ".join(texts[i] for i in sorted(chosen))


def score(
    model: VerifierModel, claim: str, passages: Sequence[str], query: str, config: VerifierConfig
) -> Scores:
    windows = passage_windows(passages)
    kept = preselect(query, windows.texts, config.preselect_limit)
    texts = [windows.texts[i] for i in kept]
    logits, tokens = model.logits(claim, texts)
    joint = np.zeros(4)
    if texts:
        context = joint_context(texts, logits, config.joint_windows, config.joint_chars)
        joint_logits, joint_tokens = model.logits(claim, [context])
        joint, tokens = joint_logits[0], tokens + joint_tokens
    return Scores(windows, kept, logits, joint, tokens)


@dataclass(frozen=True)
class PaperInputs:
    window_probs: agg.Array  # (n_windows, 4); windows not scored count as unrelated
    features: agg.Array | None  # None when there was nothing to read
    best_window: int | None  # the window with the strongest support or contradiction


def paper_inputs(scores: Scores, claim: str, temperature: float) -> PaperInputs:
    n = len(scores.windows.texts)
    probs = np.tile(_UNRELATED, (n, 1))
    if not scores.kept:
        return PaperInputs(probs, None, None)
    scored = agg.passage_probabilities(scores.window_logits, temperature)
    probs[scores.kept] = scored
    best = scores.kept[int(np.argmax(scored[:, 0] + scored[:, 1]))]
    joint = agg.passage_probabilities(scores.joint_logits[None, :], temperature)[0]
    paper_text = " ".join(scores.windows.texts[i] for i in scores.kept)
    checks = consistency.check(claim, scores.windows.texts[best], paper_text)
    features = agg.paper_features(scored, joint, checks.features(*consistency.counts(claim)))
    return PaperInputs(probs, features, best)
