"""Load the shared datasets as passage-level (claim, passage, label) pairs.

Labels are the verifier's four passage classes (see ``claimaudit.judges.local.aggregate``):
0 supports, 1 contradicts, 2 related-but-not-establishing, 3 unrelated.

Held out, never trained on: SciFact validation claims (carved here, ids written to
``training/splits/scifact_val_ids.txt``), Citation-Integrity dev and Check-COVID dev (project
evaluation sets), and every SciFact document cited by a validation claim (so that no validation
sentence leaks in as a "related" or "unrelated" negative either).
"""

from __future__ import annotations

import csv
import gzip
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from claimaudit.evaluation.citation_marks import remove_citation_marks

SUP, CON, REL, UNREL = 0, 1, 2, 3
ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SPLITS = ROOT / "training" / "splits"
VAL_IDS_FILE = SPLITS / "scifact_val_ids.txt"
VAL_FRACTION = 0.2
SPLIT_SEED = 20261130


@dataclass(frozen=True)
class Pair:
    claim: str
    passage: str
    label: int
    source: str


def base_source(source: str) -> str:
    """The data set a pair's source names, without its kind ("scifact-context-whole" ->
    "scifact"); contrast edits keep their "+..." tag."""
    return source.split("-context")[0].split("-unrelated")[0]


def clean_claim(text: str) -> str:
    """Citation-Integrity's citation slots dropped as ``claimaudit eval`` drops them (runtime
    claims arrive without them), so the figures here are the ones ``eval`` reproduces. Until
    run 45 this had its own pattern, which also dropped a bracket holding "CI" ("[OR 3.11, 95%
    CI 2.1-4.6]") and left "(Fig.." and ",;" behind: 63 of the 316 dev claims read otherwise."""
    return " ".join(remove_citation_marks(text).split())


