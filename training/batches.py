"""How a training run walks its pairs: batches cut to a token budget, and which batch of which
epoch each step runs. Pure Python, so the bookkeeping is tested where torch is not installed."""

from __future__ import annotations

import bisect
import random


def token_budget_batches(
    lengths: list[int], tokens: int, max_batch: int, rng: random.Random
) -> list[list[int]]:
    """Shuffle, sort within chunks, then cut batches of about ``tokens`` padded tokens each.

    Short sentence pairs go in large batches and 256-token contexts in small ones, so every
    step costs about the same and padding stays small.
    """
    order = list(range(len(lengths)))
    rng.shuffle(order)
    batches: list[list[int]] = []
    chunk = max_batch * 50
    for start in range(0, len(order), chunk):
        part = sorted(order[start : start + chunk], key=lambda i: lengths[i])
        batch: list[int] = []
        for i in part:  # ascending length: the newest pair sets the padded width
            if batch and ((len(batch) + 1) * lengths[i] > tokens or len(batch) >= max_batch):
                batches.append(batch)
                batch = []
            batch.append(i)
        if batch:
            batches.append(batch)
    rng.shuffle(batches)
    return batches


def epoch_ends(batches_per_epoch: list[int], epochs: float) -> list[int]:
    """The step at which each (possibly partial, last) epoch ends.

    Epochs differ in batch count (the token budget cuts each shuffle differently), so steps are
    counted epoch by epoch rather than as ``epoch * len(first epoch)``; a fractional last epoch
    runs that fraction of its own batches.
    """
    ends, done = [], 0
    for epoch, count in enumerate(batches_per_epoch):
        share = min(1.0, epochs - epoch)
        if share <= 0:
            break
        done += count if share >= 1.0 else max(1, int(count * share))
        ends.append(done)
    return ends


def locate(step: int, ends: list[int]) -> tuple[int, int]:
    """(epoch, batch within it) of a step, given ``epoch_ends``."""
    epoch = bisect.bisect_right(ends, step)
    return epoch, step - (ends[epoch - 1] if epoch else 0)
