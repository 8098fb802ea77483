"""Study two aggregator features from the untouched base sentence embedder (run 24).

all-MiniLM-L6-v2 was trained to embed sentences so that paraphrases and entailed pairs sit
close; the verifier's fine-tune overwrote that reading. This measures whether the embedder's
cosine between the claim and its windows adds to a model's aggregator: ``emb_max`` (the best
cosine over the scored windows) and ``emb_at_sup`` (the cosine with the window the
cross-encoder finds most supporting). The aggregator is refitted as ``training.grounding`` does,
with and without them (``training.feature_study``), on the scores ``calibrate`` cached:

    .venv/bin/python -m training.embedding_features src/claimaudit/judges/local/model
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

import numpy as np

from claimaudit.judges.local import aggregate as agg
from training.calibration_data import Paper
from training.feature_study import compare

FEATURES = ("emb_max", "emb_at_sup")


@functools.cache
def _base_embedder() -> tuple[Any, Any]:
    """The base model and its tokenizer, loaded once for the calibration and both dev sets."""
    import torch
    from transformers import BertModel

    from training.model import base_model_dir, load_tokenizer

    torch.set_num_threads(2)
    bert = BertModel.from_pretrained(str(base_model_dir()))
    bert.train(False)  # inference: no dropout
    return bert, load_tokenizer(base_model_dir() / "tokenizer.json", 256)


def embed(texts: list[str], batch: int = 64) -> dict[str, np.ndarray]:
    """Unit vectors of the base model for each distinct text: mean pooling over the last layer,
    as sentence-transformers pools all-MiniLM-L6-v2."""
    import torch

    bert, tokenizer = _base_embedder()
    unique = sorted(set(texts), key=len)
    out: dict[str, np.ndarray] = {}
    for start in range(0, len(unique), batch):
        chunk = unique[start : start + batch]
        encodings = tokenizer.encode_batch(chunk)
        width = max(len(e.ids) for e in encodings)
        ids = torch.zeros((len(chunk), width), dtype=torch.long)
        mask = torch.zeros_like(ids)
        for row, e in enumerate(encodings):
            ids[row, : len(e.ids)] = torch.tensor(e.ids)
            mask[row, : len(e.ids)] = 1
        with torch.no_grad():
            hidden = bert(input_ids=ids, attention_mask=mask).last_hidden_state
        m = mask.unsqueeze(-1).float()
        pooled = ((hidden * m).sum(1) / m.sum(1).clamp(min=1.0)).numpy()
        pooled /= np.linalg.norm(pooled, axis=1, keepdims=True) + 1e-12
        out.update(zip(chunk, pooled, strict=True))
    return out


def paper_texts(paper: Paper) -> list[str]:
    assert paper.scores is not None
    return [paper.scores.windows.texts[k] for k in paper.scores.kept]


def features(paper: Paper, vectors: dict[str, np.ndarray]) -> np.ndarray:
    """``FEATURES`` of one paper; zeros where nothing was scored."""
    assert paper.scores is not None
    texts = paper_texts(paper)
    if not texts:
        return np.zeros(len(FEATURES))
    claim = vectors[paper.claim]
    cosines = np.array([float(vectors[t] @ claim) for t in texts])
    sup = agg.softmax(np.asarray(paper.scores.window_logits, dtype=np.float64), axis=1)[:, 0]
    return np.array([cosines.max(), cosines[int(np.argmax(sup))]])


def embedder_columns(_model: object, papers: list[Paper], _temperature: float) -> np.ndarray:
    texts = [p.claim for p in papers] + [t for p in papers for t in paper_texts(p)]
    vectors = embed(texts)
    return np.stack([features(p, vectors) for p in papers])


def main() -> None:
    compare(Path(sys.argv[1]), embedder_columns, "embedder cosines")


if __name__ == "__main__":
    main()
