"""What the cross-encoder alone says when it is handed the gold evidence (run 22's question).

For every supported or contradicted pair of the calibration and dev sets that names rationale
sentences, the claim is scored against those sentences joined, one pair, no retrieval and no
aggregator. The confusion of gold relation against the passage class the model picks says how
much of a set's error is the pair model's own: a claim it cannot read against its own evidence,
no window choice or aggregator can rescue.

    .venv/bin/python -m training.gold_evidence MODEL_DIR [MODEL_DIR ...]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np

from claimaudit.judges.local.aggregate import PASSAGE_LABELS
from claimaudit.judges.local.runtime import VerifierModel
from training.papers import DEV_SETS, PaperItem, calibration_items

GOLD = ("supports", "contradicts")


def held_out_items() -> dict[str, list[PaperItem]]:
    """The calibration parts and dev sets, by name, as ``training.measure`` names them."""
    sets: dict[str, list[PaperItem]] = {}
    for item in calibration_items():
        sets.setdefault(item.dataset, []).append(item)
    for name, load in DEV_SETS.items():
        sets[name] = list(load())
    return sets


def gold_pairs(items: Iterable[PaperItem]) -> Iterator[tuple[PaperItem, str]]:
    """Each supported or contradicted item with rationale sentences, and those sentences joined:
    the passage its claim is scored against."""
    for item in items:
        if item.label in GOLD and item.rationale:
            yield item, " ".join(item.sentences[i] for i in sorted(item.rationale))


def confusion(model: VerifierModel, items: Iterable[PaperItem]) -> Counter[tuple[str, str]]:
    """(gold relation, passage class picked) counts over the items with rationale sentences."""
    counts: Counter[tuple[str, str]] = Counter()
    for item, evidence in gold_pairs(items):
        logits = model.logits(item.claim, [evidence])[0][0]
        counts[(item.label, PASSAGE_LABELS[int(np.argmax(logits))])] += 1
    return counts


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit("usage: python -m training.gold_evidence MODEL_DIR [MODEL_DIR ...]")
    sets = held_out_items()
    print("| folder | set | gold | " + " | ".join(PASSAGE_LABELS) + " | right |")
    print("|---|---|---|" + "---|" * (len(PASSAGE_LABELS) + 1))
    for folder in sys.argv[1:]:
        model = VerifierModel(Path(folder))
        for name, items in sets.items():
            counts = confusion(model, items)
            for gold in GOLD:
                row = [counts[(gold, label)] for label in PASSAGE_LABELS]
                total = sum(row)
                share = f"{counts[(gold, gold)] / total:.2f}" if total else "-"
                cells = " | ".join(str(n) for n in row)
                print(f"| {Path(folder).name} | {name} | {gold} | {cells} | {share} |")


if __name__ == "__main__":
    main()
