"""Export the fine-tuned cross-encoder to ONNX, quantise it to int8 (weights per channel,
activations per token), check it against torch."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import numpy as np
import onnx
import torch

from training.model import Verifier, base_model_dir, collate, load_tokenizer
from training.token_scales import dynamic_int8, per_token_scales

OPSET = 17
SAMPLE = [
    (
        "Vitamin D supplementation reduces fracture risk.",
        "In this trial, vitamin D reduced fractures by 20%.",
    ),
    ("Smoking causes lung cancer.", "We measured rainfall in the Sahel between 1980 and 2000."),
    (
        "Aspirin increases bleeding risk.",
        "Aspirin use was associated with more major bleeding events.",
    ),
    (
        "BRCA1 mutations always cause breast cancer in every carrier.",
        "BRCA1 carriers had a higher risk of breast cancer.",
    ),
    (
        "Metformin lowers HbA1c.",
        "Metformin did not change HbA1c compared with placebo in 400 adults with type 2 "
        "diabetes over twelve months of follow-up.",
    ),
]


def export(checkpoint: Path, model_dir: Path, threads: int = 2, base: Path | None = None) -> None:
    """Write ``model_dir/model.int8.onnx`` and its tokenizer from a torch state dict: of the
    shipped base, or of the encoder whose config.json and tokenizer.json are in ``base``."""
    with tempfile.TemporaryDirectory(prefix="claimaudit-export-") as work:
        _export(checkpoint, Path(work) / "model.fp32.onnx", model_dir, threads, base)


def _load(checkpoint: Path, base: Path | None) -> tuple[Verifier, Path]:
    """The trained network and its tokenizer file."""
    model = Verifier.from_config(base / "config.json") if base else Verifier.from_base()
    model.load_state_dict(torch.load(checkpoint, map_location="cpu"))
    model.eval()
    return model, (base or base_model_dir()) / "tokenizer.json"


def _export(checkpoint: Path, fp32: Path, model_dir: Path, threads: int, base: Path | None) -> None:
    torch.set_num_threads(threads)
    model, tokenizer_file = _load(checkpoint, base)
    tokenizer = load_tokenizer(tokenizer_file, 256)
    encodings = tokenizer.encode_batch(SAMPLE)
    batch = collate([(e.ids, e.type_ids) for e in encodings])
    inputs = model.input_names
    dynamic = {name: {0: "batch", 1: "sequence"} for name in inputs}
    # The TorchScript exporter (dynamo=False) needs no onnxscript and keeps plain BERT ops
    # that quantize_dynamic understands. forward always takes the segment ids; a graph whose
    # encoder ignores them does not keep them as an input.
    torch.onnx.export(
        model,
        (batch["input_ids"], batch["attention_mask"], batch["token_type_ids"]),
        str(fp32),
        input_names=list(inputs),
        output_names=["logits"],
        dynamic_axes={**dynamic, "logits": {0: "batch"}},
        opset_version=OPSET,
        dynamo=False,
    )
    int8 = model_dir / "model.int8.onnx"
    # One activation scale per token, not per call: a pair scores the same in any batch
    # (run 15 in EXPERIMENTS.md).
    onnx.save(per_token_scales(dynamic_int8(fp32, int8)), str(int8))
    shutil.copyfile(tokenizer_file, model_dir / "tokenizer.json")
    with torch.no_grad():
        reference = model(**batch).numpy()
    for path in (fp32, int8):
        got = _run(path, batch, threads)
        agree = float(np.mean(got.argmax(1) == reference.argmax(1)))
        diff = float(np.abs(_softmax(got) - _softmax(reference)).max())
        print(f"{path.name}: argmax agreement {agree:.2f}, max prob diff {diff:.4f}", flush=True)
    print(f"int8 model: {int8.stat().st_size / 1e6:.1f} MB", flush=True)


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(1, keepdims=True))
    out: np.ndarray = e / e.sum(1, keepdims=True)
    return out


def _run(path: Path, batch: dict[str, torch.Tensor], threads: int) -> np.ndarray:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    declared = [node.name for node in session.get_inputs()]
    feeds = {name: batch[name].numpy().astype(np.int64) for name in declared}
    return np.asarray(session.run(["logits"], feeds)[0])


def agreement_on(
    model_path: Path,
    checkpoint: Path,
    pairs: list[tuple[str, str]],
    threads: int = 2,
    base: Path | None = None,
) -> float:
    """Fraction of pairs where the int8 ONNX model and torch pick the same class."""
    model, tokenizer_file = _load(checkpoint, base)
    tokenizer = load_tokenizer(tokenizer_file, 256)
    same = 0
    for start in range(0, len(pairs), 32):
        encodings = tokenizer.encode_batch(pairs[start : start + 32])
        batch = collate([(e.ids, e.type_ids) for e in encodings])
        with torch.no_grad():
            ref = model(**batch).numpy()
        got = _run(model_path, batch, threads)
        same += int(np.sum(ref.argmax(1) == got.argmax(1)))
    return same / max(1, len(pairs))
