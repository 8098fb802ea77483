"""The candidate table (training/compare_candidates.py) read off the shipped model's metrics."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from training.compare_candidates import COLUMNS, row

from claimaudit.judges.local.runtime import MODEL_DIR


def test_the_shipped_models_row_reads_its_metrics() -> None:
    metrics = json.loads((MODEL_DIR / "metrics.json").read_text(encoding="utf-8"))
    cells = dict(zip(COLUMNS, row(MODEL_DIR), strict=True))
    scifact = metrics["calibration_out_of_fold"]["scifact"]
    assert cells["SciFact OOF (con F1)"] == (
        f"{scifact['macro_f1']:.3f} ({scifact['f1_contradicts']:.3f})"
    )
    five = [
        scifact["macro_f1"],
        metrics["calibration_out_of_fold"]["citation-integrity"]["macro_f1"],
        metrics["calibration_out_of_fold"]["check-covid"]["macro_f1"],
        metrics["dev"]["citation-integrity-dev"]["macro_f1"],
        metrics["dev"]["check-covid-dev"]["macro_f1"],
    ]
    assert cells["mean of 5"] == f"{sum(five) / 5:.3f}"
    assert cells["full paper"] == ""  # no full-paper summary beside the package's folder
    assert cells["cleared (precision, coverage)"].endswith(f"at {metrics['review_threshold']}")


def test_a_full_paper_summary_beside_a_candidate_is_read(tmp_path: Path) -> None:
    candidate = tmp_path / "cand"
    candidate.mkdir()
    shutil.copy(MODEL_DIR / "metrics.json", candidate / "metrics.json")
    (tmp_path / "cand.fullpaper.json").write_text(json.dumps({"right": "88/158"}))
    assert dict(zip(COLUMNS, row(candidate), strict=True))["full paper"] == "88/158"
