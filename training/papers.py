"""Paper-level items (claim, cited abstract, label, rationale) and their fixed splits.

Three real data sets judge a claim against a whole cited text: SciFact, Citation-Integrity and
Check-COVID. Each is split once, deterministically, grouped so that claims sharing a cited
document land on the same side:

- ``train``: what the cross-encoder learns from;
- ``cal``: held out from training, used to fit the paper-level aggregator, the temperatures and
  the review threshold (SciFact validation = the 20% carved since 0.1.0, plus 20% of
  Citation-Integrity train and of Check-COVID train);
- ``dev``: Citation-Integrity dev and Check-COVID dev, never trained or fitted on; used only to
  compare finished models.

``FRESH_SETS`` holds sets first read by run 16 (``training/EXPERIMENTS.md``) to test a reading
of the dev sets on pairs no model had been chosen on: COVID-Fact dev, each claim against its
one evidence sentence as a one-passage paper.
"""

from __future__ import annotations

import csv
import hashlib
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from training import data

SUPPORTS, CONTRADICTS, NOT_ESTABLISHED = "supports", "contradicts", "not_established"
CAL_FRACTION = 0.2
CAL_SEED = 20261201

_LABELS = {
    "SUPPORT": SUPPORTS, "ACCURATE": SUPPORTS, "CONTRADICT": CONTRADICTS,
    "NOT_ACCURATE": CONTRADICTS, "REFUTE": CONTRADICTS,
}  # fmt: skip


@dataclass(frozen=True)
class PaperItem:
    dataset: str  # scifact | citation-integrity | check-covid
    claim_id: str
    claim: str
    doc_id: str
    sentences: tuple[str, ...]
    label: str  # supports | contradicts | not_established
    rationale: frozenset[int]  # sentence indices


def group_split(
    items: list[PaperItem], fraction: float, seed: int
) -> tuple[list[PaperItem], list[PaperItem]]:
    """(rest, held out): about ``fraction`` of claims, whole connected groups of claims and docs."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for item in items:
        parent[find("c:" + item.claim_id)] = find("d:" + item.doc_id)
    groups: dict[str, list[PaperItem]] = {}
    for item in items:
        groups.setdefault(find("c:" + item.claim_id), []).append(item)
    ordered = sorted(groups.values(), key=lambda g: (g[0].claim_id, g[0].doc_id))
    random.Random(seed).shuffle(ordered)
    claims = {i.claim_id for i in items}
    target = round(fraction * len(claims))
    held: list[PaperItem] = []
    held_claims: set[str] = set()
    for group in ordered:
        if len(held_claims) >= target:
            break
        held += group
        held_claims |= {i.claim_id for i in group}
    rest = [i for i in items if i.claim_id not in held_claims]
    return rest, held


def _scifact_style(rows: Iterable[dict], corpus: dict[int, dict], name: str) -> list[PaperItem]:  # type: ignore[type-arg]
    items: list[PaperItem] = []
    for row in rows:
        claim = data.clean_claim(row["claim"])
        for doc_id in row["cited_doc_ids"]:
            doc = corpus.get(int(doc_id))
            if doc is None:
                continue
            entries = row["evidence"].get(str(doc_id), [])
            label = _LABELS[entries[0]["label"]] if entries else NOT_ESTABLISHED
            rationale = frozenset(int(i) for e in entries for i in e["sentences"])
            items.append(
                PaperItem(
                    name, str(row["id"]), claim, str(doc_id), tuple(doc["abstract"]), label,
                    rationale,
                )
            )  # fmt: skip
    return items


@lru_cache(maxsize=1)
def scifact() -> tuple[list[PaperItem], list[PaperItem]]:
    """(train, validation): the 0.1.0 split, kept so figures stay comparable."""
    claims = data.scifact_claims()
    val_ids = data.carve_val_ids(claims)
    items = _scifact_style(claims, data.scifact_corpus(), "scifact")
    train = [i for i in items if int(i.claim_id) not in val_ids]
    val = [i for i in items if int(i.claim_id) in val_ids]
    val_docs = {i.doc_id for i in val}
    return [i for i in train if i.doc_id not in val_docs], val


def _citation_integrity(split: str) -> list[PaperItem]:
    folder = data.DATA / "citation-integrity"
    corpus = {int(d["doc_id"]): d for d in data.read_jsonl(folder / "corpus.jsonl")}
    rows = data.read_jsonl(folder / f"claims_{split}.jsonl")
    return _scifact_style(rows, corpus, "citation-integrity")


def _check_covid(split: str) -> list[PaperItem]:
    folder = data.DATA / "check-covid"
    corpus = {d["cord_id"]: d["abstract"] for d in data.read_jsonl(folder / "corpus.json")}
    items: list[PaperItem] = []
    for row in data.read_jsonl(folder / split / f"covidCheck_{split}_composed+extracted.json"):
        sentences = corpus.get(row["cord_id"])
        if not sentences:
            continue
        label = _LABELS.get(row["label"], NOT_ESTABLISHED)
        rationale = (
            frozenset(int(e["sent_index"]) for e in row.get("evidence_set") or [])
            if label != NOT_ESTABLISHED
            else frozenset()
        )
        items.append(
            PaperItem(
                "check-covid", str(row["id"]), row["claim"].strip(), row["cord_id"],
                tuple(sentences), label, rationale,
            )
        )  # fmt: skip
    return items


@lru_cache(maxsize=1)
def citation_integrity() -> tuple[list[PaperItem], list[PaperItem], list[PaperItem]]:
    """(train, cal, dev)."""
    train, cal = group_split(_citation_integrity("train"), CAL_FRACTION, CAL_SEED)
    return train, cal, _citation_integrity("dev")


@lru_cache(maxsize=1)
def check_covid() -> tuple[list[PaperItem], list[PaperItem], list[PaperItem]]:
    """(train, cal, dev)."""
    train, cal = group_split(_check_covid("train"), CAL_FRACTION, CAL_SEED)
    return train, cal, _check_covid("dev")


def training_items() -> list[PaperItem]:
    return scifact()[0] + citation_integrity()[0] + check_covid()[0]


def calibration_items() -> list[PaperItem]:
    return scifact()[1] + citation_integrity()[1] + check_covid()[1]


DEV_SETS: dict[str, Callable[[], list[PaperItem]]] = {
    "citation-integrity-dev": lambda: citation_integrity()[2],
    "check-covid-dev": lambda: check_covid()[2],
}


def covid_fact_dev() -> list[PaperItem]:
    """COVID-Fact dev: a claim and one evidence sentence; the counter-claims contradict it."""
    items: list[PaperItem] = []
    with (data.DATA / "covid-fact" / "dev.tsv").open(encoding="utf-8") as handle:
        reader = csv.DictReader(handle, delimiter="\t")
        # The dev file names its label column "entailment" (train names it "label"): take the
        # last column, whatever its header says.
        column = (reader.fieldnames or ["label"])[-1]
        for row in reader:
            label = SUPPORTS if row[column] == "entailment" else CONTRADICTS
            evidence = row["sentence1"].strip()
            items.append(
                PaperItem(
                    "covid-fact-dev", row["index"], row["Sentence2"].strip(),
                    hashlib.sha256(evidence.encode()).hexdigest()[:12],
                    (evidence,), label, frozenset({0}),
                )
            )  # fmt: skip
    return items


FRESH_SETS: dict[str, Callable[[], list[PaperItem]]] = {"covid-fact-dev": covid_fact_dev}
