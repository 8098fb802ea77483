"""Fit the runtime's calibration on held-out papers and measure the shipped model.

Everything goes through the *shipped* int8 ONNX model and the runtime's own code
(``claimaudit.judges.local.scoring`` and ``aggregate``), so the figures are those users get.

1. Score every calibration paper (SciFact validation, Citation-Integrity cal, Check-COVID cal,
   plus synthetic not-addressed, overreach and contradicting-edit papers) and every dev paper once.
2. Fit the window temperature, then the paper-level logistic aggregator. Reported calibration
   figures are out-of-fold (5 folds grouped by claim); the shipped aggregator is refitted on all.
3. Fit the evidence temperature and the review threshold (the lowest confidence at which cleared
   ``supports`` were right at least 95% of the time, out-of-fold).
4. Measure the dev sets (never fitted on) and negation consistency, write config.json,
   metrics.json and MODEL_CARD.md.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json
import pickle
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import consistency, scoring
from claimaudit.judges.local.judge import READER_REVISION
from claimaudit.judges.local.reading import as_read
from claimaudit.judges.local.runtime import VerifierModel
from claimaudit.judges.local.windows import fold_to_passages
from claimaudit.judges.protocol import confidence_from_probabilities
from training import export_check
from training import papers as paper_sets
from training.calibration_data import CON, SUP, Paper, build, score_all, window_logits_and_labels
from training.macro_f1 import COLLAPSE as _COLLAPSE
from training.macro_f1 import f1_scores
from training.model_card import write_card
from training.relation_temperature import fit_relation_temperature, scaled_aggregator, tempered
from training.selective import Judged, choose_threshold, risk_coverage

VERSION = "0.4.5"
MAX_LENGTH = 256
# Windows scored per paper at most (BM25 pre-selection) and how passages are cut into them. 24
# is above the calibration texts' lengths (95% of SciFact abstracts have at most 15 sentences),
# so a full paper's maxima are taken over about as many windows as the aggregator was fitted
# on; packed windows kept the gold evidence more often than one-sentence windows on the
# full-paper set (training/EXPERIMENTS.md, run 4a).
PRESELECT_LIMIT = 24
WINDOW_MODE = "packed"


@dataclass(frozen=True)
class WindowSettings:
    """How the runtime cuts and scores a paper's windows, written into config.json."""

    preselect_limit: int = PRESELECT_LIMIT
    window_mode: str = WINDOW_MODE
    bucket_ratio: float | None = None  # scored in length buckets (``runtime.batches``)


TARGET_PRECISION = 0.95


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
    x: np.ndarray, y: np.ndarray, c: float = 0.5
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    # scikit-learn is a training dependency only; the rest of this module needs none.
    from sklearn.linear_model import LogisticRegression

    mean, scale = x.mean(0), x.std(0) + 1e-6
    lr = LogisticRegression(C=c, max_iter=4000)
    lr.fit((x - mean) / scale, y)
    weights = np.zeros((4, x.shape[1]))
    bias = np.zeros(4)
    weights[lr.classes_] = lr.coef_
    bias[lr.classes_] = lr.intercept_
    bias[[k for k in range(4) if k not in lr.classes_]] = -30.0
    return mean, scale, weights, bias


def predict(params: tuple[np.ndarray, ...], x: np.ndarray) -> np.ndarray:
    mean, scale, w, b = params
    return agg.softmax(((x - mean) / scale) @ w.T + b, axis=1)


def ece(confidence: np.ndarray, correct: np.ndarray, bins: int = 10) -> float:
    edges = np.linspace(0.0, 1.0, bins + 1)
    total = 0.0
    for lo, hi in itertools.pairwise(edges):
        mask = (confidence > lo) & (confidence <= hi) if lo > 0 else (confidence <= hi)
        if mask.any():
            total += mask.mean() * abs(confidence[mask].mean() - correct[mask].mean())
    return float(total)


def judge_paper(
    paper: Paper, relation: np.ndarray, window_probs: np.ndarray, evidence_t: float
) -> Judged:
    """What the judge answers for a scored paper, as ``LocalJudge.decide`` computes it."""
    assert paper.scores is not None
    by_window = agg.evidence_probabilities(relation, window_probs, evidence_t)
    n = len(paper.sentences)
    evidence = np.append(
        fold_to_passages(by_window[:-1], paper.scores.windows.owners, n), by_window[-1]
    )
    choice = int(np.argmax(evidence))
    verdict = int(np.argmax(relation))
    chosen = None if choice == n else choice
    notes: list[str] = []
    if chosen is not None and verdict in (SUP, CON):
        # Read as ``judge._review_notes`` reads them (run 41): claim and passages as_read.
        notes = consistency.check(
            as_read(paper.claim),
            as_read(paper.sentences[chosen]),
            " ".join(as_read(s) for s in paper.sentences),
        ).notes()
    labels = [str(i) for i in range(n + 1)]
    return Judged(
        gold=int(paper.label),
        verdict=verdict,
        confidence=confidence_from_probabilities(
            dict(zip(agg.RELATION_OPTIONS, relation, strict=True))
        ),
        evidence_confidence=confidence_from_probabilities(dict(zip(labels, evidence, strict=True))),
        evidence=chosen,
        evidence_hit=chosen is not None and chosen in paper.rationale,
        notes=tuple(notes),
    )


