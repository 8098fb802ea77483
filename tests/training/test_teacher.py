"""The teacher's carriage and reading (``training/teacher.py``, run 38): weights that travel as
int8 parts and come back within half a step, and the figures it is compared on."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from training import gpu, teacher


def _weights() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {
        "encoder.layer.0.attention.attn.q.weight": rng.normal(0, 0.05, (96, 64)).astype(np.float32),
        "encoder.layer.0.attention.attn.q.bias": rng.normal(0, 0.1, 96).astype(np.float32),
        "embeddings.position_ids": np.arange(10, dtype=np.int64)[None, :],
        "zero.weight": np.zeros((64, 64), dtype=np.float32),
    }


def test_weights_come_back_within_half_an_int8_step() -> None:
    weights = _weights()
    back = teacher.dequantise(teacher.quantise(weights))
    assert sorted(back) == sorted(weights)
    matrix = weights["encoder.layer.0.attention.attn.q.weight"]
    step = np.abs(matrix).max(axis=1, keepdims=True) / 127
    restored = back["encoder.layer.0.attention.attn.q.weight"]
    assert restored.dtype == np.float32
    assert np.all(np.abs(restored - matrix) <= step / 2 + 1e-7)
    # Vectors travel as float16; integer buffers and all-zero rows unchanged.
    bias = weights["encoder.layer.0.attention.attn.q.bias"]
    np.testing.assert_allclose(back["encoder.layer.0.attention.attn.q.bias"], bias, atol=1e-3)
    np.testing.assert_array_equal(
        back["embeddings.position_ids"], weights["embeddings.position_ids"]
    )
    np.testing.assert_array_equal(back["zero.weight"], 0.0)


def test_pack_spreads_the_parts_over_calls_and_they_join(tmp_path: Path) -> None:
    safetensors = pytest.importorskip("safetensors.numpy")  # a training requirement
    model = tmp_path / "model"
    model.mkdir()
    weights = _weights()
    weights["big.weight"] = np.random.default_rng(1).normal(0, 1, (512, 512)).astype(np.float32)
    safetensors.save_file(weights, str(model / "model.safetensors"))
    for name in ("config.json", "tokenizer.json"):
        (model / name).write_text("{}", encoding="utf-8")
    folders = teacher.pack(model, part_bytes=100_000, out=tmp_path / "pack")
    assert [f.name for f in folders] == ["call1", "call2", "call3"]
    assert all(sum(p.stat().st_size for p in f.iterdir()) == 100_000 for f in folders[:-1])
    assert {p.name for p in folders[-1].iterdir()} >= {
        "config.json",
        "tokenizer.json",
        gpu.MANIFEST,
    }
    # On the machine every call copies its folder into one place, which then joins.
    joined = tmp_path / "there"
    joined.mkdir()
    for folder in folders:
        for part in folder.iterdir():
            (joined / part.name).write_bytes(part.read_bytes())
    back = teacher.dequantise(gpu.join(joined))
    assert np.abs(back["big.weight"] - weights["big.weight"]).max() < 0.05
    (joined / json.loads((joined / gpu.MANIFEST).read_text())["parts"][1]).unlink()
    with pytest.raises(SystemExit, match="parts missing"):
        gpu.join(joined)


def test_auc_is_the_share_of_pairs_ranked_right() -> None:
    assert teacher.auc([3.0, 2.0], [1.0, 0.0]) == 1.0
    assert teacher.auc([1.0], [1.0, 2.0]) == 0.25
    assert np.isnan(teacher.auc([], [1.0]))


def test_reading_counts_right_pairs_and_ranks_contradictions() -> None:
    from claimaudit.judges.local.aggregate import PASSAGE_LABELS

    sup, con = PASSAGE_LABELS.index("supports"), PASSAGE_LABELS.index("contradicts")

    def row(label: int, value: float = 4.0) -> np.ndarray:
        logits = np.zeros(len(PASSAGE_LABELS), dtype=np.float32)
        logits[label] = value
        return logits

    rows = [
        {"set": "a", "label": "supports"},
        {"set": "a", "label": "supports"},
        {"set": "a", "label": "contradicts"},
        {"set": "b", "label": "contradicts"},
    ]
    logits = np.stack([row(sup), row(con, 1.0), row(con), row(sup)])
    figures = teacher.reading(rows, logits)
    assert figures["a"] == {
        "supports": 2,
        "contradicts": 1,
        "supports_right": 1,
        "contradicts_right": 1,
        "auc": 1.0,
    }
    assert figures["b"]["contradicts_right"] == 0 and np.isnan(figures["b"]["auc"])


def test_distillation_pulls_towards_the_teacher() -> None:
    torch = pytest.importorskip("torch")  # training only: CI's install has no torch
    from training.train_loop import distill_loss

    teacher_logits = torch.tensor([[2.0, 0.0, -1.0, 0.0]])
    assert float(distill_loss(teacher_logits, teacher_logits, 2.0)) == pytest.approx(0.0, abs=1e-6)
    student = torch.zeros(1, 4, requires_grad=True)
    loss = distill_loss(student, teacher_logits, 2.0)
    loss.backward()
    assert loss.item() > 0
    # The gradient raises the class the teacher favours and lowers the one it disfavours.
    assert student.grad is not None
    assert student.grad[0, 0] < 0 < student.grad[0, 2]
