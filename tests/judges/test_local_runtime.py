"""How the verifier batches (claim, window) pairs: a short pair is never padded far past itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.judges.local.runtime import MODEL_DIR, VerifierConfig, batches
from claimaudit.judges.protocol import JudgeError


def test_without_a_ratio_batches_are_runs_of_the_batch_size() -> None:
    assert batches(list(range(70)), 32, None) == [(0, 32), (32, 64), (64, 70)]
    assert batches([], 32, None) == []


def test_a_batch_ends_where_the_next_pair_is_much_longer() -> None:
    # A paper's windows, sorted by tokens: short sentences, a paragraph, a long passage.
    lengths = [30, 31, 35, 40, 46, 60, 61, 90, 250]
    spans = batches(lengths, 32, 1.25)
    assert spans == [(0, 4), (4, 7), (7, 8), (8, 9)]
    for start, end in spans:
        assert lengths[end - 1] <= 1.25 * lengths[start] + 8
    # The size still bounds a batch of equal lengths.
    assert batches([50] * 40, 32, 1.25) == [(0, 32), (32, 40)]


def test_the_config_names_a_ratio_of_at_least_one(tmp_path: Path) -> None:
    data = json.loads((MODEL_DIR / "config.json").read_text(encoding="utf-8"))
    data["bucket_ratio"] = 1.25
    (tmp_path / "config.json").write_text(json.dumps(data), encoding="utf-8")
    assert VerifierConfig.read(tmp_path).bucket_ratio == 1.25
    data["bucket_ratio"] = 0.5
    (tmp_path / "config.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(JudgeError, match="bucket_ratio"):
        VerifierConfig.read(tmp_path)
