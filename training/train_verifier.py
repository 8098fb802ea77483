"""Train, export and calibrate the embedded verifier: one command, reproducible.

    .venv/bin/python -m training.train_verifier            # all stages
    .venv/bin/python -m training.train_verifier --stage calibrate   # rerun one stage

Stages: ``train`` (fine-tune all-MiniLM-L6-v2 as a 4-class cross-encoder; state and one
checkpoint per epoch in ``--run-dir``, training/work/run by default), ``export`` (ONNX, int8
dynamic quantisation, agreement check against torch) and ``calibrate`` (score SciFact validation
papers with the shipped int8 model, fit temperature and the paper-level aggregator, write
config.json, metrics.json and MODEL_CARD.md into the model folder).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from training.data import Pair, read_pairs

if TYPE_CHECKING:
    import numpy as np
    from tokenizers import Tokenizer

    from training.model import Verifier
    from training.train_loop import Encoded

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "training" / "work"
MODEL_DIR = ROOT / "src" / "claimaudit" / "judges" / "local" / "model"
# Sentence pairs are far shorter; multi-sentence contexts use the whole window, as the
# runtime's second pass does.
TRAIN_MAX_LENGTH = 256
RUNTIME_MAX_LENGTH = 256


def stage_train(args: argparse.Namespace) -> None:
    import torch

    from training.data import describe
    from training.model import base_model_dir, load_tokenizer
    from training.train_loop import TrainConfig, encode, train

    def build_pairs() -> list[Pair]:
        # Imported only when the pairs are not built yet: building needs spaCy, training not.
        from training.build_dataset import build

        return build(args.seed, args.contrast_scale)

    torch.set_num_threads(args.threads)
    run = args.run_dir
    run.mkdir(parents=True, exist_ok=True)
    pairs = load_or_build_pairs(run / "pairs.jsonl", build_pairs)
    teacher = per_pair_rows(args.teacher_logits, len(pairs))
    bias = per_pair_rows(args.bias_log_probs, len(pairs))
    if args.limit:
        kept = random.Random(args.seed).sample(range(len(pairs)), args.limit)
        pairs = [pairs[i] for i in kept]
        teacher = teacher[kept] if teacher is not None else None
        bias = bias[kept] if bias is not None else None
    print("train:", describe(pairs), flush=True)
    base = args.base or base_model_dir()
    tokenizer = load_tokenizer(base / "tokenizer.json", TRAIN_MAX_LENGTH)
    model = initial_model(base if args.base else None, args.init)
    config = TrainConfig(
        epochs=args.epochs, lr=args.lr, batch_tokens=args.batch_tokens,
        max_minutes=args.max_minutes, seed=args.seed, device=args.device,
        pair_weight=args.pairwise_weight, pair_margin=args.pairwise_margin,
        distill_weight=args.distill_weight, distill_temperature=args.distill_temperature,
        poe_weight=args.poe_weight if bias is not None else 0.0,
    )  # fmt: skip
    groups = None
    if args.pairwise_weight > 0:
        groups = load_groups(run / "groups.jsonl", tokenizer)
        print(f"ranking {len(groups)} contrast groups", flush=True)
    if teacher is not None:
        print(f"distilling from {args.teacher_logits} (weight {args.distill_weight}, T "
              f"{args.distill_temperature})", flush=True)  # fmt: skip
    if bias is not None:
        print(f"product of experts with {args.bias_log_probs} (weight {args.poe_weight})",
              flush=True)  # fmt: skip
    labels = [p.label for p in pairs]
    train(model, encode(tokenizer, pairs), labels, config, run, groups, teacher, bias)


def per_pair_rows(path: Path | None, n_pairs: int) -> np.ndarray | None:
    """An npz's ``pairs`` array (one row per training pair), checked against the pairs."""
    if path is None:
        return None
    import numpy as np

    rows: np.ndarray = np.load(path)["pairs"]
    if len(rows) != n_pairs:
        raise SystemExit(f"{path}: {len(rows)} rows for {n_pairs} pairs")
    return rows


def final_epoch(run_dir: Path, epochs: float) -> Path:
    """The weights a run of ``epochs`` epochs ends with: each run keeps its own, so runs side
    by side never export each other's."""
    return run_dir / f"epoch{epochs:g}.pt"


def initial_model(base: Path | None, init: Path | None) -> Verifier:
    """The network to train: the base model's weights, or ``init``'s (a torch state dict, or an
    int8 ONNX verifier recovered to float). With ``base`` the base model's package is not
    needed: its folder holds config.json and tokenizer.json, and either the encoder's own
    pre-trained weights (model.safetensors: another family, a new head) or none, when ``init``
    gives them all."""
    if base is not None and init is None and not (base / "model.safetensors").is_file():
        raise SystemExit("--base holds no weights: give --init (a .pt state dict or .onnx file)")
    import torch

    from training.model import Verifier
    from training.recover_weights import load_recovered

    if base is None:
        model = Verifier.from_base()
    elif init is None:
        return Verifier.from_pretrained(base)
    else:
        model = Verifier.from_config(base / "config.json")
    if init is None:
        return model
    if init.suffix == ".onnx":
        load_recovered(model, init)
    else:
        model.load_state_dict(torch.load(init, map_location="cpu"))
    return model