def read_jsonl(path: Path) -> Iterator[dict]:  # type: ignore[type-arg]
    """Rows of a JSON Lines file, gzipped where its name ends in ``.gz``."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def read_pairs(path: Path) -> list[Pair]:
    """Training pairs written one JSON object a line (gzipped or not)."""
    return [Pair(**row) for row in read_jsonl(path)]


# ---------------------------------------------------------------- SciFact and its split


def scifact_claims() -> list[dict]:  # type: ignore[type-arg]
    return list(read_jsonl(DATA / "scifact" / "claims_train.jsonl"))


def scifact_corpus() -> dict[int, dict]:  # type: ignore[type-arg]
    return {int(d["doc_id"]): d for d in read_jsonl(DATA / "scifact" / "corpus.jsonl")}


def carve_val_ids(claims: list[dict]) -> set[int]:  # type: ignore[type-arg]
    """20% of claims, grouped so claims sharing a cited document land on the same side.

    SciFact pairs each claim with negated/reworded siblings citing the same abstract; a plain
    per-claim split would leak a sibling's rationale into training.
    """
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for claim in claims:
        docs = [int(d) for d in claim["cited_doc_ids"]]
        node = -1 - int(claim["id"])  # claims as negative nodes, docs as positive
        for doc in docs:
            parent[find(node)] = find(doc)
        find(node)
    groups: dict[int, list[int]] = {}
    for claim in claims:
        groups.setdefault(find(-1 - int(claim["id"])), []).append(int(claim["id"]))
    ordered = sorted(groups.values(), key=lambda ids: min(ids))
    random.Random(SPLIT_SEED).shuffle(ordered)
    target = round(VAL_FRACTION * len(claims))
    val: set[int] = set()
    for ids in ordered:
        if len(val) >= target:
            break
        val.update(ids)
    return val


def load_or_write_val_ids(claims: list[dict]) -> set[int]:  # type: ignore[type-arg]
    val = carve_val_ids(claims)
    SPLITS.mkdir(parents=True, exist_ok=True)
    VAL_IDS_FILE.write_text("".join(f"{i}\n" for i in sorted(val)), encoding="utf-8")
    return val


def doc_evidence(claim: dict, doc_id: int) -> tuple[int | None, set[int]]:  # type: ignore[type-arg]
    """(label, rationale sentence indices) of one cited doc; label None = not established."""
    entries = claim["evidence"].get(str(doc_id), [])
    if not entries:
        return None, set()
    label = SUP if entries[0]["label"] in ("SUPPORT", "ACCURATE") else CON
    return label, {int(i) for e in entries for i in e["sentences"]}


def sentence_pairs(
    claims: list[dict],  # type: ignore[type-arg]
    corpus: dict[int, dict],  # type: ignore[type-arg]
    source: str,
    rng: random.Random,
    related_per_doc: int,
) -> list[Pair]:
    """Rationale sentences get the doc label; other sentences of a cited doc are 'related'."""
    pairs: list[Pair] = []
    for claim in claims:
        text = clean_claim(claim["claim"])
        for doc_id in claim["cited_doc_ids"]:
            doc = corpus.get(int(doc_id))
            if doc is None:
                continue
            sentences: list[str] = doc["abstract"]
            label, rationale = doc_evidence(claim, int(doc_id))
            for index in sorted(rationale):
                if index < len(sentences) and label is not None:
                    pairs.append(Pair(text, sentences[index], label, source))
            others = [s for i, s in enumerate(sentences) if i not in rationale]
            for sentence in rng.sample(others, min(related_per_doc, len(others))):
                pairs.append(Pair(text, sentence, REL, source))
    return pairs


# ---------------------------------------------------------------- other datasets


def citation_integrity(rng: random.Random) -> list[Pair]:
    claims = list(read_jsonl(DATA / "citation-integrity" / "claims_train.jsonl"))
    corpus = {int(d["doc_id"]): d for d in read_jsonl(DATA / "citation-integrity" / "corpus.jsonl")}
    return sentence_pairs(claims, corpus, "citation-integrity", rng, related_per_doc=1)


def check_covid(rng: random.Random) -> list[Pair]:
    corpus = {d["cord_id"]: d["abstract"] for d in read_jsonl(DATA / "check-covid" / "corpus.json")}
    path = DATA / "check-covid" / "train" / "covidCheck_train_composed+extracted.json"
    labels = {"SUPPORT": SUP, "REFUTE": CON}
    pairs: list[Pair] = []
    for row in read_jsonl(path):
        sentences = corpus.get(row["cord_id"])
        if not sentences:
            continue
        label = labels.get(row["label"])
        gold = {int(e["sent_index"]) for e in row.get("evidence_set") or []}
        for index in sorted(gold):
            if index < len(sentences):
                pairs.append(
                    Pair(
                        row["claim"].strip(),
                        sentences[index],
                        REL if label is None else label,
                        "check-covid",
                    )
                )
        others = [s for i, s in enumerate(sentences) if i not in gold]
        if others:
            pairs.append(Pair(row["claim"].strip(), rng.choice(others), REL, "check-covid"))
    return pairs


def covid_fact(rng: random.Random, limit: int) -> list[Pair]:
    pairs: list[Pair] = []
    with (DATA / "covid-fact" / "train.tsv").open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            # COVID-Fact's not_entailment claims are counter-claims made by swapping the
            # key fact of a true claim, so they contradict their evidence.
            label = SUP if row["label"] == "entailment" else CON
            pairs.append(Pair(row["Sentence2"], row["sentence1"], label, "covid-fact"))
    rng.shuffle(pairs)
    return pairs[:limit]


def climate_fever(rng: random.Random, nei_limit: int) -> list[Pair]:
    labels = {"SUPPORTS": SUP, "REFUTES": CON, "NOT_ENOUGH_INFO": REL}
    pairs: list[Pair] = []
    nei: list[Pair] = []
    for row in read_jsonl(DATA / "climate-fever" / "climate-fever.jsonl"):
        for ev in row["evidences"]:
            pair = Pair(row["claim"], ev["evidence"], labels[ev["evidence_label"]], "climate-fever")
            (nei if pair.label == REL else pairs).append(pair)
    rng.shuffle(nei)
    return pairs + nei[:nei_limit]


def fever_symmetric() -> list[Pair]:
    pairs: list[Pair] = []
    for name in ("fever_symmetric_dev.jsonl", "fever_symmetric_test.jsonl"):
        for row in read_jsonl(DATA / "fever-symmetric" / "symmetric_v0.2" / name):
            label = SUP if row["gold_label"] == "SUPPORTS" else CON
            pairs.append(Pair(row["claim"], row["evidence"], label, "fever-symmetric"))
    return pairs


def rte() -> list[Pair]:
    pairs: list[Pair] = []
    with (DATA / "rte" / "train.tsv").open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            # not_entailment is "not established", not contradiction.
            label = SUP if row["label"] == "0" else REL
            pairs.append(Pair(row["sentence2"], row["sentence1"], label, "rte"))
    return pairs


def healthver() -> list[Pair]:
    labels = {"Supports": SUP, "Refutes": CON, "Neutral": REL}
    pairs: list[Pair] = []
    with (DATA / "healthver" / "healthver_dev.csv").open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["label"] in labels:
                pairs.append(
                    Pair(row["claim"].strip(), row["evidence"], labels[row["label"]], "healthver")
                )
    return pairs


def describe(pairs: list[Pair]) -> str:
    by_label = Counter(p.label for p in pairs)
    by_source = Counter(p.source.split("+")[0] for p in pairs)
    return f"{len(pairs)} pairs; labels {dict(sorted(by_label.items()))}; sources {dict(by_source)}"
