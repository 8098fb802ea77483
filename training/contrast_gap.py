"""How far a model's ``supports`` falls when a held-out supported claim is minimally edited.

Run 20 trained a ranking term on this gap; this reads it on claims no model trained on (the
calibration and dev sets), before any aggregator: for every supported claim with a rationale
sentence, the claim negated and its direction reversed (``training.contrast``, spaCy), each
scored against that rationale sentence. Reported per edit kind and model folder: the mean of
log P(supports | claim) - log P(supports | edit), and the share of pairs where the edit scores
lower at all.

    .venv/bin/python -m training.contrast_gap MODEL_DIR [MODEL_DIR ...]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

from claimaudit.judges.local.aggregate import PASSAGE_LABELS, softmax
from claimaudit.judges.local.runtime import VerifierModel
from training import contrast
from training.papers import DEV_SETS, calibration_items

SUP_COLUMN = PASSAGE_LABELS.index("supports")


def edited_pairs(seed: int = 13) -> dict[str, list[tuple[str, str, str]]]:
    """(claim, edit, rationale sentence) per edit kind, from held-out supported claims."""
    items = calibration_items() + [i for load in DEV_SETS.values() for i in load()]
    held = [i for i in items if i.label == "supports" and i.rationale]
    rng = random.Random(seed)
    docs = contrast.parse(sorted({i.claim for i in held}))
    parsed = dict(zip(sorted({i.claim for i in held}), docs, strict=True))
    out: dict[str, list[tuple[str, str, str]]] = {"negation": [], "direction": []}
    for item in held:
        sentence = item.sentences[min(item.rationale)]
        negated = contrast.negate(parsed[item.claim])
        if negated:
            out["negation"].append((item.claim, negated, sentence))
        flipped = contrast.flip_direction(parsed[item.claim], rng)
        if flipped:
            out["direction"].append((item.claim, flipped, sentence))
    return out


def gaps(model: VerifierModel, pairs: list[tuple[str, str, str]]) -> np.ndarray:
    def log_sup(claim: str, passage: str) -> float:
        return float(np.log(softmax(model.logits(claim, [passage])[0][0])[SUP_COLUMN]))

    return np.array([log_sup(c, s) - log_sup(e, s) for c, e, s in pairs])


def main() -> None:
    pairs = edited_pairs()
    print("| folder | edit | pairs | mean gap | edit scores lower |")
    print("|---|---|---|---|---|")
    for folder in sys.argv[1:]:
        model = VerifierModel(Path(folder))
        for kind, rows in pairs.items():
            g = gaps(model, rows)
            print(f"| {folder} | {kind} | {len(g)} | {g.mean():.3f} | {(g > 0).mean():.3f} |")


if __name__ == "__main__":
    main()
