"""Validation papers for calibration and model comparison, scored once through the runtime.

A paper here is a claim against one cited text (each sentence a passage, ``P001`` = sentence 0),
with a four-way relation label. Real papers come from ``training.papers`` (calibration items:
SciFact validation, Citation-Integrity cal, Check-COVID cal; or the dev sets); three synthetic
kinds let the aggregator see every relation: the claim against another text of its data set
(``not_addressed``), an overreaching rewrite of a supported claim against its own text
(``insufficient_evidence``), and a supported claim minimally edited against its own text
(``contradicts``): negated, its direction reversed, or a number it shares with the evidence
changed (``training.contrast``, a spaCy parse, not the runtime's own negation rules). Without the
last kind, the aggregator never sees a claim that matches its evidence in every word but the one
that matters, and learns to ignore the consistency checks and the negation probe that catch it.
Real "not established" items count as ``insufficient_evidence``: the claim's own citation is on
its subject.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from claimaudit.judges.local import scoring
from claimaudit.judges.local.runtime import VerifierModel
from training import data
from training.papers import CONTRADICTS, NOT_ESTABLISHED, SUPPORTS, PaperItem
from training.synthetic import overreach

SUP, CON, NA, IE = 0, 1, 2, 3
_RELATION = {SUPPORTS: SUP, CONTRADICTS: CON, NOT_ESTABLISHED: IE}


@dataclass
class Paper:
    dataset: str
    claim_id: str
    claim: str
    sentences: tuple[str, ...]
    label: int  # SUP, CON, NA, IE
    rationale: frozenset[int]
    real: bool
    scores: scoring.Scores | None = field(default=None, repr=False)

    def window_labels(self) -> list[int]:
        """Passage class of each scored window (abstract sentences are single windows)."""
        assert self.scores is not None
        labels = []
        for w in self.scores.kept:
            owner = self.scores.windows.owners[w]
            if self.label == NA:
                labels.append(data.UNREL)
            elif self.real and self.label in (SUP, CON) and owner in self.rationale:
                labels.append(self.label)
            else:
                labels.append(data.REL)
        return labels


def build(items: list[PaperItem], seed: int, synthetic: bool) -> list[Paper]:
    rng = random.Random(seed)
    papers: list[Paper] = []
    by_dataset: dict[str, list[tuple[str, ...]]] = {}
    for item in items:
        by_dataset.setdefault(item.dataset, []).append(item.sentences)
    seen_claims: set[tuple[str, str]] = set()
    for item in items:
        label = _RELATION[item.label]
        papers.append(
            Paper(item.dataset, item.claim_id, item.claim, item.sentences, label,
                  item.rationale, True)
        )  # fmt: skip
        if not synthetic:
            continue
        if label == SUP and rng.random() < 0.5:
            papers.append(
                Paper(item.dataset, item.claim_id, overreach(item.claim, rng), item.sentences,
                      IE, frozenset(), False)
            )  # fmt: skip
        if (item.dataset, item.claim_id) not in seen_claims:
            seen_claims.add((item.dataset, item.claim_id))
            others = [d for d in by_dataset[item.dataset] if d != item.sentences]
            papers.append(
                Paper(item.dataset, item.claim_id, item.claim, rng.choice(others), NA,
                      frozenset(), False)
            )  # fmt: skip
    if synthetic:
        papers += contradicted_edits(papers, random.Random(seed + 1))
    return papers


# Share of real supported papers that also get a contradicting edit: enough that every fold
# sees each kind, while real papers stay the majority of what the aggregator is fitted on.
_EDIT_SHARE = 0.5


def contradicted_edits(papers: list[Paper], rng: random.Random) -> list[Paper]:
    """One minimal contradicting edit for about half of the real supported papers."""
    from training import contrast  # spaCy: training only

    chosen = [p for p in papers if p.real and p.label == SUP and rng.random() < _EDIT_SHARE]
    edits: list[Paper] = []
    for paper, doc in zip(chosen, contrast.parse([p.claim for p in chosen]), strict=True):
        shared = {n for i in paper.rationale for n in contrast.numbers(paper.sentences[i])}
        options = [
            contrast.negate(doc),
            contrast.flip_direction(doc, rng),
            contrast.change_number(paper.claim, rng, only=shared) if shared else None,
        ]
        usable = [o for o in options if o and o != paper.claim]
        if usable:
            edited = rng.choice(usable)
            edits.append(
                Paper(paper.dataset, paper.claim_id, edited, paper.sentences, CON,
                      paper.rationale, False)
            )  # fmt: skip
    return edits


def score_all(papers: list[Paper], model: VerifierModel, every: int = 200) -> None:
    for i, paper in enumerate(papers):
        paper.scores = scoring.score(
            model, paper.claim, list(paper.sentences), paper.claim, model.config
        )
        if every and (i + 1) % every == 0:
            print(f"scored {i + 1}/{len(papers)} papers", flush=True)


def window_logits_and_labels(papers: list[Paper]) -> tuple[np.ndarray, np.ndarray]:
    logits = np.concatenate([p.scores.window_logits for p in papers if p.scores is not None])
    labels = np.concatenate([p.window_labels() for p in papers])
    return logits, labels
