"""Recover torch weights from a shipped int8 ONNX verifier, to fine-tune it further.

The fp32 weights of verifier 0.1.0 were not kept; its int8 file was. Dynamic quantisation stores
each weight as int8 with a scale and zero point (per output channel for MatMul, per tensor for the
embedding Gathers), so ``(q - zero_point) * scale`` gives the weights back to within half a
quantisation step. Biases and LayerNorm parameters were never quantised and keep their names.

A MatMul weight's initializer is anonymous (``onnx::MatMul_730``); its torch name is found by
following the MatMulInteger's output to the Add that applies the named bias.

    .venv/bin/python -m training.recover_weights MODEL.int8.onnx OUT.pt
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import numpy_helper

QUANTIZED = "_quantized"


def _dequantize(inits: dict[str, np.ndarray], stem: str) -> np.ndarray:
    q = inits[stem + QUANTIZED].astype(np.float32)
    zero = inits[stem + "_zero_point"].astype(np.float32)
    scale = inits[stem + "_scale"].astype(np.float32)
    return (q - zero) * scale  # scalars broadcast; per-channel vectors run along the last axis


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


def recover(onnx_path: Path) -> dict[str, torch.Tensor]:
    model = onnx.load(str(onnx_path))
    graph = model.graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    state: dict[str, torch.Tensor] = {}
    for name, value in inits.items():
        if not name.endswith(QUANTIZED) and not name.endswith(("_scale", "_zero_point")):
            state[name] = torch.from_numpy(value.astype(np.float32).copy())
    for name in inits:
        if name.endswith(QUANTIZED) and name.startswith("bert.embeddings."):
            stem = name[: -len(QUANTIZED)]
            state[stem] = torch.from_numpy(_dequantize(inits, stem))
    for node in graph.node:
        if node.op_type != "MatMulInteger":
            continue
        weight = node.input[1]
        stem = weight[: -len(QUANTIZED)]
        bias = _bias_downstream(graph, node.output[0], inits)
        # ONNX holds x @ W with W as [in, out]; torch's Linear stores [out, in].
        state[bias[: -len(".bias")] + ".weight"] = torch.from_numpy(
            _dequantize(inits, stem).T.copy()
        )
    return state


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit("usage: python -m training.recover_weights MODEL.int8.onnx OUT.pt")
    from training.model import Verifier

    state = recover(Path(sys.argv[1]))
    model = Verifier.from_base()
    expected = model.state_dict()
    # The pooler is unused (mean pooling), so the export dropped it; it keeps the base weights.
    missing = [k for k in expected if k not in state and not k.startswith("bert.pooler.")]
    unknown = [k for k in state if k not in expected]
    if missing or unknown:
        raise SystemExit(f"missing {missing[:5]}, unknown {unknown[:5]}")
    for key, value in state.items():
        if tuple(value.shape) != tuple(expected[key].shape):
            raise SystemExit(
                f"{key}: shape {tuple(value.shape)}, want {tuple(expected[key].shape)}"
            )
    model.load_state_dict(state, strict=False)
    torch.save(model.state_dict(), sys.argv[2])
    print(f"{len(state)} tensors -> {sys.argv[2]}")


if __name__ == "__main__":
    main()
