"""Recover torch weights from a shipped int8 ONNX verifier, to fine-tune it further.

The fp32 weights of verifier 0.1.0 were not kept; its int8 file was. Dynamic quantisation stores
each weight as int8 with a scale and zero point (per output channel for MatMul, per tensor for the
embedding Gathers), so ``(q - zero_point) * scale`` gives the weights back to within half a
quantisation step. Biases and LayerNorm parameters were never quantised and keep their names.

A MatMul weight's initializer is anonymous (``onnx::MatMul_730``); its torch name is found by
following the product's output to the Add that applies the named bias. Both int8 graphs this
project has shipped are read: onnxruntime's own (``MatMulInteger``, 0.1.0 to 0.4.1) and the
per-token rewrite (``MatMulIntegerToFloat`` with the weight's scale as its fourth input, 0.4.2
on; ``training/token_scales.py``). Only numpy is needed to recover, so the weights can be
rebuilt wherever the graph travels (a GPU machine without this project's training packages).

    .venv/bin/python -m training.recover_weights MODEL.int8.onnx OUT.pt
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import onnx
from onnx import numpy_helper

QUANTIZED = "_quantized"
# Initialisers that hold model parameters under their torch names; the rest are quantisation
# constants (scales, zero points, the per-token rewrite's ``token_scales/...``).
PARAMETER_PREFIXES = ("bert.", "head.")

if TYPE_CHECKING:
    import torch


def _dequantize(q: np.ndarray, scale: np.ndarray, zero: np.ndarray | float = 0.0) -> np.ndarray:
    # Scalars broadcast; per-channel vectors run along the last axis.
    return (q.astype(np.float32) - np.float32(zero)) * scale.astype(np.float32)


def _stored(inits: dict[str, np.ndarray], stem: str) -> np.ndarray:
    return _dequantize(inits[stem + QUANTIZED], inits[stem + "_scale"], inits[stem + "_zero_point"])


def _weight(node: onnx.NodeProto, inits: dict[str, np.ndarray]) -> np.ndarray:
    """The float weight ([in, out]) of an int8 product node."""
    if node.op_type == "MatMulInteger":
        return _stored(inits, node.input[1][: -len(QUANTIZED)])
    # MatMulIntegerToFloat(A, B, a_scale, b_scale[, a_zero_point, b_zero_point, bias])
    zero = inits[node.input[5]] if len(node.input) > 5 and node.input[5] else 0.0
    return _dequantize(inits[node.input[1]], inits[node.input[3]], zero)


def _bias_downstream(graph: onnx.GraphProto, start: str, inits: dict[str, np.ndarray]) -> str:
    """The named bias that the Add after ``start`` (through Cast/Mul) adds."""
    consumers: dict[str, list[onnx.NodeProto]] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    frontier = [start]
    for _ in range(6):
        following = [n for name in frontier for n in consumers.get(name, [])]
        for node in following:
            if node.op_type == "Add":
                for name in node.input:
                    if name in inits and name.endswith(".bias"):
                        return str(name)
        frontier = [out for n in following for out in n.output]
    raise ValueError(f"no bias found after {start}")


def recover_arrays(onnx_path: Path) -> dict[str, np.ndarray]:
    """Every parameter the int8 graph holds, under its torch name, as float32 arrays."""
    graph = onnx.load(str(onnx_path)).graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    state: dict[str, np.ndarray] = {}
    for name, value in inits.items():
        if name.startswith(PARAMETER_PREFIXES) and not name.endswith(
            (QUANTIZED, "_scale", "_zero_point")
        ):
            state[name] = value.astype(np.float32)
    for name in inits:
        if name.endswith(QUANTIZED) and name.startswith("bert.embeddings."):
            stem = name[: -len(QUANTIZED)]
            state[stem] = _stored(inits, stem)
    for node in graph.node:
        if node.op_type not in ("MatMulInteger", "MatMulIntegerToFloat"):
            continue
        bias = _bias_downstream(graph, node.output[0], inits)
        # ONNX holds x @ W with W as [in, out]; torch's Linear stores [out, in].
        state[bias[: -len(".bias")] + ".weight"] = np.ascontiguousarray(_weight(node, inits).T)
    return state


def recover(onnx_path: Path) -> dict[str, torch.Tensor]:
    import torch

    return {k: torch.from_numpy(v.copy()) for k, v in recover_arrays(onnx_path).items()}


def load_recovered(model: torch.nn.Module, onnx_path: Path) -> None:
    """Load the int8 file's weights into ``model`` (the verifier network), or exit saying what
    does not fit. The pooler is unused (mean pooling), so the export dropped it; it keeps the
    model's own weights."""
    try:
        missing, unknown = model.load_state_dict(recover(onnx_path), strict=False)
    except RuntimeError as err:  # a tensor of another shape
        raise SystemExit(f"{onnx_path}: {str(err).strip().splitlines()[-1].strip()}") from err
    missing = [k for k in missing if not k.startswith("bert.pooler.")]
    if missing or unknown:
        raise SystemExit(f"{onnx_path}: missing {missing[:5]}, unknown {unknown[:5]}")


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit("usage: python -m training.recover_weights MODEL.int8.onnx OUT.pt")
    import torch

    from training.model import Verifier

    model = Verifier.from_base()
    load_recovered(model, Path(sys.argv[1]))
    torch.save(model.state_dict(), sys.argv[2])
    print(f"{sys.argv[1]} -> {sys.argv[2]}")


if __name__ == "__main__":
    main()