def load_or_build_pairs(path: Path, build: Callable[[], list[Pair]]) -> list[Pair]:
    """The run's training pairs, built once: a resumed run must see exactly the same data."""
    if path.is_file():
        return read_pairs(path)
    pairs = build()
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as handle:
        for pair in pairs:
            handle.write(json.dumps(dataclasses.asdict(pair), ensure_ascii=False) + "\n")
    tmp.replace(path)
    return pairs


def load_groups(path: Path, tokenizer: Tokenizer) -> list[tuple[Encoded, Encoded]]:
    """``training.contrast_groups``'s (winner, loser) pairs, encoded."""
    from training.train_loop import encode

    if not path.is_file():
        raise SystemExit(f"--pairwise-weight needs {path} (python -m training.contrast_groups)")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]

    def pair(row: dict[str, object]) -> Pair:
        return Pair(str(row["claim"]), str(row["passage"]), int(str(row["label"])), "")

    winners = encode(tokenizer, [pair(r["winner"]) for r in rows])
    losers = encode(tokenizer, [pair(r["loser"]) for r in rows])
    return list(zip(winners, losers, strict=True))


def stage_export(args: argparse.Namespace) -> None:
    checkpoint = args.checkpoint or final_epoch(args.run_dir, args.epochs)
    if not checkpoint.is_file():
        raise SystemExit(f"no weights to export at {checkpoint}: train first, or give --checkpoint")
    from training import export_check
    from training.export_onnx import agreement_on, export
    from training.papers import calibration_items

    args.model_dir.mkdir(parents=True, exist_ok=True)
    export(checkpoint, args.model_dir, threads=args.threads, base=args.base)
    rng = random.Random(args.seed)
    items = rng.sample(calibration_items(), 300)
    pairs = [(i.claim, rng.choice(i.sentences)) for i in items]
    agree = agreement_on(
        args.model_dir / "model.int8.onnx", checkpoint, pairs, args.threads, args.base
    )
    print(f"int8 ONNX vs torch argmax agreement on {len(pairs)} validation pairs: {agree:.3f}")
    export_check.write(args.model_dir, agree, len(pairs))


def stage_calibrate(args: argparse.Namespace) -> None:
    from training.calibrate import calibrate

    calibrate(
        args.model_dir,
        seed=args.seed,
        command=args.command_line,
        preselect_limit=args.preselect_limit,
        window_mode=args.window_mode,
        bucket_ratio=args.bucket_ratio,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--stage", choices=["all", "train", "export", "calibrate"], default="all")
    parser.add_argument("--epochs", type=float, default=3.0)
    parser.add_argument("--lr", type=float, default=4e-5)
    parser.add_argument("--batch-tokens", type=int, default=2048, help="padded tokens per step")
    parser.add_argument("--contrast-scale", type=float, default=1.0, help="scale contrast caps")
    parser.add_argument("--max-minutes", type=float, default=600.0, help="stop (resumable) after")
    parser.add_argument("--run-dir", type=Path, default=WORK / "run", help="state and epochs")
    parser.add_argument(
        "--pairwise-weight", type=float, default=0.0, help="rank RUN_DIR/groups.jsonl (run 20)"
    )
    parser.add_argument("--pairwise-margin", type=float, default=1.0, help="in log P(supports)")
    parser.add_argument(
        "--teacher-logits",
        type=Path,
        default=None,
        help="a teacher's logits for RUN_DIR/pairs.jsonl (training.teacher's logits.npz; run 38)",
    )
    parser.add_argument("--distill-weight", type=float, default=0.5, help="with --teacher-logits")
    parser.add_argument("--distill-temperature", type=float, default=2.0)
    parser.add_argument(
        "--bias-log-probs",
        type=Path,
        default=None,
        help="a shallow bias model's log-probabilities for RUN_DIR/pairs.jsonl (training.debias;"
        " run 39): product-of-experts training",
    )
    parser.add_argument("--poe-weight", type=float, default=1.0, help="with --bias-log-probs")
    parser.add_argument(
        "--init", type=Path, default=None, help="start from these weights (.pt, or int8 .onnx)"
    )
    parser.add_argument(
        "--base",
        type=Path,
        default=None,
        help="config.json and tokenizer.json of the base: where its package is absent (GPU), or"
        " another encoder family (its config's model_type; run 38)",
    )
    parser.add_argument(
        "--checkpoint", type=Path, default=None, help="export these (default: RUN_DIR's last epoch)"
    )
    parser.add_argument("--device", default="auto", help="auto (CUDA when present), cpu, cuda")
    parser.add_argument("--limit", type=int, default=0, help="train on N pairs (a smoke run)")
    parser.add_argument("--model-dir", type=Path, default=MODEL_DIR, help="export/calibrate here")
    parser.add_argument(
        "--bucket-ratio",
        type=float,
        default=None,
        help="score in length buckets (a batch ends past this many times its shortest pair)",
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--preselect-limit", type=int, default=24, help="windows scored at most")
    parser.add_argument("--window-mode", choices=["sentence", "packed"], default="packed")
    args = parser.parse_args()
    args.command_line = " ".join(["python -m training.train_verifier", *sys.argv[1:]])
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    # Idle OpenMP threads sleep instead of spinning: on a shared two-core machine, spinning
    # threads starve every other process and the run itself (12 instead of 80 pairs/s here).
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    started = time.time()
    if args.stage in ("all", "train"):
        stage_train(args)
    if args.stage in ("all", "export"):
        stage_export(args)
    if args.stage in ("all", "calibrate"):
        stage_calibrate(args)
    print(f"done in {(time.time() - started) / 60:.1f} min", flush=True)


if __name__ == "__main__":
    main()
