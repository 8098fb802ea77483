"""Epoch bookkeeping of the training loop (``training/batches.py``): every epoch's batches
are run once, however many each epoch's shuffle cuts (run 36's first GPU call crashed in its
second epoch when the second shuffle gave fewer batches than the first)."""

from __future__ import annotations

import random

from training.batches import epoch_ends, locate, token_budget_batches


def test_epochs_of_different_lengths_are_each_run_once() -> None:
    ends = epoch_ends([10, 8, 9], 3)
    assert ends == [10, 18, 27]
    visited = [locate(step, ends) for step in range(ends[-1])]
    assert visited[:10] == [(0, i) for i in range(10)]
    assert visited[10:18] == [(1, i) for i in range(8)]
    assert visited[18:] == [(2, i) for i in range(9)]


def test_a_fractional_last_epoch_runs_its_share_of_its_own_batches() -> None:
    assert epoch_ends([10, 8], 1.5) == [10, 14]
    assert epoch_ends([10], 0.5) == [5]
    assert epoch_ends([3], 0.1) == [1]  # at least one step


def test_real_shuffles_differ_in_batch_count_and_all_are_covered() -> None:
    rng = random.Random(7)
    lengths = [rng.randint(8, 256) for _ in range(3000)]
    shuffles = [token_budget_batches(lengths, 2048, 32, rng) for _ in range(3)]
    counts = [len(b) for b in shuffles]
    assert len(set(counts)) > 1  # the case the old ``step // len(first epoch)`` got wrong
    ends = epoch_ends(counts, 3)
    seen = [shuffles[e][i] for e, i in (locate(s, ends) for s in range(ends[-1]))]
    for epoch in range(3):
        first = ends[epoch - 1] if epoch else 0
        pairs = sorted(i for batch in seen[first : ends[epoch]] for i in batch)
        assert pairs == list(range(len(lengths)))
