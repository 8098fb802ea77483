"""Assemble the training pairs: real sentences, multi-sentence contexts and contrast edits.

Three kinds of (claim, passage, label) pairs, labels in the verifier's four passage classes:

1. **Sentences** (what the first pass scores): rationale sentences of the cited texts
   (supports / contradicts), other sentences of the same text as hard negatives (related), a
   sentence of another text (unrelated), plus the sentence-level data sets (COVID-Fact,
   CLIMATE-FEVER, FEVER-Symmetric, RTE, HealthVer).
2. **Contexts** (what the second pass reads): several sentences of one cited text joined in
   document order, the rationale among distractors, or the whole abstract, labelled with the
   paper-level relation; for texts with no evidence, the sentences closest to the claim
   (related) or another text (unrelated).
3. **Contrast edits** (``training.contrast``) of every supporting and contradicting pair: the
   claim negated, its direction reversed, a shared number changed, an entity swapped, its
   scope overreached; the passage negated, reversed or renumbered; and both negated together,
   which still supports. Candidates are generated for every pair, then sampled to a budget.

Only the ``train`` parts of ``training.papers`` are read; calibration and dev items never are.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence

from training import contrast, data
from training.data import CON, REL, SUP, UNREL, Pair, describe
from training.papers import CONTRADICTS, NOT_ESTABLISHED, SUPPORTS, PaperItem, training_items
from training.synthetic import overreach

_LABEL = {SUPPORTS: SUP, CONTRADICTS: CON, NOT_ESTABLISHED: REL}
# Hard negatives per cited text: SciFact is the target domain and its abstracts are short.
_RELATED_PER_DOC = {"scifact": 6, "citation-integrity": 2, "check-covid": 2}
# Contexts sampled per item (rationale among 0-3 distractors), plus the whole text once.
_CONTEXTS_PER_ITEM = 2
# Claims whose contradiction is a negation can be negated back into support safely.
_NEGATE_BACK = ("scifact", "check-covid")
# Per-epoch caps on contrast edits that flip support away (the rest are kept whole).
# Per kind, before --contrast-scale. Edits that keep support are capped too: uncapped (run 1)
# they made contradiction as common as support, and real supporting sentences came back
# `contradicts` (EXPERIMENTS.md).
CONTRAST_CAPS = {
    "claim-negation": 8000, "passage-negation": 6000, "claim-direction": 4500,
    "claim-number": 2500, "passage-number": 2500, "passage-direction": 1750,
    "claim-entity": 5000, "overreach": 6000,
    "both-negated": 6000, "both-direction": 1750, "negated-back": 2000,
}  # fmt: skip
_WORD = re.compile(r"[a-z0-9]+")
_STOP = set(
    "the a an of in on and or to for with by is are was were be been that this these those as at "
    "from it its their our we not no can may than which".split()
)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


def closest(claim: str, sentences: Sequence[str], k: int) -> list[int]:
    """Indices of the ``k`` sentences sharing most content words with the claim, in order."""
    words = _words(claim)
    scored = sorted(range(len(sentences)), key=lambda i: -len(words & _words(sentences[i])))
    return sorted(scored[:k])


def sentence_pairs(items: list[PaperItem], pool: list[str], rng: random.Random) -> list[Pair]:
    pairs: list[Pair] = []
    for item in items:
        label = _LABEL[item.label]
        src = item.dataset
        for i in sorted(item.rationale):
            if i < len(item.sentences) and label != REL:
                pairs.append(Pair(item.claim, item.sentences[i], label, src))
        others = [s for i, s in enumerate(item.sentences) if i not in item.rationale]
        k = min(_RELATED_PER_DOC[item.dataset], len(others))
        pairs += [Pair(item.claim, s, REL, src) for s in rng.sample(others, k)]
        pairs.append(Pair(item.claim, rng.choice(pool), UNREL, src + "-unrelated"))
    return pairs


def context_pairs(
    items: list[PaperItem], docs: list[tuple[str, ...]], rng: random.Random
) -> list[Pair]:
    pairs: list[Pair] = []
    for item in items:
        src = item.dataset + "-context"
        n = len(item.sentences)
        label = _LABEL[item.label]
        if label != REL and item.rationale:
            rationale = [i for i in item.rationale if i < n]
            others = [i for i in range(n) if i not in item.rationale]
            for _ in range(_CONTEXTS_PER_ITEM):
                picked = rationale + rng.sample(others, min(len(others), rng.randint(0, 3)))
                text = " ".join(item.sentences[i] for i in sorted(picked))
                pairs.append(Pair(item.claim, text, label, src))
        elif label == REL:
            picked = closest(item.claim, item.sentences, rng.randint(2, 4))
            pairs.append(Pair(item.claim, " ".join(item.sentences[i] for i in picked), REL, src))
        pairs.append(Pair(item.claim, " ".join(item.sentences), label, src + "-whole"))
        other = rng.choice(docs)
        picked = closest(item.claim, other, 3)
        pairs.append(Pair(item.claim, " ".join(other[i] for i in picked), UNREL, src))
    return pairs


def _shared_numbers(a: str, b: str) -> set[str]:
    return set(contrast.numbers(a)) & set(contrast.numbers(b))


def contrast_pairs(pairs: list[Pair], rng: random.Random) -> list[Pair]:
    """Every edit that applies to every supporting or contradicting pair (before sampling)."""
    targets = [p for p in pairs if p.label in (SUP, CON)]
    texts = sorted({p.claim for p in targets} | {p.passage for p in targets if p.label == SUP})
    parsed = dict(zip(texts, contrast.parse(texts), strict=True))
    donors = contrast.donor_pool(parsed[p.claim] for p in targets)
    out: list[Pair] = []
    for pair in targets:
        claim_doc = parsed[pair.claim]
        tag = data.base_source(pair.source) + "+contrast"
        if pair.label == CON:
            safe = pair.source.startswith(_NEGATE_BACK)
            back = contrast.negate(claim_doc) if safe else None
            if back:
                out.append(Pair(back, pair.passage, SUP, tag + "-negated-back"))
            continue
        passage_doc = parsed[pair.passage]
        made: list[Pair] = []
        negated = contrast.negate(claim_doc)
        if negated:
            made.append(Pair(negated, pair.passage, CON, tag + "-claim-negation"))
        flipped = contrast.flip_direction(claim_doc, rng)
        if flipped:
            made.append(Pair(flipped, pair.passage, CON, tag + "-claim-direction"))
        shared = _shared_numbers(pair.claim, pair.passage)
        if shared:
            renumbered = contrast.change_number(pair.claim, rng, only=shared)
            if renumbered:
                made.append(Pair(renumbered, pair.passage, CON, tag + "-claim-number"))
            passage_renumbered = contrast.change_number(pair.passage, rng, only=shared)
            if passage_renumbered:
                made.append(Pair(pair.claim, passage_renumbered, CON, tag + "-passage-number"))
        swapped = contrast.swap_entity(claim_doc, donors, rng)
        if swapped:
            made.append(Pair(swapped[0], pair.passage, REL, tag + "-claim-entity"))
        made.append(Pair(overreach(pair.claim, rng), pair.passage, REL, tag + "-overreach"))
        passage_negated = contrast.negate(passage_doc)
        if passage_negated:
            made.append(Pair(pair.claim, passage_negated, CON, tag + "-passage-negation"))
            if negated:
                made.append(Pair(negated, passage_negated, SUP, tag + "-both-negated"))
        common = sorted(contrast.direction_words(claim_doc) & contrast.direction_words(passage_doc))
        if common:
            word = rng.choice(common)
            claim_flipped = contrast.flip_word(claim_doc, word)
            passage_flipped = contrast.flip_word(passage_doc, word)
            if passage_flipped:
                made.append(Pair(pair.claim, passage_flipped, CON, tag + "-passage-direction"))
                if claim_flipped:
                    made.append(Pair(claim_flipped, passage_flipped, SUP, tag + "-both-direction"))
        out += made
    return out


def build(seed: int = 13, scale: float = 1.0) -> list[Pair]:
    """The training pairs, shuffled (deterministic for a seed)."""
    rng = random.Random(seed)
    items = training_items()
    docs = sorted({i.sentences for i in items})
    pool = [s for d in docs for s in d]
    sentences = sentence_pairs(items, pool, rng)
    contexts = context_pairs(items, docs, rng)
    others = (
        data.covid_fact(rng, limit=3000)
        + data.climate_fever(rng, nei_limit=1500)
        + data.fever_symmetric()
        + data.rte()
        + data.healthver()
    )
    # Evidence of the target domain is scarce: SciFact's real supporting and contradicting
    # sentences and contexts are seen three times per epoch.
    scifact_evidence = [
        p for p in sentences + contexts if p.source.startswith("scifact") and p.label != REL
    ]
    real = sentences + contexts + others + scifact_evidence * 2
    candidates = contrast_pairs(sentences + contexts + others, rng)
    print(f"contrast candidates: {len(candidates)}", flush=True)
    train = real + sample_contrast(candidates, rng, scale)
    rng.shuffle(train)
    return train


def sample_contrast(candidates: list[Pair], rng: random.Random, scale: float) -> list[Pair]:
    """At most ``CONTRAST_CAPS[kind] * scale`` of each kind."""
    by_kind: dict[str, list[Pair]] = {}
    for pair in candidates:
        by_kind.setdefault(pair.source.split("+contrast-")[-1], []).append(pair)
    chosen: list[Pair] = []
    for kind, pairs in sorted(by_kind.items()):
        rng.shuffle(pairs)
        cap = CONTRAST_CAPS.get(kind)
        chosen += pairs if cap is None else pairs[: int(cap * scale)]
    return chosen


if __name__ == "__main__":
    pairs = build()
    print("train:", describe(pairs))
    kinds = Counter(p.source.split("+")[1] for p in pairs if "+" in p.source)
    print("contrast:", dict(sorted(kinds.items())))
    shown: Counter[str] = Counter()
    for p in pairs:
        kind = p.source.split("+")[1] if "+" in p.source else ""
        if kind and shown[kind] < 2:
            shown[kind] += 1
            print(f"[{kind}] {p.label} | {p.claim[:140]} || {p.passage[:140]}")
