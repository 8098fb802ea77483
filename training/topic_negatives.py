"""Run 31: papers on the claim's subject that do not make it, in the aggregator's calibration.

The synthetic ``not_addressed`` papers of ``calibration_data.build`` pair a claim with a random
other text of its data set, nearly always off topic; so "every window is related" goes with
support in everything the aggregator is fitted on. Here each chosen claim also gets the text of
its data set nearest to it (TF-IDF cosine) that it does not cite, labelled ``not_addressed``;
the aggregator is refitted with and without them and the five figures printed, with how many
real not-established papers come back ``supports``:

    .venv/bin/python -m training.topic_negatives MODEL_DIR
"""

from __future__ import annotations

import hashlib
import pickle
import random
import sys
from pathlib import Path

import numpy as np

from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import NA, SUP, Paper, score_all, window_logits_and_labels
from training.feature_study import predictions, print_rows
from training.grounding import macro
from training.macro_f1 import COLLAPSE

# Share of real calibration claims that get a neighbour: the overreach kind's share.
SHARE = 0.5


def topic_neighbours(cal: list[Paper], rng: random.Random) -> list[Paper]:
    """For about ``SHARE`` of the real claims (grouped by data set and claim id, in order of first
    appearance), the claim against the nearest text of its data set that it does not cite."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    cited: dict[tuple[str, str], set[tuple[str, ...]]] = {}
    claims: dict[tuple[str, str], str] = {}
    for paper in cal:
        if paper.real:
            key = (paper.dataset, paper.claim_id)
            cited.setdefault(key, set()).add(paper.sentences)
            claims.setdefault(key, paper.claim)
    chosen = [key for key in claims if rng.random() < SHARE]
    out: list[Paper] = []
    for dataset in sorted({d for d, _ in chosen}):
        texts = sorted({s for (d, _), docs in cited.items() if d == dataset for s in docs})
        vectorizer = TfidfVectorizer(stop_words="english", ngram_range=(1, 2), sublinear_tf=True)
        matrix = vectorizer.fit_transform([" ".join(t) for t in texts])
        keys = [key for key in chosen if key[0] == dataset]
        similarity = (vectorizer.transform([claims[k] for k in keys]) @ matrix.T).toarray()
        for key, row in zip(keys, similarity, strict=True):
            for j in np.argsort(-row, kind="stable"):
                if texts[j] not in cited[key]:
                    text = texts[j]
                    out.append(Paper(dataset, key[1], claims[key], text, NA, frozenset(), False))
                    break
    return out


def scored_neighbours(model_dir: Path, model: VerifierModel, cal: list[Paper]) -> list[Paper]:
    """``topic_neighbours`` scored through the runtime, cached in training/work."""
    papers = topic_neighbours(cal, random.Random(13 + 2))
    onnx = (model_dir / "model.int8.onnx").read_bytes()
    chosen = repr([(p.dataset, p.claim_id, p.sentences[:1]) for p in papers]).encode()
    key = hashlib.sha256(onnx + chosen + (model_dir / "config.json").read_bytes()).hexdigest()
    cache = Path(__file__).resolve().parent / "work" / f"neighbours-{key[:16]}.pkl"
    if cache.is_file():
        cached: list[Paper] = pickle.loads(cache.read_bytes())
        return cached
    score_all(papers, model)
    cache.write_bytes(pickle.dumps(papers))
    return papers


def unestablished_as_supports(papers: list[Paper], relation: np.ndarray) -> tuple[int, int]:
    """(real not-established papers called ``supports``, real not-established papers)."""
    gold = COLLAPSE[np.array([p.label for p in papers])]
    real = np.array([p.real for p in papers])
    target = real & (gold == COLLAPSE[NA])
    return int(np.sum(target & (relation.argmax(1) == SUP))), int(np.sum(target))


def main() -> None:
    from training.calibrate import fit_temperature, paper_arrays, scored_papers

    model_dir = Path(sys.argv[1])
    model = VerifierModel(model_dir)
    cal, dev = scored_papers(model_dir, model, 13)
    neighbours = scored_neighbours(model_dir, model, cal)
    print(f"{len(neighbours)} neighbour papers for {len(cal)} calibration papers")
    # The window temperature stays fitted on today's papers: a neighbour's windows are related.
    t = fit_temperature(*window_logits_and_labels(cal))
    dev_x = {name: paper_arrays(papers, t)[0] for name, papers in dev.items()}
    rows: dict[str, list[float]] = {}
    for label, papers in (("0.4.4's data", cal), ("+ topic neighbours", cal + neighbours)):
        fitted = predictions(papers, dev, paper_arrays(papers, t)[0], dev_x)
        rows[label] = [macro(p, r) for p, r in fitted.values()]
        counts = {name: unestablished_as_supports(p, r) for name, (p, r) in fitted.items()}
        called = sum(c for c, _ in counts.values())
        total = sum(n for _, n in counts.values())
        detail = ", ".join(f"{name} {c}/{n}" for name, (c, n) in counts.items())
        print(f"{label}: not established called supports {called}/{total} ({detail})")
    print_rows(rows)


if __name__ == "__main__":
    main()
