"""Fine-tune the cross-encoder: CPU by default, CUDA when present, resumable at any step.

Mixed precision: bfloat16 autocast on CPUs that have it (AMX or AVX-512 BF16 make a step about
three times faster than float32 here) and on CUDA; master weights stay float32. Every
``save_every`` steps the whole run state (weights, optimiser, schedule, step, data order) is
written to ``state.pt`` so an interrupted run resumes where it stopped, and each finished epoch
leaves ``epoch{N}.pt`` (weights only) for model selection.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer

from training.batches import epoch_ends, locate, token_budget_batches
from training.data import SUP, Pair
from training.model import Verifier, collate

Encoded = tuple[list[int], list[int]]


def encode(tokenizer: Tokenizer, pairs: list[Pair]) -> list[Encoded]:
    encodings = tokenizer.encode_batch([(p.claim, p.passage) for p in pairs])
    return [(e.ids, e.type_ids) for e in encodings]


def pick_device(requested: str = "auto") -> torch.device:
    if requested == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(requested)


def bf16_supported(device: torch.device) -> bool:
    if device.type == "cuda":
        return bool(torch.cuda.is_bf16_supported())
    try:
        # torch's stub is untyped; without torch installed (CI) the ignore is unused.
        available = torch.backends.mkldnn.is_available()  # type: ignore[no-untyped-call,unused-ignore]
        return bool(available) and _cpu_has_bf16()
    except AttributeError:
        return False


def _cpu_has_bf16() -> bool:
    try:
        flags = Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return False
    return "avx512_bf16" in flags or "amx_bf16" in flags


@dataclass(frozen=True)
class TrainConfig:
    epochs: float
    lr: float
    batch_tokens: int = 2048
    max_batch: int = 32
    max_minutes: float = 600.0
    seed: int = 13
    save_every: int = 200
    device: str = "auto"
    precision: str = "auto"  # auto | bf16 | fp32
    # Run 20: each step also ranks ``pair_batch`` contrast groups (winner over loser on
    # log P(supports), by at least ``pair_margin``), weighted ``pair_weight`` against the
    # cross-entropy. 0 turns it off.
    pair_weight: float = 0.0
    pair_margin: float = 1.0
    pair_batch: int = 8
    # Run 38: a teacher's logits for the same pairs; the loss becomes (1 - w) * cross-entropy
    # + w * T^2 * KL(teacher || student) at temperature T. 0 turns it off.
    distill_weight: float = 0.0
    distill_temperature: float = 2.0
    # Run 39: product of experts with a shallow bias model's log-probabilities for the same
    # pairs (training.debias): the cross-entropy reads log_softmax(logits) + w * log p_bias.
    # 0 turns it off.
    poe_weight: float = 0.0


@torch.no_grad()
def predict_logits(
    model: Verifier, encoded: list[Encoded], batch_size: int = 64, device: str = "cpu"
) -> np.ndarray:
    model.eval()
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i][0]))
    out = np.zeros((len(encoded), 4), dtype=np.float32)
    for start in range(0, len(order), batch_size):
        idx = order[start : start + batch_size]
        batch = {k: v.to(device) for k, v in collate([encoded[i] for i in idx]).items()}
        out[idx] = model(**batch).float().cpu().numpy()
    return out


def ranking_loss(logits: torch.Tensor, margin: float) -> torch.Tensor:
    """Mean hinge on log P(supports): rows ``[:n]`` are winners, ``[n:]`` their losers."""
    n = logits.shape[0] // 2
    log_sup = torch.log_softmax(logits.float(), dim=-1)[:, SUP]
    return torch.relu(margin - (log_sup[:n] - log_sup[n:])).mean()


def distill_loss(student: torch.Tensor, teacher: torch.Tensor, temperature: float) -> torch.Tensor:
    """T^2 * KL(teacher || student) on the softened distributions, mean over the batch (the
    T^2 keeps its gradients on the cross-entropy's scale whatever T is)."""
    log_student = torch.log_softmax(student.float() / temperature, dim=-1)
    log_teacher = torch.log_softmax(teacher.float() / temperature, dim=-1)
    kl = torch.nn.functional.kl_div(
        log_student, log_teacher, reduction="batchmean", log_target=True
    )
    return kl * temperature**2


def poe_logits(logits: torch.Tensor, bias_log_probs: torch.Tensor, weight: float) -> torch.Tensor:
    """The product of the pair model and the bias model, as logits for the cross-entropy: what
    the bias model already predicts leaves the pair model little gradient."""
    return torch.log_softmax(logits.float(), dim=-1) + weight * bias_log_probs.float()


def train(
    model: Verifier,
    train_enc: list[Encoded],
    train_labels: list[int],
    config: TrainConfig,
    work: Path,
    groups: list[tuple[Encoded, Encoded]] | None = None,
    teacher_logits: np.ndarray | None = None,
    bias_log_probs: np.ndarray | None = None,
) -> None:
    """Train in place; resumes from ``work/state.pt`` when it exists."""
    for name, given in (("teacher logits", teacher_logits), ("bias", bias_log_probs)):
        if given is not None and given.shape != (len(train_enc), 4):
            raise ValueError(f"{name} {given.shape} for {len(train_enc)} pairs")
    biased = bias_log_probs is not None and config.poe_weight > 0
    bias = torch.from_numpy(bias_log_probs) if biased else None
    distilling = teacher_logits is not None and config.distill_weight > 0
    soft = torch.from_numpy(teacher_logits) if distilling else None
    device = pick_device(config.device)
    use_bf16 = config.precision == "bf16" or (config.precision == "auto" and bf16_supported(device))
    model.to(device)
    torch.manual_seed(config.seed)
    # Word embeddings stay frozen: their AdamW update dominates a CPU step and the
    # small data would only overfit them.
    model.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    params = [p for p in model.parameters() if p.requires_grad]
    decay = [p for p in params if p.dim() > 1]
    no_decay = [p for p in params if p.dim() <= 1]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}],
        lr=config.lr,
    )
    lengths = [len(ids) for ids, _ in train_enc]
    rng = random.Random(config.seed)
    epoch_batches = [
        token_budget_batches(lengths, config.batch_tokens, config.max_batch, rng)
        for _ in range(math.ceil(config.epochs))
    ]
    ends = epoch_ends([len(b) for b in epoch_batches], config.epochs)
    ranked = groups if groups and config.pair_weight > 0 else []
    # Fixed before the first step, so a resumed run ranks the same groups at the same steps.
    group_order = random.Random(config.seed + 1).sample(range(len(ranked)), len(ranked))
    total = ends[-1]
    warmup = max(1, int(0.06 * total))

    def schedule(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        return max(0.0, (total - step) / max(1, total - warmup))

    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, schedule)
    state_path = work / "state.pt"
    step = 0
    if state_path.is_file():
        state = torch.load(state_path, map_location=device, weights_only=False)
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        scheduler.load_state_dict(state["scheduler"])
        step = int(state["step"])
        print(f"resumed at step {step}/{total}", flush=True)
    labels = torch.tensor(train_labels)
    start = time.time()
    seen, running, running_rank = 0, 0.0, 0.0
    print(
        f"training: {len(train_enc)} pairs, {total} steps ({len(epoch_batches[0])} per epoch), "
        f"device {device}, {'bf16' if use_bf16 else 'fp32'}",
        flush=True,
    )

    def save_state() -> None:
        tmp = state_path.with_suffix(".tmp")
        torch.save(
            {
                "model": model.state_dict(),
                "optimizer": optimizer.state_dict(),
                "scheduler": scheduler.state_dict(),
                "step": step,
            },
            tmp,
        )
        tmp.replace(state_path)  # atomic: a kill mid-write leaves the previous state

    model.train()
    while step < total:
        epoch, offset = locate(step, ends)
        batch_idx = epoch_batches[epoch][offset]
        batch = {k: v.to(device) for k, v in collate([train_enc[i] for i in batch_idx]).items()}
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=use_bf16):
            logits = model(**batch)
        target = labels[batch_idx].to(device)
        if bias is not None:
            combined = poe_logits(logits, bias[batch_idx].to(device), config.poe_weight)
            loss = torch.nn.functional.cross_entropy(combined, target)
        else:
            loss = torch.nn.functional.cross_entropy(logits.float(), target)
        if soft is not None:
            taught = distill_loss(logits, soft[batch_idx].to(device), config.distill_temperature)
            loss = (1.0 - config.distill_weight) * loss + config.distill_weight * taught
        if ranked:
            picked = [
                group_order[(step * config.pair_batch + j) % len(ranked)]
                for j in range(config.pair_batch)
            ]
            rows = [ranked[g][0] for g in picked] + [ranked[g][1] for g in picked]
            pair_inputs = {k: v.to(device) for k, v in collate(rows).items()}
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=use_bf16):
                rank = ranking_loss(model(**pair_inputs), config.pair_margin)
            running_rank = 0.98 * running_rank + 0.02 * rank.item()
            loss = loss + config.pair_weight * rank
        loss.backward()  # type: ignore[no-untyped-call,unused-ignore]  # torch: unannotated
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        step += 1
        seen += len(batch_idx)
        running = 0.98 * running + 0.02 * loss.item() if seen > len(batch_idx) else loss.item()
        elapsed = time.time() - start
        if step % 100 == 0:
            print(
                f"step {step}/{total} epoch {epoch + 1} loss {running:.4f} "
                f"{f'rank {running_rank:.4f} ' if ranked else ''}"
                f"{seen / elapsed:.1f} pairs/s {elapsed / 60:.1f} min",
                flush=True,
            )
        if step % config.save_every == 0:
            save_state()
        if step in ends:
            finished = ends.index(step) + 1
            whole = finished <= config.epochs
            name = f"epoch{finished}.pt" if whole else f"epoch{config.epochs:g}.pt"
            torch.save(model.state_dict(), work / name)
            save_state()
            print(f"saved {name}", flush=True)
        if elapsed > config.max_minutes * 60:
            save_state()
            print(f"time budget reached at step {step}; rerun to resume", flush=True)
            return
    model.to("cpu")
