"""Train, export and calibrate the embedded verifier: one command, reproducible.

    .venv/bin/python -m training.train_verifier            # all stages
    .venv/bin/python -m training.train_verifier --stage calibrate   # rerun one stage

Stages: ``train`` (fine-tune all-MiniLM-L6-v2 as a 4-class cross-encoder; checkpoint in
training/work/), ``export`` (ONNX, int8 dynamic quantisation, agreement check against torch) and
``calibrate`` (score SciFact validation papers with the shipped int8 model, fit temperature and the
paper-level aggregator, write config.json, metrics.json and MODEL_CARD.md into the model folder).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "training" / "work"
CHECKPOINT = WORK / "verifier.pt"
MODEL_DIR = ROOT / "src" / "claimaudit" / "judges" / "local" / "model"
TRAIN_MAX_LENGTH = 128
RUNTIME_MAX_LENGTH = 256


def stage_train(args: argparse.Namespace) -> None:
    import torch

    from training.build_dataset import build, describe, scifact_split
    from training.model import Verifier, base_model_dir, load_tokenizer
    from training.train_loop import encode, evaluate, train

    torch.set_num_threads(args.threads)
    train_pairs, val_pairs, _ = build(args.seed)
    if args.limit:
        train_pairs = random.Random(args.seed).sample(train_pairs, args.limit)
        val_pairs = val_pairs[: max(64, args.limit // 4)]
    print("train:", describe(train_pairs), flush=True)
    print("val:", describe(val_pairs), flush=True)
    tokenizer = load_tokenizer(base_model_dir() / "tokenizer.json", TRAIN_MAX_LENGTH)
    train_enc = encode(tokenizer, train_pairs)
    val_enc = encode(tokenizer, val_pairs)
    model = Verifier.from_base()
    if args.resume:
        # Continue from an earlier checkpoint instead of the base model.
        model.load_state_dict(torch.load(args.resume, map_location="cpu"))
    WORK.mkdir(parents=True, exist_ok=True)
    val_labels = [p.label for p in val_pairs]
    if args.epochs > 0:
        # Phase 1: the whole mix (every dataset plus synthetic hard cases).
        train(
            model, train_enc, [p.label for p in train_pairs], val_enc, val_labels,
            epochs=args.epochs, lr=args.lr, checkpoint=WORK / "verifier_general.pt",
            batch_size=args.batch_size, seed=args.seed, max_minutes=args.max_minutes,
        )  # fmt: skip
    if args.focus_epochs > 0:
        # Phase 2: the target domain. SciFact pairs (and their synthetic hard cases) plus a
        # fifth of the other data, at a lower learning rate, so the model settles on biomedical
        # abstracts without forgetting the rest.
        rng = random.Random(args.seed + 2)
        focus = [i for i, p in enumerate(train_pairs) if p.source.startswith("scifact")]
        rest = [i for i, p in enumerate(train_pairs) if not p.source.startswith("scifact")]
        keep = sorted(focus + rng.sample(rest, int(args.focus_others * len(rest))))
        print("focus:", describe([train_pairs[i] for i in keep]), flush=True)
        train(
            model, [train_enc[i] for i in keep], [train_pairs[i].label for i in keep], val_enc,
            val_labels, epochs=args.focus_epochs, lr=args.focus_lr, checkpoint=CHECKPOINT,
            batch_size=args.batch_size, seed=args.seed, max_minutes=args.max_minutes,
        )  # fmt: skip
    if args.polish_epochs > 0:
        # Phase 3: rationale selection. Every non-rationale sentence of each cited SciFact
        # abstract is a negative (phases 1-2 saw three per abstract), so the model learns which
        # sentence of an on-topic abstract carries the evidence; 10% of the other data stays.
        rng = random.Random(args.seed + 3)
        polish_pairs = scifact_split(rng, related_per_doc=100)[0]
        others = [p for p in train_pairs if not p.source.startswith("scifact")]
        polish_pairs += rng.sample(others, len(others) // 10)
        print("polish:", describe(polish_pairs), flush=True)
        train(
            model, encode(tokenizer, polish_pairs), [p.label for p in polish_pairs], val_enc,
            val_labels, epochs=args.polish_epochs, lr=args.polish_lr, checkpoint=CHECKPOINT,
            batch_size=args.batch_size, seed=args.seed, max_minutes=args.max_minutes,
        )  # fmt: skip
    if args.focus_epochs <= 0 and args.polish_epochs <= 0:
        torch.save(model.state_dict(), CHECKPOINT)
    if not args.limit:
        evaluate(model, val_enc, val_labels, "final")


def stage_export(args: argparse.Namespace) -> None:
    import json

    from training.build_dataset import build
    from training.export_onnx import agreement_on, export

    args.model_dir.mkdir(parents=True, exist_ok=True)
    export(CHECKPOINT, WORK, args.model_dir, threads=args.threads)
    _, val_pairs, _ = build(args.seed)
    sample = random.Random(args.seed).sample(val_pairs, 300)
    pairs = [(p.claim, p.passage) for p in sample]
    agree = agreement_on(args.model_dir / "model.int8.onnx", CHECKPOINT, pairs, args.threads)
    print(f"int8 ONNX vs torch argmax agreement on {len(pairs)} validation pairs: {agree:.3f}")
    check = {"int8_torch_agreement": round(agree, 4), "agreement_pairs": len(pairs)}
    (WORK / "export_check.json").write_text(json.dumps(check) + "\n", encoding="utf-8")


def stage_calibrate(args: argparse.Namespace) -> None:
    from training.calibrate import calibrate

    calibrate(args.model_dir, seed=args.seed, command=args.command_line)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--stage", choices=["all", "train", "export", "calibrate"], default="all")
    parser.add_argument("--epochs", type=float, default=2.0)
    parser.add_argument("--max-minutes", type=float, default=50.0, help="wall-clock cap per phase")
    parser.add_argument("--focus-epochs", type=float, default=3.0, help="phase 2 (SciFact) epochs")
    parser.add_argument("--focus-lr", type=float, default=3e-5)
    parser.add_argument("--polish-epochs", type=float, default=0.0, help="phase 3 epochs")
    parser.add_argument("--polish-lr", type=float, default=2e-5)
    parser.add_argument("--focus-others", type=float, default=0.2, help="share of other data")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=5e-5)
    parser.add_argument("--limit", type=int, default=0, help="train on N pairs (a smoke run)")
    parser.add_argument("--resume", type=Path, default=None, help="start from this checkpoint")
    parser.add_argument("--model-dir", type=Path, default=MODEL_DIR, help="export/calibrate here")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    args.command_line = " ".join(["python -m training.train_verifier", *sys.argv[1:]])
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
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
