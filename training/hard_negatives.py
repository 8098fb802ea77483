"""Run 35: the target sets' real training pairs, without the hard negatives of texts that
establish the claim.

Run 22 trained one epoch on the real pairs of SciFact, Citation-Integrity and Check-COVID
(``build_dataset.build``; sources without ``+``, contrast edits left out). Here the same pairs
lose every ``related`` *sentence* pair of a source whose claim has a supporting or refuting
sentence pair in that source: in an abstract that backs a claim, its other sentences often back
it too, and training them as ``related`` teaches the model to read a loose paraphrase that way.

    .venv/bin/python -m training.hard_negatives OUT_DIR [OUT_DIR ...]   # writes OUT/pairs.jsonl
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections import Counter
from pathlib import Path

from training.data import CON, REL, SUP, Pair, base_source

TARGET_SETS = ("scifact", "citation-integrity", "check-covid")


def is_real_target_pair(pair: Pair) -> bool:
    """A pair of the three target sets that is not a contrast edit (run 22's selection)."""
    return "+" not in pair.source and base_source(pair.source) in TARGET_SETS


def without_established_hard_negatives(pairs: list[Pair]) -> list[Pair]:
    """``pairs`` less the ``related`` sentence pairs of claims that a sentence of their source
    supports or refutes (sentence pairs carry the bare set name as their source)."""
    established = {(p.source, p.claim) for p in pairs if p.label in (SUP, CON)}
    return [
        p
        for p in pairs
        if not (p.label == REL and p.source in TARGET_SETS and (p.source, p.claim) in established)
    ]


def main() -> None:
    from training.build_dataset import build

    real = [p for p in build(13, 1.0) if is_real_target_pair(p)]
    kept = without_established_hard_negatives(real)
    print(f"{len(real)} real target pairs, {len(real) - len(kept)} hard negatives dropped")
    print(Counter((p.source, p.label) for p in kept))
    for out in map(Path, sys.argv[1:]):
        out.mkdir(parents=True, exist_ok=True)
        with (out / "pairs.jsonl").open("w", encoding="utf-8") as handle:
            for pair in kept:
                handle.write(json.dumps(dataclasses.asdict(pair), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