def summarise(papers: list[Paper], relation: np.ndarray, judged: list[Judged]) -> dict[str, object]:
    """Three-class figures over the real papers, as ``claimaudit eval`` reports them."""
    real = np.array([p.real for p in papers])
    gold = _COLLAPSE[np.array([p.label for p in papers])][real]
    pred = _COLLAPSE[relation.argmax(1)][real]
    prob3 = np.stack([relation[:, 0], relation[:, 1], relation[:, 2] + relation[:, 3]], 1)[real]
    f1 = f1_scores(gold, pred, 3)
    hits = [
        j.evidence_hit
        for p, j in zip(papers, judged, strict=True)
        if p.real and p.label in (SUP, CON) and j.verdict == p.label
    ]
    return {
        "pairs": int(real.sum()),
        "macro_f1": round(float(np.mean(f1)), 4),
        "f1_supports": round(f1[0], 4),
        "f1_contradicts": round(f1[1], 4),
        "f1_not_established": round(f1[2], 4),
        "accuracy": round(float(np.mean(gold == pred)), 4),
        "evidence_hit_rate": round(float(np.mean(hits)), 4) if hits else None,
        "ece": round(ece(prob3[np.arange(len(pred)), pred], (pred == gold).astype(float)), 4),
    }


def paper_arrays(papers: list[Paper], temperature: float) -> tuple[np.ndarray, list[np.ndarray]]:
    inputs = [
        scoring.paper_inputs(p.scores, p.claim, temperature) for p in papers if p.scores is not None
    ]
    x = np.stack([i.features for i in inputs if i.features is not None])
    return x, [i.window_probs for i in inputs]


