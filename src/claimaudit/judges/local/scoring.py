"""What the verifier reads of a paper, and the aggregator's features from it.

Two passes over the candidate passages, read without their citation markers (``citations``)
and cut into sentence windows:

1. the cross-encoder scores (claim, window) for the windows BM25 pre-selects;
2. it reads the claim once more against its best windows joined in document order (the
   *joint* pass), because evidence often spans sentences ("In 2017 we released version 1.0.
   It added ...");
3. it reads the claim's negation (``negation``) against the same best windows and joined
   context (the *probe*): how much better the claim fits than its negation is the signal a
   small cross-encoder keeps even when it calls both "supports".

``score`` runs the model; ``paper_inputs`` turns its logits into the aggregator's features. They
are split so that calibration (``training/calibrate.py``) scores each validation paper once and
refits temperatures and weights on the same code path the judge runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import consistency, negation
from claimaudit.judges.local.preselect import preselect
from claimaudit.judges.local.reading import as_read
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
    # The negated claim against the probed windows (rows of ``window_logits``) and the joint
    # context; None when the claim could not be negated or there was nothing to read.
    probe_rows: tuple[int, ...] = ()
    probe_logits: agg.Array | None = None  # (len(probe_rows) + 1, 4): windows, then joint
    # Characters of the claim the model read beside the passage that left it least room (its
    # input holds ``max_length`` tokens); None when it read the whole claim beside each.
    claim_read: int | None = None


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
    windows = passage_windows([as_read(t) for t in passages], mode=config.window_mode)
    kept = preselect(query, windows.texts, config.preselect_limit)
    texts = [windows.texts[i] for i in kept]
    logits, tokens = model.logits(claim, texts)
    joint = np.zeros(4)
    if not texts:
        return Scores(windows, kept, logits, joint, tokens)
    context = joint_context(texts, logits, config.joint_windows, config.joint_chars)
    joint_logits, joint_tokens = model.logits(claim, [context])
    joint, tokens = joint_logits[0], tokens + joint_tokens
    read = model.claim_read(claim, [*texts, context])
    negated = negation.negate(claim)
    if negated is None:
        return Scores(windows, kept, logits, joint, tokens, claim_read=read)
    rows = probe_rows(logits, PROBE_WINDOWS)
    probe, probe_tokens = model.logits(negated, [*(texts[i] for i in rows), context])
    return Scores(windows, kept, logits, joint, tokens + probe_tokens, rows, probe, read)


# Windows the negated claim is read against: the strongest few for support or contradiction.
# More add time and little signal (the aggregator reads the maximum).
PROBE_WINDOWS = 3


def probe_rows(logits: agg.Array, k: int) -> tuple[int, ...]:
    """Rows of the ``k`` windows with the most support plus contradiction."""
    probs = agg.softmax(np.asarray(logits, dtype=np.float64), axis=1)
    strength = probs[:, 0] + probs[:, 1]
    return tuple(int(i) for i in np.argsort(-strength, kind="stable")[:k])


def probe_features(scores: Scores, temperature: float) -> agg.Array:
    """How much better the claim fits than its negation, in log-odds of support and of
    contradiction, over the probed windows (best of each) and the joint context; zeros, with
    the availability flag off, when there is no probe. Log-odds, not log-probabilities: the
    failure this catches is both at 0.9 and above, where log-probabilities barely differ."""
    if scores.probe_logits is None or not scores.probe_rows:
        return np.zeros(len(agg.PROBE_FEATURES))
    rows = list(scores.probe_rows)
    claim = _log_odds(agg.passage_probabilities(scores.window_logits[rows], temperature))
    negated_all = _log_odds(agg.passage_probabilities(scores.probe_logits, temperature))
    negated, joint_negated = negated_all[:-1], negated_all[-1]
    joint_claim = _log_odds(agg.passage_probabilities(scores.joint_logits[None, :], temperature))[0]
    return np.array(
        [
            claim[:, 0].max() - negated[:, 0].max(),
            claim[:, 1].max() - negated[:, 1].max(),
            joint_claim[0] - joint_negated[0],
            joint_claim[1] - joint_negated[1],
            1.0,
        ],
        dtype=np.float64,
    )


def _log_odds(probs: agg.Array) -> agg.Array:
    q = np.clip(probs, 1e-4, 1.0 - 1e-4)
    result: agg.Array = np.log(q / (1.0 - q))
    return result


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
    claim_read = as_read(claim)  # as the windows are read: no citation markers
    checks = consistency.check(claim_read, scores.windows.texts[best], paper_text)
    features = agg.paper_features(
        scored,
        joint,
        checks.features(*consistency.counts(claim_read)),
        probe_features(scores, temperature),
    )
    return PaperInputs(probs, features, best)
