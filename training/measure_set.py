"""One dev or fresh set scored afresh with a model folder's own aggregator, outside the score
cache ``training.measure`` keeps (a change in how a set's claims are read re-scores that set
alone, in minutes, where the cache would score two thousand papers again).

    .venv/bin/python -m training.measure_set MODEL_DIR SET [SET ...]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from claimaudit.judges.local.runtime import VerifierConfig, VerifierModel
from training import papers as paper_sets
from training.calibrate import judge_set, summarise
from training.calibration_data import build, score_all
from training.measure import SEED

SETS = {**paper_sets.DEV_SETS, **paper_sets.FRESH_SETS}


def measure_set(model_dir: Path, name: str) -> dict[str, object]:
    config = VerifierConfig.read(model_dir)
    params = config.aggregator
    final = (params.mean, params.scale, params.weights, params.bias)
    papers = build(SETS[name](), SEED, synthetic=False)
    score_all(papers, VerifierModel(model_dir))
    relation, judged = judge_set(
        papers, final, params.passage_temperature, params.evidence_temperature
    )
    return summarise(papers, relation, judged)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, metavar="MODEL_DIR")
    parser.add_argument("sets", nargs="+", choices=sorted(SETS), metavar="SET")
    args = parser.parse_args()
    for name in args.sets:
        print(json.dumps({name: measure_set(args.folder, name)}))


if __name__ == "__main__":
    main()
