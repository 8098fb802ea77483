"""Interpolate two verifier checkpoints weight by weight (WiSE-FT, Wortsman et al. 2022).

Run 2 fine-tuned 0.1.0 and gained on SciFact while losing on Citation-Integrity dev: the
fine-tune moved away from what made the start robust out of domain. Averaging the weights of the
start and the fine-tuned model, ``(1 - alpha) * start + alpha * tuned``, is the standard remedy:
both come from one pre-trained model, so the path between them stays in a low-loss region, and
intermediate points often keep most of the in-domain gain with less of the out-of-domain loss.

    .venv/bin/python -m training.interpolate START.pt TUNED.pt ALPHA OUT.pt
"""

from __future__ import annotations

import sys
from pathlib import Path

import torch


def interpolate(
    start: dict[str, torch.Tensor], tuned: dict[str, torch.Tensor], alpha: float
) -> dict[str, torch.Tensor]:
    """``(1 - alpha) * start + alpha * tuned`` for every floating-point tensor."""
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"alpha must be within [0, 1], not {alpha}")
    if start.keys() != tuned.keys():
        missing = sorted(set(start) ^ set(tuned))
        raise ValueError(f"the checkpoints hold different tensors: {missing[:5]}")
    mixed: dict[str, torch.Tensor] = {}
    for name, a in start.items():
        b = tuned[name]
        if a.shape != b.shape:
            raise ValueError(f"{name}: shapes {tuple(a.shape)} and {tuple(b.shape)} differ")
        # Integer buffers (position ids) are identical in both; keep them as they are.
        if a.is_floating_point():
            mixed[name] = torch.lerp(a.float(), b.float(), alpha).to(a.dtype)
        else:
            mixed[name] = a
    return mixed


def main() -> None:
    if len(sys.argv) != 5:
        raise SystemExit("usage: python -m training.interpolate START.pt TUNED.pt ALPHA OUT.pt")
    start, tuned = (torch.load(Path(p), map_location="cpu") for p in sys.argv[1:3])
    out = Path(sys.argv[4])
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(interpolate(start, tuned, float(sys.argv[3])), out)
    print(f"{out}: alpha {float(sys.argv[3]):g}")


if __name__ == "__main__":
    main()
