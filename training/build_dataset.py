"""Assemble the passage-level training set and the SciFact validation pairs."""

from __future__ import annotations

import random
from collections import Counter

from training import data
from training.data import REL, SUP, UNREL, Pair
from training.synthetic import hard_cases

SCIFACT_UPSAMPLE = 3  # the target domain; its evidence pairs are few


def scifact_split(
    rng: random.Random, related_per_doc: int = 3
) -> tuple[list[Pair], list[dict], set[int]]:  # type: ignore[type-arg]
    """Training pairs from SciFact train claims, the validation claims, and their doc ids."""
    claims = data.scifact_claims()
    corpus = data.scifact_corpus()
    val_ids = data.load_or_write_val_ids(claims)
    train_claims = [c for c in claims if int(c["id"]) not in val_ids]
    val_claims = [c for c in claims if int(c["id"]) in val_ids]
    val_docs = {int(d) for c in val_claims for d in c["cited_doc_ids"]}
    pool_docs = sorted(d for d in corpus if d not in val_docs)
    pairs = data.sentence_pairs(train_claims, corpus, "scifact", rng, related_per_doc)
    evidence = [p for p in pairs if p.label != REL]
    pairs += evidence * (SCIFACT_UPSAMPLE - 1)
    for claim in train_claims:
        for _ in range(2):
            doc = corpus[rng.choice(pool_docs)]
            pairs.append(
                Pair(claim["claim"], rng.choice(doc["abstract"]), UNREL, "scifact-unrelated")
            )
    support = [p for p in evidence if p.label == SUP]
    passages = [s for d in pool_docs[:3000] for s in corpus[d]["abstract"]]
    pairs += hard_cases(support, passages, rng, per_pair=3.0)
    return pairs, val_claims, val_docs


def val_pairs(val_claims: list[dict], rng: random.Random) -> list[Pair]:  # type: ignore[type-arg]
    """Every sentence of each cited validation doc, plus two off-topic sentences per claim."""
    corpus = data.scifact_corpus()
    pairs = data.sentence_pairs(val_claims, corpus, "scifact-val", rng, related_per_doc=100)
    docs = sorted(corpus)
    for claim in val_claims:
        for _ in range(2):
            doc = corpus[rng.choice(docs)]
            pairs.append(Pair(claim["claim"], rng.choice(doc["abstract"]), UNREL, "scifact-val"))
    return pairs


def build(seed: int = 13) -> tuple[list[Pair], list[Pair], list[dict]]:  # type: ignore[type-arg]
    rng = random.Random(seed)
    scifact, val_claims, _ = scifact_split(rng)
    others = (
        data.citation_integrity(rng)
        + data.check_covid(rng)
        + data.covid_fact(rng, limit=2000)
        + data.climate_fever(rng, nei_limit=1500)
        + data.fever_symmetric()
        + data.rte()
        + data.healthver()
    )
    support = [p for p in others if p.label == SUP]
    passages = [p.passage for p in others]
    others += hard_cases(support, passages, rng, per_pair=0.7)
    train = scifact + others
    rng.shuffle(train)
    return train, val_pairs(val_claims, random.Random(seed + 1)), val_claims


def describe(pairs: list[Pair]) -> str:
    by_label = Counter(p.label for p in pairs)
    by_source = Counter(p.source.split("+")[0] for p in pairs)
    return f"{len(pairs)} pairs; labels {dict(sorted(by_label.items()))}; sources {dict(by_source)}"


if __name__ == "__main__":
    train, val, claims = build()
    print("train:", describe(train))
    print("val:", describe(val), "claims", len(claims))
    synth = Counter(p.source.split("+")[1] for p in train if "+" in p.source)
    print("synthetic:", dict(synth))
    for p in [p for p in train if "overreach" in p.source][:3] + [
        p for p in train if "negation" in p.source
    ][:3]:
        print(p.label, "|", p.claim)
