"""How the verifier batches (claim, window) pairs, a short pair never padded far past itself, and
what it feeds the graph."""

from __future__ import annotations

import importlib.metadata
import json
import sys
from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

from claimaudit.judges.local.runtime import MODEL_DIR, VerifierConfig, VerifierModel, batches
from claimaudit.judges.protocol import JudgeError
from tests.judges.local_model import write_model_folder


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


def _tiny_verifier(folder: Path, inputs: tuple[str, ...]) -> Path:
    """A model folder whose graph reads only ``inputs`` and answers, per pair, the sum of its
    token ids, its token count and the sum of its segment ids (0 when it takes none)."""
    axis = numpy_helper.from_array(np.array([1], dtype=np.int64), "axis")
    nodes = [
        helper.make_node("Mul", ["input_ids", "attention_mask"], ["kept"]),
        helper.make_node("ReduceSum", ["kept", "axis"], ["id_sum"], keepdims=1),
        helper.make_node("ReduceSum", ["attention_mask", "axis"], ["count"], keepdims=1),
    ]
    if "token_type_ids" in inputs:
        nodes.append(helper.make_node("ReduceSum", ["token_type_ids", "axis"], ["type_sum"]))
    else:
        nodes.append(helper.make_node("Sub", ["count", "count"], ["type_sum"]))
    nodes += [
        helper.make_node("Sub", ["count", "count"], ["zero"]),
        helper.make_node("Concat", ["id_sum", "count", "type_sum", "zero"], ["joined"], axis=1),
        helper.make_node("Cast", ["joined"], ["logits"], to=TensorProto.FLOAT),
    ]
    graph = helper.make_graph(
        nodes,
        "tiny",
        [helper.make_tensor_value_info(n, TensorProto.INT64, ["b", "t"]) for n in inputs],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["b", 4])],
        [axis],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    return write_model_folder(folder, model.SerializeToString(), "tiny.onnx")


@pytest.mark.parametrize("segments", [True, False])
def test_the_graph_is_fed_the_inputs_it_declares(tmp_path: Path, segments: bool) -> None:
    inputs = ("input_ids", "attention_mask", *(("token_type_ids",) if segments else ()))
    model = VerifierModel(_tiny_verifier(tmp_path / "model", inputs))
    passages = ["A short passage.", "A much longer passage, which pads the first one in its batch."]
    logits, tokens = model.logits("The claim.", passages)
    encodings = model.tokenizer.encode_batch([("The claim.", p) for p in passages])
    for row, enc in zip(logits, encodings, strict=True):
        # Padding is masked out of every sum; the segment ids reach only a graph that takes them.
        assert row[0] == sum(enc.ids) and row[1] == len(enc.ids)
        assert row[2] == (sum(enc.type_ids) if segments else 0) and row[3] == 0
    assert tokens == sum(len(e.ids) for e in encodings)
    assert all(sum(e.type_ids) > 0 for e in encodings)


def test_a_graph_without_an_attention_mask_is_refused(tmp_path: Path) -> None:
    folder = _tiny_verifier(tmp_path / "model", ("input_ids", "attention_mask"))
    # The same graph with its mask input renamed: it no longer takes what the runtime feeds.
    model = onnx.load(str(folder / "tiny.onnx"))
    model.graph.input[1].name = "mask"
    for node in model.graph.node:
        node.input[:] = ["mask" if name == "attention_mask" else name for name in node.input]
    write_model_folder(folder, model.SerializeToString(), "tiny.onnx")
    with pytest.raises(JudgeError, match=r"takes inputs \['input_ids', 'mask'\]"):
        VerifierModel(folder)


def test_a_runtime_that_cannot_be_imported_is_named_with_its_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: onnxruntime 1.18 beside numpy 2 raises an ImportError with no message at all, and
    # every record read "judge 'local' failed: ImportError".
    (tmp_path / "onnxruntime").mkdir()
    (tmp_path / "onnxruntime" / "__init__.py").write_text("raise ImportError()\n")
    monkeypatch.delitem(sys.modules, "onnxruntime", raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    versions = ", ".join(
        f"{name} {importlib.metadata.version(name)}"
        for name in ("onnxruntime", "tokenizers", "numpy")
    )
    with pytest.raises(JudgeError) as caught:
        VerifierModel(MODEL_DIR)
    assert str(caught.value) == (
        f"local verifier could not import its runtime ({versions}): ImportError"
    )


def test_the_shipped_configs_figures_are_its_metrics_files() -> None:
    # config.json carries a copy of metrics.json (the model card is made from the latter): the
    # two had disagreed on the negation figure (0.0352 against the 0.0372 run 44 measured).
    config = json.loads((MODEL_DIR / "config.json").read_text(encoding="utf-8"))
    metrics = json.loads((MODEL_DIR / "metrics.json").read_text(encoding="utf-8"))
    assert config["metrics"] == metrics


# A claim of some 200 tokens: past half the model's 256, so a long passage beside it cuts it.
_LONG_CLAIM = (
    "Vitamin D supplementation reduced the rate of hip fractures in elderly women. "
    + "Readers in several fields have discussed how such trials are run in nursing homes. " * 10
    + "The effect disappeared entirely after the second year of follow-up."
)
_PASSAGE = (
    "Vitamin D supplementation reduced the rate of hip fractures by 30% in elderly women. " * 4
)


def test_claim_read_says_how_much_of_a_long_claim_the_model_reads() -> None:
    model = VerifierModel(MODEL_DIR)
    # A claim of ordinary length is read whole beside any passage: nothing to say.
    assert model.claim_read("Vitamin D reduced hip fractures.", [_PASSAGE, _PASSAGE * 3]) is None
    # Beside a short passage the long claim fits; beside a long one it is cut, its last
    # sentence never read: how far it was read, in characters of the claim, at a word's end.
    assert model.claim_read(_LONG_CLAIM, ["Vitamin D."]) is None
    read = model.claim_read(_LONG_CLAIM, ["Vitamin D.", _PASSAGE * 3])
    assert read is not None and read < _LONG_CLAIM.index("The effect disappeared")
    assert _LONG_CLAIM[read - 1].isalnum() and not _LONG_CLAIM[read].isalnum()
    # A claim past the model's whole input is cut even alone.
    assert model.claim_read(_LONG_CLAIM * 3, ["Vitamin D."]) is not None