def calibrate(
    model_dir: Path,
    seed: int = 13,
    command: str = "",
    preselect_limit: int = PRESELECT_LIMIT,
    window_mode: str = WINDOW_MODE,
    bucket_ratio: float | None = None,
) -> dict[str, object]:
    windows = WindowSettings(preselect_limit, window_mode, bucket_ratio)
    write_config(model_dir, None, {}, windows=windows)  # provisional: lets it load
    model = VerifierModel(model_dir)
    cal, dev = scored_papers(model_dir, model, seed)
    temperature = fit_temperature(*window_logits_and_labels(cal))
    x, window_probs = paper_arrays(cal, temperature)
    y = np.array([p.label for p in cal])

    folds = claim_folds(cal, seed)
    oof = out_of_fold(x, y, folds)
    # Calibrated where users' papers are: on the real calibration pairs (run 18).
    real = np.array([p.real for p in cal])
    relation_t = fit_relation_temperature(oof[real], y[real])
    oof = tempered(oof, relation_t)

    metrics_ablation = ablation(cal, x, y, folds)
    evidence_t = fit_evidence_temperature(cal, oof, window_probs)
    judged_oof = [
        judge_paper(p, r, w, evidence_t) for p, r, w in zip(cal, oof, window_probs, strict=True)
    ]
    real_oof = [j for p, j in zip(cal, judged_oof, strict=True) if p.real]
    threshold, chosen = choose_threshold(real_oof, TARGET_PRECISION)
    final = scaled_aggregator(fit_aggregator(x, y), relation_t)
    metrics: dict[str, object] = {
        "date": dt.date.today().isoformat(),
        "version": VERSION,
        "passage_temperature": round(temperature, 4),
        "relation_temperature": relation_t,
        "evidence_temperature": evidence_t,
        "review_threshold": threshold,
        "calibration_out_of_fold": {},
        "dev": {},
    }
    for name in ("scifact", "citation-integrity", "check-covid"):
        idx = [i for i, p in enumerate(cal) if p.dataset == name]
        metrics["calibration_out_of_fold"][name] = summarise(  # type: ignore[index]
            [cal[i] for i in idx], oof[idx], [judged_oof[i] for i in idx]
        )
    metrics["selective_out_of_fold"] = chosen
    metrics["ablation_out_of_fold"] = metrics_ablation
    metrics["risk_coverage_out_of_fold"] = risk_coverage(real_oof)
    all_dev: list[Judged] = []
    for name, papers in dev.items():
        rel, judged = judge_set(papers, final, temperature, evidence_t)
        all_dev += judged
        metrics["dev"][name] = summarise(papers, rel, judged)  # type: ignore[index]
    metrics["selective_dev"] = choose_threshold(all_dev, TARGET_PRECISION, fixed=threshold)[1]
    # Sets no model was chosen on (run 16), reported beside the dev sets, kept out of every fit.
    for name, papers in scored_fresh_sets(model, seed).items():
        rel, judged = judge_set(papers, final, temperature, evidence_t)
        metrics["dev"][name] = summarise(papers, rel, judged)  # type: ignore[index]
    # SciFact validation claims were fitted on (their contradicting edits too); the dev claims
    # never were, so the dev share is the held-out figure.
    sf_both, sf_pairs = negation_consistency(
        model, [p for p in cal if p.dataset == "scifact"], final, temperature
    )
    dev_both, dev_pairs = negation_consistency(
        model, [p for ps in dev.values() for p in ps], final, temperature
    )
    both, pairs = sf_both + dev_both, sf_pairs + dev_pairs
    metrics["negation_both_supports"] = round(both / pairs, 4) if pairs else None
    metrics["negation_pairs"] = pairs
    metrics["negation_both_supports_dev"] = round(dev_both / dev_pairs, 4) if dev_pairs else None
    metrics["negation_pairs_dev"] = dev_pairs
    metrics.update(export_check.carried(model_dir))
    params = agg.AggregatorParams(*final, evidence_t, temperature)
    write_config(model_dir, params, metrics, review_threshold=threshold, windows=windows)
    (model_dir / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    write_card(model_dir, metrics, VERSION, command)
    export_check.consume(model_dir)
    print(json.dumps(metrics, indent=2), flush=True)
    return metrics


def claim_folds(cal: list[Paper], seed: int) -> np.ndarray:
    """Five folds grouped by claim: a claim's papers never sit on both sides of a fit."""
    keys = sorted({(p.dataset, p.claim_id) for p in cal})
    random.Random(seed).shuffle(keys)
    fold_of = {k: i % 5 for i, k in enumerate(keys)}
    return np.array([fold_of[(p.dataset, p.claim_id)] for p in cal])


def out_of_fold(x: np.ndarray, y: np.ndarray, folds: np.ndarray) -> np.ndarray:
    """Relation probabilities of each row from an aggregator fitted on the other folds."""
    oof = np.zeros((len(x), 4))
    for k in range(5):
        oof[folds == k] = predict(fit_aggregator(x[folds != k], y[folds != k]), x[folds == k])
    return oof


def judge_set(
    papers: list[Paper],
    params: tuple[np.ndarray, ...],
    temperature: float,
    evidence_t: float,
) -> tuple[np.ndarray, list[Judged]]:
    """Relation probabilities and each scored paper's judged record, as the judge gives them."""
    x, window_probs = paper_arrays(papers, temperature)
    relation = predict(params, x)
    judged = [
        judge_paper(p, r, w, evidence_t)
        for p, r, w in zip(papers, relation, window_probs, strict=True)
    ]
    return relation, judged


def scored_fresh_sets(model: VerifierModel, seed: int) -> dict[str, list[Paper]]:
    """The sets no model was chosen on (``papers.FRESH_SETS``), scored by this model; not cached
    with the calibration scores, so adding a set never reuses a stale cache."""
    fresh = {
        name: build(load(), seed, synthetic=False) for name, load in paper_sets.FRESH_SETS.items()
    }
    for papers in fresh.values():
        score_all(papers, model)
    return fresh


def scored_papers(
    model_dir: Path, model: VerifierModel, seed: int
) -> tuple[list[Paper], dict[str, list[Paper]]]:
    """Calibration and dev papers scored by this model. The scores are kept in training/work
    (keyed by the weights, the seed and the scoring settings), so refitting the aggregator does
    not score two thousand papers again."""
    onnx = (model_dir / "model.int8.onnx").read_bytes()
    settings = (
        model.config.preselect_limit,
        model.config.window_mode,
        model.config.joint_windows,
        model.config.joint_chars,
        ("probe", scoring.PROBE_WINDOWS),
        ("calibration data", 2),  # 2: contradicting edits among the synthetic papers
        ("reader", READER_REVISION),  # how passages are read (citation markers dropped, ...)
        ("claims", 2),  # 2: Citation-Integrity's slots dropped as `claimaudit eval` drops them
        # int8 activation scales are taken per call, so the batch size changes the scores.
        ("batch", model.config.batch_size),
        *((("bucket", model.config.bucket_ratio),) if model.config.bucket_ratio else ()),
    )
    key = hashlib.sha256(onnx + repr((seed, settings)).encode()).hexdigest()
    cache = Path(__file__).resolve().parent / "work" / f"scores-{key[:16]}.pkl"
    cache.parent.mkdir(exist_ok=True)
    if cache.is_file():
        cal, dev = pickle.loads(cache.read_bytes())
        return cal, dev
    cal = build(paper_sets.calibration_items(), seed, synthetic=True)
    dev = {name: build(load(), seed, synthetic=False) for name, load in paper_sets.DEV_SETS.items()}
    score_all(cal, model)
    for papers in dev.values():
        score_all(papers, model)
    cache.write_bytes(pickle.dumps((cal, dev)))
    return cal, dev


def ablation(
    cal: list[Paper], x: np.ndarray, y: np.ndarray, folds: np.ndarray
) -> dict[str, dict[str, float]]:
    """Out-of-fold macro-F1 per calibration set with feature groups left out: what the second
    pass and the consistency checks add."""
    names = list(agg.FEATURE_NAMES)
    groups = {
        "windows only": list(agg.WINDOW_FEATURES),
        "windows + second pass": [*agg.WINDOW_FEATURES, *agg.JOINT_FEATURES],
        "windows + consistency": [*agg.WINDOW_FEATURES, *consistency.FEATURE_NAMES],
        "all but the negation probe": [f for f in names if f not in agg.PROBE_FEATURES],
        "all": names,
    }
    real = np.array([p.real for p in cal])
    out: dict[str, dict[str, float]] = {}
    for label, features in groups.items():
        cols = [names.index(f) for f in features]
        oof = np.zeros((len(cal), 4))
        for k in range(5):
            train, test = folds != k, folds == k
            oof[test] = predict(fit_aggregator(x[train][:, cols], y[train]), x[test][:, cols])
        row: dict[str, float] = {}
        for name in ("scifact", "citation-integrity", "check-covid"):
            mask = real & np.array([p.dataset == name for p in cal])
            gold, pred = _COLLAPSE[y[mask]], _COLLAPSE[oof[mask].argmax(1)]
            row[name] = round(float(np.mean(f1_scores(gold, pred, 3))), 4)
        out[label] = row
    return out


def negation_consistency(
    model: VerifierModel,
    papers: list[Paper],
    params: tuple[np.ndarray, ...],
    temperature: float,
) -> tuple[int, int]:
    """(pairs where a claim and its negation both come back supports, pairs measured).

    Pairs are built from real supported or contradicted claims that negate cleanly
    (``training.contrast.negate``), each negation judged against the claim's own paper.
    """
    from training import contrast

    chosen = [p for p in papers if p.real and p.label in (SUP, CON) and p.scores is not None]
    negations = [contrast.negate(doc) for doc in contrast.parse([p.claim for p in chosen])]
    both = pairs = 0
    for paper, negated in zip(chosen, negations, strict=True):
        if not negated:
            continue
        assert paper.scores is not None
        flipped = scoring.score(model, negated, list(paper.sentences), negated, model.config)
        verdicts = []
        for claim, scores in ((paper.claim, paper.scores), (negated, flipped)):
            features = scoring.paper_inputs(scores, claim, temperature).features
            assert features is not None
            verdicts.append(int(predict(params, features[None, :])[0].argmax()))
        pairs += 1
        both += verdicts == [SUP, SUP]
    return both, pairs


def fit_evidence_temperature(
    papers: list[Paper], relation: np.ndarray, window_probs: list[np.ndarray]
) -> float:
    best, best_ll = 1.0, -np.inf
    for t in (0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0):
        ll = 0.0
        for paper, r, w in zip(papers, relation, window_probs, strict=True):
            if paper.real and paper.rationale and paper.label in (SUP, CON):
                assert paper.scores is not None
                dist = agg.evidence_probabilities(r, w, t)
                mass = fold_to_passages(
                    dist[:-1], paper.scores.windows.owners, len(paper.sentences)
                )
                ll += float(np.log(sum(mass[i] for i in paper.rationale if i < len(mass)) + 1e-9))
        if ll > best_ll:
            best, best_ll = t, ll
    return best


def write_config(
    model_dir: Path,
    params: agg.AggregatorParams | None,
    metrics: dict[str, object],
    review_threshold: float | None = None,
    windows: WindowSettings | None = None,
) -> None:
    windows = windows or WindowSettings()
    model_file = export_check.MODEL_FILE
    digest = export_check.model_sha256(model_dir)
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
        "preselect_limit": windows.preselect_limit,
        "window_mode": windows.window_mode,
        "joint_windows": 4,
        "joint_chars": 1200,
        "review_threshold": review_threshold,
        "aggregator": params.to_json(),
        "metrics": metrics,
    }
    if windows.bucket_ratio is not None:  # scored in length buckets (``runtime.batches``)
        config["bucket_ratio"] = windows.bucket_ratio
    (model_dir / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
