"""Measure a model folder exactly as it is configured: nothing is fitted.

    .venv/bin/python -m training.measure MODEL_DIR [MODEL_DIR ...] [--baseline OLD.measure.json]

``training.calibrate`` refits the aggregator and reports out-of-fold figures; this script scores
every calibration and dev paper as the folder's ``config.json`` says (batch size included) and
applies the folder's own aggregator, so that two folders that share an aggregator but differ in
how pairs are scored can be compared pair by pair. The calibration sets are in-sample here (the
aggregator was fitted on them, under the scoring it was calibrated with); the dev sets never
were. With two or more folders it also prints, per set, McNemar's exact p-value on the papers
one folder gets right and the other wrong (``training.compare_fullpaper``). Each folder's
figures are written to ``MODEL_DIR.measure.json``. A change of code rather than of folder (how
the reader reads passages) is compared with ``--baseline``: a ``.measure.json`` the same folder
gave before the change, taken as the first row. Sets no model was chosen on
(``training.papers.FRESH_SETS``, first read by run 16) are scored and reported beside the five,
outside their mean, so that means stay comparable with earlier runs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

from claimaudit.judges.local.runtime import VerifierConfig, VerifierModel
from training.calibrate import (
    judge_set,
    negation_consistency,
    scored_fresh_sets,
    scored_papers,
    summarise,
)
from training.calibration_data import Paper
from training.compare_fullpaper import mcnemar_exact
from training.macro_f1 import COLLAPSE as _COLLAPSE

SEED = 13  # calibrate's default: the same papers and synthetic edits


def measure(model_dir: Path) -> dict[str, object]:
    config = VerifierConfig.read(model_dir)
    params = config.aggregator
    final = (params.mean, params.scale, params.weights, params.bias)
    model = VerifierModel(model_dir)
    cal, dev = scored_papers(model_dir, model, SEED)
    sets: dict[str, list[Paper]] = {
        name: [p for p in cal if p.dataset == name]
        for name in ("scifact", "citation-integrity", "check-covid")
    }
    sets.update(dev)
    fresh = scored_fresh_sets(model, SEED)  # run 16's sets, outside the cached scores
    figures: dict[str, object] = {}
    right: dict[str, dict[str, bool]] = {}
    for name, papers in {**sets, **fresh}.items():
        relation, judged = judge_set(
            papers, final, params.passage_temperature, params.evidence_temperature
        )
        figures[name] = summarise(papers, relation, judged)
        pred = _COLLAPSE[relation.argmax(1)]
        right[name] = {
            f"{p.claim_id}#{i}": bool(pred[i] == _COLLAPSE[p.label])
            for i, p in enumerate(papers)
            if p.real
        }
    both = pairs = 0
    for papers in (sets["scifact"], *dev.values()):
        b, n = negation_consistency(model, papers, final, params.passage_temperature)
        both, pairs = both + b, pairs + n
    five = [figures[name]["macro_f1"] for name in sets]  # type: ignore[index]
    return {
        "folder": str(model_dir),
        "batch_size": config.batch_size,
        "sets": figures,
        "mean_of_five": round(float(np.mean(five)), 4),
        "negation_both_supports": round(both / pairs, 4) if pairs else None,
        "negation_pairs": pairs,
        "right": right,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, metavar="MODEL_DIR")
    parser.add_argument("--baseline", type=Path, help="an earlier MODEL_DIR.measure.json")
    args = parser.parse_args()
    results: list[Any] = []  # measure() results and earlier ones read back
    if args.baseline is not None:
        results.append(json.loads(args.baseline.read_text(encoding="utf-8")))
    for folder in args.folders:
        result = measure(folder)
        out = folder.with_name(folder.name + ".measure.json")
        out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        results.append(result)
    names = list(results[0]["sets"])
    print("| folder | batch | " + " | ".join(names) + " | mean of 5 | negation |")
    print("|---" * (len(names) + 4) + "|")
    for r in results:
        cells = [f"{r['sets'][n]['macro_f1']:.3f}" for n in names]
        print(
            f"| {Path(str(r['folder'])).name} | {r['batch_size']} | "
            + " | ".join(cells)
            + f" | {r['mean_of_five']:.3f} | {r['negation_both_supports']} |"
        )
    base = results[0]
    for other in results[1:]:
        for name in names:
            a, b = base["right"][name], other["right"][name]
            won = sum(b[k] and not a[k] for k in a)
            lost = sum(a[k] and not b[k] for k in a)
            print(
                f"{name}: {Path(str(other['folder'])).name} against "
                f"{Path(str(base['folder'])).name}: {won} won, {lost} lost, "
                f"McNemar p = {mcnemar_exact(won, lost):.2f}"
            )


if __name__ == "__main__":
    main()
