"""Static int8 quantisation of the verifier, measured against fp32 and the shipped dynamic int8.

    .venv/bin/python -m training.probe_static_int8 FP32.onnx [VARIANT ...] [--speed]

Dynamic int8 (the shipped file) takes each activation's scale from the batch it runs in, so a
window's logits move with the other windows scored beside it (run 8). Static int8 fixes the
scales once, from calibration pairs, and is batch-invariant by construction. A VARIANT names
the calibration and which MatMuls stay float: ``minmax`` quantises every weight MatMul (the
attention's activation-by-activation products always stay float); ``minmax-f`` keeps every
feed-forward output projection float; ``minmax-q345`` keeps those float except in layers 3, 4
and 5. Calibration pairs come from SciFact training claims (never validation); the measure is
512 SciFact validation pairs, each scored alone and in length-sorted batches of 32, against
fp32. ``--speed`` adds pairs per second (each pair alone; the shipped file also in batches).
Results are in ``training/EXPERIMENTS.md`` (run 13); files go to ``training/work/r13``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from onnxruntime.quantization import (
    CalibrationDataReader,
    CalibrationMethod,
    QuantFormat,
    QuantType,
    quantize_static,
)

from claimaudit.judges.local.runtime import MODEL_DIR, VerifierModel
from training import data
from training.bench_local import real_pairs

Feed = dict[str, np.ndarray]
OUT = Path("training/work/r13")


def _feeds(model: VerifierModel, pairs: list[tuple[str, str]]) -> list[Feed]:
    feeds = []
    for enc in model.tokenizer.encode_batch(pairs):
        feeds.append(
            {
                "input_ids": np.array([enc.ids], np.int64),
                "attention_mask": np.ones((1, len(enc.ids)), np.int64),
                "token_type_ids": np.array([enc.type_ids], np.int64),
            }
        )
    return feeds


def calibration_pairs(n: int = 400, seed: int = 0) -> list[tuple[str, str]]:
    """Training claims against one to four sentences of a cited abstract (window-like)."""
    rnd = random.Random(seed)
    claims = data.scifact_claims()
    corpus = data.scifact_corpus()
    held_out = data.carve_val_ids(claims)
    pairs = []
    for claim in claims:
        if int(claim["id"]) in held_out:
            continue
        for doc in claim["cited_doc_ids"]:
            sentences = corpus[int(doc)]["abstract"]
            start, size = rnd.randrange(len(sentences)), rnd.choice([1, 1, 2, 4])
            pairs.append((claim["claim"], " ".join(sentences[start : start + size])))
    rnd.shuffle(pairs)
    return pairs[:n]


class _Reader(CalibrationDataReader):  # type: ignore[misc]  # onnxruntime has no type hints
    def __init__(self, feeds: list[Feed]) -> None:
        self._feeds: Iterator[Feed] = iter(feeds)

    def get_next(self) -> Feed | None:
        return next(self._feeds, None)


def _session(path: Path) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.intra_op_num_threads = 2
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.log_severity_level = 3
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def each_alone(session: ort.InferenceSession, feeds: list[Feed]) -> np.ndarray:
    return np.concatenate([session.run(["logits"], feed)[0] for feed in feeds])


def in_batches(session: ort.InferenceSession, feeds: list[Feed], size: int = 32) -> np.ndarray:
    order = sorted(range(len(feeds)), key=lambda i: feeds[i]["input_ids"].shape[1])
    out = np.zeros((len(feeds), 4), np.float32)
    for start in range(0, len(order), size):
        rows = order[start : start + size]
        width = max(feeds[i]["input_ids"].shape[1] for i in rows)
        batch = {name: np.zeros((len(rows), width), np.int64) for name in feeds[0]}
        for row, index in enumerate(rows):
            n = feeds[index]["input_ids"].shape[1]
            for name in batch:
                batch[name][row, :n] = feeds[index][name][0]
        out[rows] = session.run(["logits"], batch)[0]
    return out


def _float_matmuls(fp32: Path, variant: str) -> list[str]:
    graph = onnx.load(str(fp32)).graph
    weights = {init.name for init in graph.initializer}
    matmuls = [node.name for node in graph.node if node.op_type == "MatMul"]
    products = [n for n in matmuls if not any(i in weights for i in _inputs(graph, n))]
    ffn_out = [n for n in matmuls if "/output/dense/" in n and "attention" not in n]
    parts = variant.split("-")
    kept = {f"layer.{c}/" for part in parts if part.startswith("q") for c in part[1:]}
    if kept:
        return products + [n for n in ffn_out if not any(k in n for k in kept)]
    return products + (ffn_out if "f" in parts else [])


def _inputs(graph: onnx.GraphProto, name: str) -> list[str]:
    return next(list(node.input) for node in graph.node if node.name == name)


def measure(ref: np.ndarray, alone: np.ndarray, batched: np.ndarray) -> dict[str, float]:
    diff = np.abs(alone - ref)
    return {
        "mean_logit_diff": float(diff.mean()),
        "p95_logit_diff": float(np.percentile(diff, 95)),
        "max_logit_diff": float(diff.max()),
        "argmax_differs": float((alone.argmax(1) != ref.argmax(1)).mean()),
        "alone_vs_batched_max": float(np.abs(batched - alone).max()),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("fp32", type=Path, help="the fp32 export the shipped int8 file came from")
    parser.add_argument("variants", nargs="*", default=["minmax-q345"])
    parser.add_argument("--speed", action="store_true")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    model = VerifierModel(MODEL_DIR, threads=2)
    pairs = [(claim, text) for claim, texts in real_pairs(512) for text in texts][:512]
    feeds = _feeds(model, pairs)
    ref = each_alone(_session(args.fp32), feeds)
    sessions = {"dynamic (shipped)": _session(MODEL_DIR / model.config.model_file)}
    calibration = _feeds(model, calibration_pairs())
    for variant in args.variants:
        path = OUT / f"static-{variant}.onnx"
        quantize_static(
            str(args.fp32),
            str(path),
            _Reader(calibration),
            quant_format=QuantFormat.QDQ,
            per_channel=True,
            weight_type=QuantType.QInt8,
            activation_type=QuantType.QUInt8,
            op_types_to_quantize=["MatMul"],
            nodes_to_exclude=_float_matmuls(args.fp32, variant),
            calibrate_method=CalibrationMethod.MinMax,
            extra_options={"ActivationSymmetric": False, "WeightSymmetric": True},
        )
        sessions[variant] = _session(path)
    results = {}
    for name, session in sessions.items():
        results[name] = measure(ref, each_alone(session, feeds), in_batches(session, feeds))
        print(name, json.dumps(results[name]), flush=True)
    if args.speed:
        runs: dict[str, list[float]] = {name: [] for name in [*sessions, "dynamic, batches of 32"]}
        for _ in range(5):
            for name in runs:
                session = sessions.get(name, sessions["dynamic (shipped)"])
                run = in_batches if name.endswith("32") else each_alone
                start = time.perf_counter()
                run(session, feeds)
                runs[name].append(len(feeds) / (time.perf_counter() - start))
        for name, rates in runs.items():
            results.setdefault(name, {})["pairs_per_s"] = statistics.median(rates)
            print(name, "median pairs/s", round(statistics.median(rates), 1), flush=True)
    (OUT / "static_int8.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
