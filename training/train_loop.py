"""Fine-tune the cross-encoder on CPU within a wall-clock budget."""

from __future__ import annotations

import math
import random
import time
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer

from training.data import Pair
from training.model import Verifier, collate

Encoded = tuple[list[int], list[int]]


def encode(tokenizer: Tokenizer, pairs: list[Pair]) -> list[Encoded]:
    encodings = tokenizer.encode_batch([(p.claim, p.passage) for p in pairs])
    return [(e.ids, e.type_ids) for e in encodings]


def length_batches(lengths: list[int], batch_size: int, rng: random.Random) -> list[list[int]]:
    """Shuffle, then sort within chunks of 50 batches so padding stays small but order varies."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    chunk = batch_size * 50
    batches: list[list[int]] = []
    for start in range(0, len(order), chunk):
        part = sorted(order[start : start + chunk], key=lambda i: lengths[i])
        batches += [part[i : i + batch_size] for i in range(0, len(part), batch_size)]
    rng.shuffle(batches)
    return batches


@torch.no_grad()
def predict_logits(model: Verifier, encoded: list[Encoded], batch_size: int = 64) -> np.ndarray:
    model.eval()
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i][0]))
    out = np.zeros((len(encoded), 4), dtype=np.float32)
    for start in range(0, len(order), batch_size):
        idx = order[start : start + batch_size]
        batch = collate([encoded[i] for i in idx])
        out[idx] = model(**batch).numpy()
    return out


def macro_f1(gold: np.ndarray, pred: np.ndarray, n: int) -> tuple[float, list[float]]:
    scores = []
    for c in range(n):
        tp = float(np.sum((pred == c) & (gold == c)))
        fp = float(np.sum((pred == c) & (gold != c)))
        fn = float(np.sum((pred != c) & (gold == c)))
        scores.append(0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn))
    return float(np.mean(scores)), scores


def train(
    model: Verifier,
    train_enc: list[Encoded],
    train_labels: list[int],
    val_enc: list[Encoded],
    val_labels: list[int],
    *,
    epochs: float,
    batch_size: int,
    lr: float,
    max_minutes: float,
    checkpoint: Path,
    seed: int,
) -> None:
    rng = random.Random(seed)
    torch.manual_seed(seed)
    # Word embeddings stay frozen: their AdamW update dominates a CPU step and the
    # small data would only overfit them.
    model.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    params = [p for p in model.parameters() if p.requires_grad]
    decay = [p for p in params if p.dim() > 1]
    no_decay = [p for p in params if p.dim() <= 1]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}], lr=lr
    )
    lengths = [len(ids) for ids, _ in train_enc]
    steps_per_epoch = math.ceil(len(train_enc) / batch_size)
    total = max(1, int(steps_per_epoch * epochs))
    warmup = max(1, int(0.06 * total))

    def schedule(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        return max(0.0, (total - step) / max(1, total - warmup))

    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, schedule)
    labels = torch.tensor(train_labels)
    start = time.time()
    step, seen, running = 0, 0, 0.0
    print(f"training: {len(train_enc)} pairs, {total} steps of {batch_size}", flush=True)
    epoch = 0
    while step < total:
        model.train()
        for batch_idx in length_batches(lengths, batch_size, rng):
            if step >= total:
                break
            batch = collate([train_enc[i] for i in batch_idx])
            logits = model(**batch)
            loss = torch.nn.functional.cross_entropy(logits, labels[batch_idx])
            loss.backward()  # type: ignore[no-untyped-call]  # torch leaves it unannotated
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            step += 1
            seen += len(batch_idx)
            running = 0.98 * running + 0.02 * float(loss) if step > 1 else float(loss)
            elapsed = time.time() - start
            if step % 50 == 0:
                print(
                    f"step {step}/{total} loss {running:.4f} {seen / elapsed:.1f} pairs/s "
                    f"{elapsed / 60:.1f} min",
                    flush=True,
                )
            if step % 300 == 0:
                torch.save(model.state_dict(), checkpoint)
            if elapsed > max_minutes * 60:
                print(f"time budget reached at step {step}; stopping early", flush=True)
                step = total
                break
        epoch += 1
        evaluate(model, val_enc, val_labels, f"after epoch {epoch}")
    torch.save(model.state_dict(), checkpoint)


def evaluate(model: Verifier, val_enc: list[Encoded], val_labels: list[int], tag: str) -> None:
    logits = predict_logits(model, val_enc)
    gold = np.asarray(val_labels)
    pred = logits.argmax(axis=1)
    f1, per = macro_f1(gold, pred, 4)
    acc = float(np.mean(pred == gold))
    print(
        f"val {tag}: acc {acc:.3f} macro-F1 {f1:.3f} per-class {[round(x, 3) for x in per]}",
        flush=True,
    )
