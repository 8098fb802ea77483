"""Negation compared with the evidence sentence the claim is about, not the whole window (run 28).

The consistency check ``negation_mismatch`` asks whether exactly one of the claim and its
evidence window is negated; a window of several sentences nearly always holds a negation
somewhere. Here the window is split into sentences, the one sharing the most content words with
the claim is its focus, and the check compares the claim with that sentence only. Measured for
both checks: how often each fires on gold ``supports`` and ``contradicts`` pairs of every set,
on the full-paper set's quoted evidence, and the five figures with the aggregator refitted on
each (``training.feature_study``):

    .venv/bin/python -m training.negation_focus MODEL_DIR [FULLPAPER_JSONL]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import consistency, scoring
from claimaudit.judges.local.reading import plain_typography
from claimaudit.judges.local.runtime import VerifierModel
from training.calibration_data import CON, SUP, Paper, window_logits_and_labels
from training.eval_fullpaper import supports_quoted
from training.feature_study import SETS, figures, print_rows

Check = Callable[[str, str], bool]
COLUMN = agg.FEATURE_NAMES.index("negation_mismatch")


def window_check(claim: str, evidence: str) -> bool:
    """The shipped check: the claim against the whole window."""
    claim, evidence = plain_typography(claim), plain_typography(evidence)
    return consistency._negated(claim) != consistency._negated(evidence)


def focus_check(claim: str, evidence: str) -> bool:
    """The candidate: the claim against its focus sentence."""
    claim, evidence = plain_typography(claim), plain_typography(evidence)
    focus = consistency.focus_sentence(claim, evidence)
    return consistency._negated(claim) != consistency._negated(focus)


def best_evidence(papers: list[Paper], temperature: float) -> list[str | None]:
    """The window each paper's features read the consistency checks from (None: nothing read)."""
    out: list[str | None] = []
    for p in papers:
        assert p.scores is not None
        best = scoring.paper_inputs(p.scores, p.claim, temperature).best_window
        out.append(None if best is None else p.scores.windows.texts[best])
    return out


def firing(papers: list[Paper], evidence: list[str | None]) -> dict[str, tuple[int, int, int, int]]:
    """Per check: (fires on gold supports, gold supports, fires on gold contradicts, gold
    contradicts) over the real pairs with evidence."""
    counts: dict[str, list[int]] = {"window": [0, 0, 0, 0], "focus": [0, 0, 0, 0]}
    for p, text in zip(papers, evidence, strict=True):
        if text is None or not p.real or p.label not in (SUP, CON):
            continue
        slot = 0 if p.label == SUP else 2
        for name, check in (("window", window_check), ("focus", focus_check)):
            counts[name][slot] += int(check(p.claim, text))
            counts[name][slot + 1] += 1
    return {name: (c[0], c[1], c[2], c[3]) for name, c in counts.items()}


def replaced(
    x: np.ndarray, papers: list[Paper], evidence: list[str | None], check: Check
) -> np.ndarray:
    """``x`` with the negation column read by ``check`` (rows of papers with evidence)."""
    column = [
        float(check(p.claim, text))
        for p, text in zip(papers, evidence, strict=True)
        if text is not None
    ]
    out = x.copy()
    out[:, COLUMN] = column
    return out


def fullpaper(path: Path) -> None:
    """Both checks on the quoted evidence of every claim called ``supports``."""
    called = supports_quoted(path)
    for name, check in (("window", window_check), ("focus", focus_check)):
        right = [check(claim, evidence) for claim, evidence, ok in called if ok]
        wrong = [check(claim, evidence) for claim, evidence, ok in called if not ok]
        print(
            f"full paper, {name}: fires on {sum(right)} of {len(right)} right supports, "
            f"{sum(wrong)} of {len(wrong)} wrong"
        )


def main() -> None:
    from training.calibrate import fit_temperature, paper_arrays, scored_papers

    model_dir = Path(sys.argv[1])
    cal, dev = scored_papers(model_dir, VerifierModel(model_dir), 13)
    t = fit_temperature(*window_logits_and_labels(cal))
    sets = {name: [p for p in cal if p.dataset == name] for name in SETS[:3]} | dev
    pooled = {"window": np.zeros(4), "focus": np.zeros(4)}
    for name, papers in sets.items():
        for check, c in firing(papers, best_evidence(papers, t)).items():
            pooled[check] += c
            print(f"{name:24s} {check:6s} sup {c[0]}/{c[1]}  con {c[2]}/{c[3]}")
    for check, total in pooled.items():
        print(
            f"pooled {check}: sup {total[0] / total[1]:.3f}, con {total[2] / total[3]:.3f}, "
            f"ratio {(total[2] / total[3]) / (total[0] / total[1]):.2f}"
        )
    x = paper_arrays(cal, t)[0]
    dev_x = {n: paper_arrays(p, t)[0] for n, p in dev.items()}
    cal_ev = best_evidence(cal, t)
    dev_ev = {n: best_evidence(p, t) for n, p in dev.items()}
    print_rows(
        {
            f"{name} check": figures(
                cal,
                dev,
                replaced(x, cal, cal_ev, check),
                {n: replaced(dev_x[n], dev[n], dev_ev[n], check) for n in dev},
            )
            for name, check in (("window", window_check), ("focus", focus_check))
        }
    )
    if len(sys.argv) > 2:
        fullpaper(Path(sys.argv[2]))


if __name__ == "__main__":
    main()
