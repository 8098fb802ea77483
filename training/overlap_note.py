"""Run 33: a review note when the quoted evidence shares few of the claim's words.

For every real paper of the five validation sets that a model folder's shipped aggregator calls
``supports`` with an evidence passage (the judged passage, as ``calibrate.judge_set`` answers),
how often the candidate note would be shown on right ones (gold ``supports``) and on wrong
ones; then the same on a full-paper run's quoted evidence (``training.eval_fullpaper --out``):

    .venv/bin/python -m training.overlap_note MODEL_DIR [FULLPAPER_JSONL ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from claimaudit.judges.local import consistency
from claimaudit.judges.local.reading import plain_typography
from claimaudit.judges.local.runtime import VerifierConfig, VerifierModel
from training.calibration_data import SUP, Paper
from training.eval_fullpaper import supports_quoted
from training.feature_study import SETS

# Below this share of the claim's content words found in the evidence, the note is shown.
THRESHOLD = 1 / 3


def shows_note(claim: str, evidence: str) -> bool:
    """Whether the candidate note is shown for this claim and quoted evidence."""
    return consistency.check(claim, evidence, evidence).overlap < THRESHOLD


def rates(pairs: list[tuple[str, str, bool]]) -> tuple[int, int, int, int]:
    """(shown on right, right, shown on wrong, wrong) over (claim, evidence, right) pairs."""
    right = [shows_note(c, e) for c, e, ok in pairs if ok]
    wrong = [shows_note(c, e) for c, e, ok in pairs if not ok]
    return sum(right), len(right), sum(wrong), len(wrong)


def called_supports(papers: list[Paper], model_dir: Path) -> list[tuple[str, str, bool]]:
    """(claim, judged evidence sentence, gold is supports) for real papers called ``supports``."""
    from training.calibrate import judge_set

    params = VerifierConfig.read(model_dir).aggregator
    fitted = (params.mean, params.scale, params.weights, params.bias)
    _, judged = judge_set(papers, fitted, params.passage_temperature, params.evidence_temperature)
    return [
        (p.claim, plain_typography(p.sentences[j.evidence]), p.label == SUP)
        for p, j in zip(papers, judged, strict=True)
        if p.real and j.verdict == SUP and j.evidence is not None
    ]


def line(name: str, counts: tuple[int, int, int, int]) -> str:
    shown_right, right, shown_wrong, wrong = counts
    ratio = (shown_wrong / wrong) / (shown_right / right) if shown_right and wrong else float("inf")
    return f"{name:28s} right {shown_right}/{right}  wrong {shown_wrong}/{wrong}  ratio {ratio:.2f}"


def main() -> None:
    from training.calibrate import scored_papers

    model_dir = Path(sys.argv[1])
    cal, dev = scored_papers(model_dir, VerifierModel(model_dir), 13)
    sets = {name: [p for p in cal if p.dataset == name] for name in SETS[:3]} | dev
    pooled: list[tuple[str, str, bool]] = []
    for name, papers in sets.items():
        pairs = called_supports(papers, model_dir)
        pooled += pairs
        print(line(name, rates(pairs)))
    print(line("pooled", rates(pooled)))
    for path in sys.argv[2:]:
        print(line(Path(path).name, rates(supports_quoted(Path(path)))))


if __name__ == "__main__":
    main()
