"""Give an int8 ONNX graph one activation scale per token instead of one per call.

    .venv/bin/python -m training.token_scales IN.onnx OUT.onnx [--levels 127]

onnxruntime's dynamic quantisation (``quantize_dynamic``) quantises each matrix product's input
with one scale and zero point taken over the whole tensor: every row of the batch and its
padding. A pair's logits therefore moved with the other pairs scored beside it, by up to two
logits (runs 8 and 8a of ``EXPERIMENTS.md``), so a verdict could hang on which other paragraphs a
paper happened to have, and a PDF and its LaTeX source could disagree on the same passage.

This pass rewrites every ``DynamicQuantizeLinear`` so that each token (each row of the last
axis) gets its own range: a token is quantised from its own values only, so its logits are the
same alone, in any batch and under any padding. Per-token ranges are also tighter than one range
over a whole batch, so the graph sits closer to the float network it came from.

``levels`` is the top of the unsigned activation range. 127 (7 bits) rather than 255 keeps every
pair of unsigned-by-signed byte products within a signed 16-bit sum, which the int8 kernels of
x86 CPUs without VNNI saturate on (``vpmaddubsw``); with 255 the same graph would score
differently on older and newer CPUs. The weights stay as ``quantize_dynamic`` wrote them
(signed 8-bit, per output channel, zero point 0).

The rewrite, per quantised input ``x`` of width ``K`` (the runtime shapes stay dynamic):
``scale = max(max(x) - min(x), eps) / levels`` and ``zp = round(-min(x) / scale)`` per token, with
``min`` and ``max`` taken with 0 so that 0 is exact; ``q = QuantizeLinear(x, scale, zp)`` on the
``(tokens, K)`` view. No integer product kernel of onnxruntime takes a zero point per row, so each
product with weights ``W`` is onnxruntime's fused ``MatMulIntegerToFloat(q, W) * w_scale`` less
``zp * colsum(W) * w_scale``, times the token's scale. (Keeping ``quantize_dynamic``'s
``MatMulInteger -> Cast -> Mul`` chain with per-token scales does not work: onnxruntime fuses
that chain into a kernel that reads one scale only.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

_EPS = np.float32(1e-8)
_MS = "com.microsoft"  # onnxruntime's contrib operators (MatMulIntegerToFloat)


class _Graph:
    """Indexes over one graph, and the nodes and constants a rewrite adds."""

    def __init__(self, model: onnx.ModelProto) -> None:
        self.graph = model.graph
        self.inits = {init.name: init for init in self.graph.initializer}
        self.consumers: dict[str, list[onnx.NodeProto]] = {}
        self.producer: dict[str, onnx.NodeProto] = {}
        for node in self.graph.node:
            for name in node.input:
                self.consumers.setdefault(name, []).append(node)
            for name in node.output:
                self.producer[name] = node
        self.added: list[onnx.TensorProto] = []

    def const(self, name: str, value: np.ndarray | np.generic) -> str:
        self.added.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def weights(self, node: onnx.NodeProto) -> np.ndarray:
        if node.input[1] not in self.inits:
            raise ValueError(f"{node.name}: weights are not a constant")
        weights: np.ndarray = numpy_helper.to_array(self.inits[node.input[1]])
        if len(node.input) > 3 and node.input[3]:
            zero = numpy_helper.to_array(self.inits[node.input[3]])
            if np.any(zero != 0):
                raise ValueError(f"{node.name}: weight zero points must be 0")
        return weights


def _quantiser(g: _Graph, quant: onnx.NodeProto, levels: int, tag: str) -> list[onnx.NodeProto]:
    """Nodes that compute ``quant``'s three outputs per token; scale and zero point keep the
    input's leading axes with a last axis of 1, so they broadcast over the product's columns."""
    x = quant.input[0]
    q, scale, zero = quant.output
    products = g.consumers.get(q, [])
    if not products or any(p.op_type != "MatMulInteger" for p in products):
        raise ValueError(f"{quant.name}: its output must feed MatMulInteger nodes only")
    width = int(g.weights(products[0]).shape[0])
    n = f"{tag}/"
    nodes = [
        helper.make_node("Shape", [x], [n + "shape"]),
        helper.make_node("Reshape", [x, g.const(n + "rows", np.array([-1, width]))], [n + "x2"]),
        helper.make_node("ReduceMax", [n + "x2"], [n + "max"], axes=[1], keepdims=0),
        helper.make_node("ReduceMin", [n + "x2"], [n + "min"], axes=[1], keepdims=0),
        helper.make_node("Max", [n + "max", g.const(n + "zero", np.float32(0))], [n + "hi"]),
        helper.make_node("Min", [n + "min", n + "zero"], [n + "lo"]),
        helper.make_node("Sub", [n + "hi", n + "lo"], [n + "range"]),
        helper.make_node("Max", [n + "range", g.const(n + "eps", _EPS)], [n + "range+"]),
        helper.make_node(
            "Div", [n + "range+", g.const(n + "levels", np.float32(levels))], [n + "s"]
        ),
        helper.make_node("Div", [n + "lo", n + "s"], [n + "lo/s"]),
        helper.make_node("Neg", [n + "lo/s"], [n + "-lo/s"]),
        helper.make_node("Round", [n + "-lo/s"], [n + "zpf"]),
        helper.make_node("Cast", [n + "zpf"], [n + "zp8"], to=TensorProto.UINT8),
        helper.make_node("QuantizeLinear", [n + "x2", n + "s", n + "zp8"], [n + "q2"], axis=0),
        helper.make_node("Reshape", [n + "q2", n + "shape"], [q]),
        # (..., 1): the leading axes of x, then 1.
        helper.make_node(
            "Slice",
            [n + "shape", g.const(n + "0", np.array([0])), g.const(n + "-1", np.array([-1]))],
            [n + "lead"],
        ),
        helper.make_node(
            "Concat", [n + "lead", g.const(n + "1", np.array([1]))], [n + "shape1"], axis=0
        ),
        helper.make_node("Reshape", [n + "s", n + "shape1"], [scale]),
        helper.make_node("Reshape", [n + "zpf", n + "shape1"], [zero]),
    ]
    return nodes


def _key(node: onnx.NodeProto) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return node.op_type, tuple(node.input), tuple(node.output)


def _scaling(g: _Graph, product: onnx.NodeProto) -> tuple[list[onnx.NodeProto], np.ndarray]:
    """The three nodes ``quantize_dynamic`` puts after a product to scale its int32 output by
    ``x_scale * w_scale`` (``Cast``, ``Mul`` making ``x_scale * w_scale``, ``Mul``), and
    ``w_scale``. The last ``Mul``'s output is the product's float result."""
    [cast] = g.consumers[product.output[0]]
    [mul] = g.consumers[cast.output[0]] if cast.op_type == "Cast" else [cast]
    if cast.op_type != "Cast" or mul.op_type != "Mul":
        raise ValueError(f"{product.name}: not followed by Cast and Mul")
    [scales] = [name for name in mul.input if name != cast.output[0]]
    maker = g.producer[scales]
    [name] = [name for name in maker.input if name in g.inits]
    if maker.op_type != "Mul" or len(g.consumers[scales]) != 1:
        raise ValueError(f"{product.name}: unexpected scaling of its output")
    scale: np.ndarray = numpy_helper.to_array(g.inits[name]).astype(np.float32)
    return [cast, maker, mul], scale


def _product(g: _Graph, product: onnx.NodeProto, tag: str) -> list[onnx.NodeProto]:
    """``(q @ W) * w_scale`` in one fused kernel, less ``zp * colsum(W) * w_scale``, times the
    token's scale: the zero point is per token, which no integer product kernel takes."""
    _, x_scale, x_zero = g.producer[product.input[0]].output
    weights = g.weights(product)
    nodes, w_scale = _scaling(g, product)
    mul = nodes[-1]
    colsum = weights.astype(np.int64).sum(axis=0) * w_scale.astype(np.float64)
    n = f"{tag}/"
    return [
        helper.make_node(
            "MatMulIntegerToFloat",
            [
                product.input[0],
                product.input[1],
                g.const(n + "one", np.float32(1)),
                g.const(n + "w_scale", w_scale),
            ],
            [n + "y"],
            domain=_MS,
            name=product.name,
        ),
        helper.make_node(
            "Mul", [x_zero, g.const(n + "colsum", colsum.astype(np.float32))], [n + "corr"]
        ),
        helper.make_node("Sub", [n + "y", n + "corr"], [n + "y-corr"]),
        helper.make_node("Mul", [n + "y-corr", x_scale], [mul.output[0]]),
    ]


