"""Weight interpolation between two checkpoints (training only: skipped without torch)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from training.interpolate import interpolate  # noqa: E402


def test_interpolation_is_linear_and_keeps_integer_buffers() -> None:
    start = {"w": torch.zeros(2, 2), "ids": torch.arange(3)}
    tuned = {"w": torch.ones(2, 2) * 4, "ids": torch.arange(3)}
    mixed = interpolate(start, tuned, 0.25)
    assert torch.allclose(mixed["w"], torch.ones(2, 2))
    assert torch.equal(mixed["ids"], torch.arange(3))
    assert torch.equal(interpolate(start, tuned, 0.0)["w"], start["w"])
    assert torch.equal(interpolate(start, tuned, 1.0)["w"], tuned["w"])


def test_mismatched_checkpoints_and_alphas_are_refused() -> None:
    start = {"w": torch.zeros(2)}
    with pytest.raises(ValueError, match="different tensors"):
        interpolate(start, {"v": torch.zeros(2)}, 0.5)
    with pytest.raises(ValueError, match="shapes"):
        interpolate(start, {"w": torch.zeros(3)}, 0.5)
    with pytest.raises(ValueError, match="alpha"):
        interpolate(start, {"w": torch.zeros(2)}, 1.5)
