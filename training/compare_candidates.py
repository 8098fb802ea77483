"""One row per candidate model folder: every validation set side by side, as the notebook lists
them, with the mean of the five macro-F1 figures that selection reads (no single split decides).

    .venv/bin/python -m training.compare_candidates src/claimaudit/judges/local/model \\
        training/work/cand-*
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

COLUMNS = (
    "SciFact OOF (con F1)",
    "CI cal OOF",
    "CC cal OOF",
    "CI dev",
    "CC dev",
    "mean of 5",
    "negation both-supports",
    "full paper",
    "cleared (precision, coverage)",
)


def row(folder: Path) -> list[str]:
    metrics = json.loads((folder / "metrics.json").read_text(encoding="utf-8"))
    cal, dev = metrics["calibration_out_of_fold"], metrics["dev"]
    five = [
        cal["scifact"]["macro_f1"],
        cal["citation-integrity"]["macro_f1"],
        cal["check-covid"]["macro_f1"],
        dev["citation-integrity-dev"]["macro_f1"],
        dev["check-covid-dev"]["macro_f1"],
    ]
    full = folder.with_name(folder.name + ".fullpaper.json")
    full_paper = ""
    if full.is_file() and full.stat().st_size:
        summary = json.loads(full.read_text(encoding="utf-8"))
        full_paper = f"{summary.get('accuracy_3class', summary.get('right', ''))}"
    selective = metrics["selective_out_of_fold"]
    return [
        f"{five[0]:.3f} ({cal['scifact']['f1_contradicts']:.3f})",
        *(f"{v:.3f}" for v in five[1:]),
        f"{sum(five) / 5:.3f}",
        f"{metrics['negation_both_supports']:.3f}",
        full_paper,
        f"{selective['cleared']} ({_two_places(selective['precision'])}, "
        f"{selective['coverage_of_true_supports']:.2f}) at {metrics['review_threshold']}",
    ]


def _two_places(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def main() -> None:
    folders = [Path(p) for p in sys.argv[1:] if (Path(p) / "metrics.json").is_file()]
    if not folders:
        raise SystemExit("usage: python -m training.compare_candidates MODEL_DIR...")
    print("| candidate | " + " | ".join(COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 1) + "|")
    for folder in folders:
        print(f"| {folder.name} | " + " | ".join(row(folder)) + " |")


if __name__ == "__main__":
    main()
