"""Pairs for fine-tuning an already trained verifier (run 2): a replay sample of real pairs plus
contrast edits at a small share, with support-keeping edits outnumbering the negation and
direction flips, so the model learns the edit and not "an edited-looking sentence contradicts".

Samples from a run's ``pairs.jsonl`` (run 1's holds every kind) and writes a new run's, which
``train_verifier --run-dir`` then reads instead of building its own:

    .venv/bin/python -m training.finetune_pairs training/work/run1/pairs.jsonl \\
        training/work/run2/pairs.jsonl [--seed 13] [--self-pairs 2000]

``--self-pairs N`` adds N self-entailment pairs (runs 4 and 5): one sentence of a real passage of
two or more sentences as the claim, against that passage, ``supports``. A claim the passage
states word for word must never lose to an edited-looking one.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

from claimaudit.text.plain import sentences
from training.data import SUP

REAL = 16_000
# Per kind. Flips: 0.2 of run 1's caps. Support-keeping kinds: more than the negation and
# direction flips together (5,050 against 4,050).
KINDS = {
    "claim-negation": 1600, "passage-negation": 1200, "claim-direction": 900,
    "passage-direction": 350, "claim-number": 225, "passage-number": 225,
    "claim-entity": 1000, "overreach": 1200,
    "both-negated": 2800, "both-direction": 1250, "negated-back": 1000,
}  # fmt: skip


def kind(source: str) -> str:
    if source == "self":
        return "self"
    return source.split("+contrast-")[-1] if "+contrast" in source else "real"


def sample(rows: list[dict[str, object]], seed: int = 13) -> list[dict[str, object]]:
    rng = random.Random(seed)
    by_kind: dict[str, list[dict[str, object]]] = {}
    for row in rows:
        by_kind.setdefault(kind(str(row["source"])), []).append(row)
    chosen = rng.sample(by_kind["real"], min(REAL, len(by_kind["real"])))
    for name, count in sorted(KINDS.items()):
        pool = by_kind.get(name, [])
        chosen += rng.sample(pool, min(count, len(pool)))
    rng.shuffle(chosen)
    return chosen


def self_pairs(
    rows: list[dict[str, object]], count: int, seed: int = 13
) -> list[dict[str, object]]:
    """``count`` (sentence, its own passage, supports) pairs from real passages of 2+ sentences."""
    rng = random.Random(seed + 1)
    passages = sorted(
        {str(r["passage"]) for r in rows if kind(str(r["source"])) == "real"}, key=len
    )
    rng.shuffle(passages)
    out: list[dict[str, object]] = []
    for passage in passages:
        candidates = [s for s in sentences(passage, 600) if len(s) >= 40]
        if len(candidates) < 2:
            continue
        claim = rng.choice(candidates)
        out.append({"claim": claim, "passage": passage, "label": SUP, "source": "self"})
        if len(out) == count:
            break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--self-pairs", type=int, default=0)
    args = parser.parse_args()
    source, target = args.source, args.target
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines()]
    chosen = sample(rows, args.seed)
    if args.self_pairs:
        chosen += self_pairs(rows, args.self_pairs, args.seed)
        random.Random(args.seed).shuffle(chosen)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("".join(json.dumps(r) + "\n" for r in chosen), encoding="utf-8")
    print(
        len(chosen), "pairs:", dict(sorted(Counter(kind(str(r["source"])) for r in chosen).items()))
    )


if __name__ == "__main__":
    main()
