"""Benchmark the shipped local verifier: model load time and claim-passage pairs per second.

    .venv/bin/python -m training.bench_local [--repeats 5] [--pairs 512] [--threads 2]

Pairs are real SciFact (claim, abstract sentence) pairs from the validation claims' cited
abstracts, truncated at the runtime's 256 tokens. Prints medians over repeated runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from claimaudit.judges.local.runtime import MODEL_DIR, VerifierModel
from training import data


def real_pairs(n: int) -> list[tuple[str, list[str]]]:
    claims = data.scifact_claims()
    corpus = data.scifact_corpus()
    val = data.carve_val_ids(claims)
    groups: list[tuple[str, list[str]]] = []
    total = 0
    for claim in claims:
        if int(claim["id"]) not in val:
            continue
        for doc in claim["cited_doc_ids"]:
            sentences = corpus[int(doc)]["abstract"]
            groups.append((claim["claim"], sentences))
            total += len(sentences)
        if total >= n:
            break
    return groups


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=512)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--model-dir", type=Path, default=MODEL_DIR, help="another model folder")
    args = parser.parse_args()

    loads = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        model = VerifierModel(args.model_dir, args.threads)
        loads.append(time.perf_counter() - start)
    groups = real_pairs(args.pairs)
    n_pairs = sum(len(s) for _, s in groups)
    model.logits(groups[0][0], groups[0][1])  # warm-up
    rates = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        for claim, sentences in groups:
            model.logits(claim, sentences)
        rates.append(n_pairs / (time.perf_counter() - start))
    # Also one large batch per claim-set, as a paper with many candidate passages is scored.
    flat = [(c, s) for c, ss in groups for s in ss]
    big_rates = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        for i in range(0, len(flat), 64):
            chunk = flat[i : i + 64]
            model.logits(chunk[0][0], [s for _, s in chunk])
        big_rates.append(len(flat) / (time.perf_counter() - start))
    # Worst case: passages of several sentences, so every pair is cut at the 256-token limit.
    long = [(c, [" ".join(ss[i : i + 8]) for i in range(0, len(ss), 2)]) for c, ss in groups]
    n_long = sum(len(p) for _, p in long)
    long_rates = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        for claim, passages in long:
            model.logits(claim, passages)
        long_rates.append(n_long / (time.perf_counter() - start))
    size = (args.model_dir / model.config.model_file).stat().st_size / 1e6
    print(f"model {model.model_id}: {size:.1f} MB, threads {args.threads}")
    print(
        f"load time: first {loads[0]:.3f} s (includes importing onnxruntime), "
        f"median {statistics.median(loads):.3f} s over {args.repeats} loads"
    )
    print(
        f"throughput, one call per paper ({len(groups)} papers, {n_pairs} pairs): "
        f"median {statistics.median(rates):.1f} pairs/s"
    )
    print(f"throughput, 64-passage calls: median {statistics.median(big_rates):.1f} pairs/s")
    print(
        f"throughput, {n_long} pairs at the 256-token limit: "
        f"median {statistics.median(long_rates):.1f} pairs/s"
    )


if __name__ == "__main__":
    main()