def dynamic_int8(fp32: Path, int8: Path) -> onnx.ModelProto:
    """onnxruntime's dynamic int8 of a float graph, as the export writes it before the per-token
    rewrite: signed weights per output channel (per tensor flipped about a tenth of validation
    argmaxes, per channel about three in a hundred, at the same size and speed)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True)
    return onnx.load(str(int8))


def per_token_scales(model: onnx.ModelProto, levels: int = 127) -> onnx.ModelProto:
    """A copy of ``model`` whose activation quantisation is per token (see the module doc)."""
    if not 1 < levels <= 255:
        raise ValueError("levels must be in 2..255")
    out = onnx.ModelProto()
    out.CopyFrom(model)
    g = _Graph(out)
    nodes: list[onnx.NodeProto] = []
    # The scaling after each integer product is replaced along with the product.
    dropped = {
        _key(old)
        for node in g.graph.node
        if node.op_type == "MatMulInteger"
        for old in _scaling(g, node)[0]
    }
    rewritten = 0
    for index, node in enumerate(g.graph.node):
        if _key(node) in dropped:
            continue
        if node.op_type == "DynamicQuantizeLinear":
            nodes += _quantiser(g, node, levels, f"token_scales/{index}")
            rewritten += 1
        elif node.op_type == "MatMulInteger":
            nodes += _product(g, node, f"token_scales/{index}")
        else:
            nodes.append(node)
    if rewritten == 0:
        raise ValueError("no DynamicQuantizeLinear node: not a dynamically quantised graph")
    del g.graph.node[:]
    g.graph.node.extend(nodes)
    if not any(op.domain == _MS for op in out.opset_import):
        out.opset_import.append(helper.make_opsetid(_MS, 1))
    g.graph.initializer.extend(g.added)
    onnx.checker.check_model(out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("dest", type=Path)
    parser.add_argument("--levels", type=int, default=127)
    args = parser.parse_args()
    model = per_token_scales(onnx.load(str(args.source)), args.levels)
    onnx.save(model, str(args.dest))
    print(f"{args.dest}: {args.dest.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
