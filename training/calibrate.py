"""Fit the runtime's calibration on SciFact validation papers and measure the shipped model.

Everything here goes through the *shipped* int8 ONNX model and the runtime's own numpy code
(``claimaudit.judges.local``), so the figures are those of what users run.

Validation papers (claim, cited abstract; each sentence one passage, P001 = sentence 0):
real pairs labelled supports / contradicts / insufficient_evidence (cited, no evidence entry), plus
two synthetic kinds so the aggregator sees all four relations: the claim against a random other
abstract (not_addressed) and an overreaching rewrite of a supported claim against its supporting
abstract (insufficient_evidence). Reported metrics are out-of-fold (5 folds grouped by claim),
then the aggregator is refitted on all validation papers for shipping.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local.runtime import VerifierModel
from training import data
from training.model_card import write_card
from training.synthetic import overreach

VERSION = "0.1.0"
MAX_LENGTH = 256
RELATIONS = agg.RELATION_OPTIONS
NA, IE = 2, 3


@dataclass
class Paper:
    claim_id: int
    claim: str
    sentences: list[str]
    label: int  # index into RELATIONS
    rationale: set[int]
    real: bool
    logits: np.ndarray = field(default_factory=lambda: np.zeros((0, 4)))


def val_papers(seed: int) -> list[Paper]:
    rng = random.Random(seed)
    claims = data.scifact_claims()
    corpus = data.scifact_corpus()
    val_ids = data.carve_val_ids(claims)
    docs = sorted(corpus)
    papers: list[Paper] = []
    for claim in (c for c in claims if int(c["id"]) in val_ids):
        cid, text = int(claim["id"]), claim["claim"]
        for doc_id in claim["cited_doc_ids"]:
            label, rationale = data.doc_evidence(claim, int(doc_id))
            relation = IE if label is None else label  # SUP=0, CON=1 match RELATIONS order
            sentences = corpus[int(doc_id)]["abstract"]
            papers.append(Paper(cid, text, sentences, relation, rationale, True))
            if label == data.SUP:
                papers.append(Paper(cid, overreach(text, rng), sentences, IE, set(), False))
        cited = {int(d) for d in claim["cited_doc_ids"]}
        other = rng.choice([d for d in docs if d not in cited])
        papers.append(Paper(cid, text, corpus[other]["abstract"], NA, set(), False))
    return papers


def passage_labels(paper: Paper) -> list[int]:
    if paper.label == NA:
        return [data.UNREL] * len(paper.sentences)
    if not paper.real:
        return [data.REL] * len(paper.sentences)
    return [paper.label if i in paper.rationale else data.REL for i in range(len(paper.sentences))]


def fit_temperature(logits: np.ndarray, labels: np.ndarray) -> float:
    grid = np.exp(np.linspace(np.log(0.3), np.log(5.0), 60))
    nll = [
        -np.mean(
            np.log(agg.passage_probabilities(logits, t)[np.arange(len(labels)), labels] + 1e-12)
        )
        for t in grid
    ]
    return float(grid[int(np.argmin(nll))])


def fit_aggregator(
    x: np.ndarray, y: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    mean, scale = x.mean(0), x.std(0) + 1e-6
    lr = LogisticRegression(C=1.0, max_iter=2000)
    lr.fit((x - mean) / scale, y)
    weights = np.zeros((4, x.shape[1]))
    bias = np.zeros(4)
    weights[lr.classes_] = lr.coef_
    bias[lr.classes_] = lr.intercept_
    bias[[c for c in range(4) if c not in lr.classes_]] = -30.0
    return mean, scale, weights, bias


def ece(confidence: np.ndarray, correct: np.ndarray, bins: int = 10) -> float:
    edges = np.linspace(0.0, 1.0, bins + 1)
    total = 0.0
    for lo, hi in itertools.pairwise(edges):
        mask = (confidence > lo) & (confidence <= hi) if lo > 0 else (confidence <= hi)
        if mask.any():
            total += mask.mean() * abs(confidence[mask].mean() - correct[mask].mean())
    return float(total)


def f1_scores(gold: np.ndarray, pred: np.ndarray, n: int) -> list[float]:
    out = []
    for c in range(n):
        tp = np.sum((pred == c) & (gold == c))
        denom = 2 * tp + np.sum((pred == c) & (gold != c)) + np.sum((pred != c) & (gold == c))
        out.append(float(2 * tp / denom) if denom else 0.0)
    return out


def calibrate(model_dir: Path, seed: int = 13, command: str = "") -> dict[str, object]:
    write_config(model_dir, params=None, metrics={})  # provisional: lets the runtime load
    model = VerifierModel(model_dir)
    papers = val_papers(seed)
    for paper in papers:
        paper.logits, _ = model.logits(paper.claim, paper.sentences)
    all_logits = np.concatenate([p.logits for p in papers])
    all_labels = np.concatenate([passage_labels(p) for p in papers])
    temperature = fit_temperature(all_logits, all_labels)
    probs = [agg.passage_probabilities(p.logits, temperature) for p in papers]
    x = np.stack([agg.paper_features(p) for p in probs])
    y = np.array([p.label for p in papers])

    # Out-of-fold relation probabilities, folds grouped by claim.
    claim_ids = sorted({p.claim_id for p in papers})
    random.Random(seed).shuffle(claim_ids)
    fold_of = {cid: i % 5 for i, cid in enumerate(claim_ids)}
    folds = np.array([fold_of[p.claim_id] for p in papers])
    oof = np.zeros((len(papers), 4))
    for k in range(5):
        mean, scale, w, b = fit_aggregator(x[folds != k], y[folds != k])
        oof[folds == k] = agg.softmax(((x[folds == k] - mean) / scale) @ w.T + b, axis=1)

    evidence_t = fit_evidence_temperature(papers, probs, oof)
    metrics = measure(papers, probs, oof, all_logits, all_labels, temperature, evidence_t)
    check = Path(__file__).resolve().parent / "work" / "export_check.json"
    if check.is_file():  # written by the export stage
        metrics.update(json.loads(check.read_text(encoding="utf-8")))
    mean, scale, w, b = fit_aggregator(x, y)
    params = agg.AggregatorParams(mean, scale, w, b, evidence_t, temperature)
    write_config(model_dir, params=params, metrics=metrics)
    (model_dir / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    write_card(model_dir, metrics, VERSION, command)
    print(json.dumps(metrics, indent=2), flush=True)
    return metrics


def fit_evidence_temperature(
    papers: list[Paper], probs: list[np.ndarray], rel: np.ndarray
) -> float:
    best, best_ll = 1.0, -np.inf
    for t in (0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0):
        ll = 0.0
        for paper, p, r in zip(papers, probs, rel, strict=True):
            if paper.real and paper.rationale and paper.label in (0, 1):
                dist = agg.evidence_probabilities(r, p, t)
                ll += float(np.log(sum(dist[i] for i in paper.rationale if i < len(p)) + 1e-9))
        if ll > best_ll:
            best, best_ll = t, ll
    return best


def measure(
    papers: list[Paper],
    probs: list[np.ndarray],
    rel: np.ndarray,
    logits: np.ndarray,
    labels: np.ndarray,
    temperature: float,
    evidence_t: float,
) -> dict[str, object]:
    real = np.array([p.real for p in papers])
    gold4 = np.array([p.label for p in papers])
    pred4 = rel.argmax(1)
    collapse = np.array([0, 1, 2, 2])
    gold3, pred3 = collapse[gold4[real]], collapse[pred4[real]]
    prob3 = np.stack([rel[:, 0], rel[:, 1], rel[:, 2] + rel[:, 3]], axis=1)[real]
    f1_3 = f1_scores(gold3, pred3, 3)
    hits, eligible = 0, 0
    for paper, p, r, ok in zip(papers, probs, rel, pred4 == gold4, strict=True):
        if paper.real and paper.label in (0, 1) and ok:
            eligible += 1
            choice = int(np.argmax(agg.evidence_probabilities(r, p, evidence_t)))
            hits += int(choice in paper.rationale)
    passage_pred = agg.passage_probabilities(logits, temperature)
    f1_p = f1_scores(labels, passage_pred.argmax(1), 4)
    return {
        "date": dt.date.today().isoformat(),
        "validation": "SciFact claims_train, 20% of claims grouped by cited doc (training/splits)",
        "paper_pairs_real": int(real.sum()),
        "paper_pairs_with_synthetic": len(papers),
        "paper_macro_f1_3class": round(float(np.mean(f1_3)), 4),
        "paper_f1_supports": round(f1_3[0], 4),
        "paper_f1_contradicts": round(f1_3[1], 4),
        "paper_f1_not_established": round(f1_3[2], 4),
        "paper_accuracy_3class": round(float(np.mean(gold3 == pred3)), 4),
        "evidence_hit_rate": round(hits / max(1, eligible), 4),
        "evidence_eligible_pairs": eligible,
        "ece_3class_real": round(
            ece(prob3[np.arange(len(pred3)), pred3], (pred3 == gold3).astype(float)), 4
        ),
        "ece_4class_all": round(ece(rel.max(1), (pred4 == gold4).astype(float)), 4),
        "paper_macro_f1_4class_all": round(float(np.mean(f1_scores(gold4, pred4, 4))), 4),
        "passage_pairs": len(labels),
        "passage_macro_f1_4class": round(float(np.mean(f1_p)), 4),
        "passage_f1_per_class": [round(v, 4) for v in f1_p],
        "passage_accuracy": round(float(np.mean(passage_pred.argmax(1) == labels)), 4),
        "passage_temperature": round(temperature, 4),
        "evidence_temperature": evidence_t,
    }


def write_config(
    model_dir: Path, params: agg.AggregatorParams | None, metrics: dict[str, object]
) -> None:
    model_file = "model.int8.onnx"
    digest = hashlib.sha256((model_dir / model_file).read_bytes()).hexdigest()
    if params is None:
        n = len(agg.FEATURE_NAMES)
        params = agg.AggregatorParams(
            np.zeros(n), np.ones(n), np.zeros((4, n)), np.zeros(4), 1.0, 1.0
        )
    config = {
        "version": VERSION,
        "base_model": "sentence-transformers/all-MiniLM-L6-v2",
        "model_file": model_file,
        "model_sha256": digest,
        "tokenizer_file": "tokenizer.json",
        "max_length": MAX_LENGTH,
        "batch_size": 32,
        "passage_labels": list(agg.PASSAGE_LABELS),
        "aggregator": params.to_json(),
        "metrics": metrics,
    }
    (model_dir / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
