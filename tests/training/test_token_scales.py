"""The per-token activation rewrite of an int8 graph (``training/token_scales.py``), on a small
graph that onnxruntime's own dynamic quantisation wrote."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import pytest
from onnx import TensorProto, helper, numpy_helper
from training.token_scales import dynamic_int8, per_token_scales

WIDTH, HIDDEN = 64, 48


@pytest.fixture(scope="module")
def graphs(tmp_path_factory: pytest.TempPathFactory) -> tuple[onnx.ModelProto, onnx.ModelProto]:
    """A float two-layer MLP (x @ W1 + b1, GELU-like, @ W2) and its dynamic int8 version."""
    rng = np.random.default_rng(0)
    w1 = rng.normal(0, 0.2, (WIDTH, HIDDEN)).astype(np.float32)
    w2 = rng.normal(0, 0.2, (HIDDEN, 4)).astype(np.float32)
    bias = rng.normal(0, 0.1, HIDDEN).astype(np.float32)
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["h"]),
        helper.make_node("Add", ["h", "b1"], ["hb"]),
        helper.make_node("Relu", ["hb"], ["r"]),
        helper.make_node("MatMul", ["r", "w2"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", "tokens", WIDTH])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", "tokens", 4])],
        [
            numpy_helper.from_array(w1, "w1"),
            numpy_helper.from_array(w2, "w2"),
            numpy_helper.from_array(bias, "b1"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    folder = tmp_path_factory.mktemp("token-scales")
    (folder / "fp32.onnx").write_bytes(model.SerializeToString())
    return model, dynamic_int8(folder / "fp32.onnx", folder / "int8.onnx")


def _run(model: onnx.ModelProto, x: np.ndarray) -> np.ndarray:
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return np.asarray(session.run(["y"], {"x": x})[0])


def _batch() -> np.ndarray:
    # Tokens of very different magnitudes, as a transformer's special tokens are beside words.
    rng = np.random.default_rng(1)
    x = rng.normal(0, 1, (3, 5, WIDTH)).astype(np.float32)
    x[0, 0] *= 40
    x[2] *= 0.05
    return x


def test_each_token_scores_the_same_alone_and_in_any_batch(graphs: tuple) -> None:
    _, int8 = graphs
    rewritten = per_token_scales(int8)
    x = _batch()
    together = _run(rewritten, x)
    for row in range(x.shape[0]):
        alone = _run(rewritten, x[row : row + 1])
        np.testing.assert_allclose(alone[0], together[row], rtol=0, atol=1e-5)
    # onnxruntime's own graph does not: the loud token sets one scale for everyone.
    assert np.abs(_run(int8, x[2:3])[0] - _run(int8, x)[2]).max() > 1e-3


def test_per_token_scales_sit_closer_to_the_float_graph(graphs: tuple) -> None:
    fp32, int8 = graphs
    x = _batch()
    reference = _run(fp32, x)
    per_call = np.abs(_run(int8, x) - reference)[2].max()
    per_token = np.abs(_run(per_token_scales(int8), x) - reference)[2].max()
    assert per_token < per_call / 4


def test_the_weights_and_outputs_are_kept(graphs: tuple) -> None:
    _, int8 = graphs
    rewritten = per_token_scales(int8)
    ops = [node.op_type for node in rewritten.graph.node]
    assert "DynamicQuantizeLinear" not in ops
    assert "MatMulInteger" not in ops and ops.count("MatMulIntegerToFloat") == 2
    kept = {i.name: i for i in int8.graph.initializer if i.data_type == TensorProto.INT8}
    now = {i.name: i for i in rewritten.graph.initializer if i.name in kept}
    assert kept and all(
        np.array_equal(numpy_helper.to_array(kept[n]), numpy_helper.to_array(now[n])) for n in kept
    )
    assert [o.name for o in rewritten.graph.output] == ["y"]


def test_seven_bit_activations_never_exceed_the_top_level(graphs: tuple) -> None:
    # Expose the quantised input of the first product as an output and read its largest byte.
    _, int8 = graphs
    rewritten = per_token_scales(int8, levels=127)
    [first] = [n for n in rewritten.graph.node if n.op_type == "MatMulIntegerToFloat"][:1]
    rewritten.graph.output.append(
        helper.make_tensor_value_info(first.input[0], TensorProto.UINT8, None)
    )
    session = ort.InferenceSession(
        rewritten.SerializeToString(), providers=["CPUExecutionProvider"]
    )
    quantised = session.run([first.input[0]], {"x": _batch()})[0]
    assert quantised.max() <= 128 and quantised.min() >= 0


def test_graphs_it_cannot_rewrite_are_refused(graphs: tuple, tmp_path: Path) -> None:
    fp32, int8 = graphs
    with pytest.raises(ValueError, match="DynamicQuantizeLinear"):
        per_token_scales(fp32)
    with pytest.raises(ValueError, match="levels"):
        per_token_scales(int8, levels=1)
