"""The export's agreement check stays with the int8 file it was measured on
(training/export_check.py), and each training run exports its own weights
(training/train_verifier.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from training.train_verifier import final_epoch, stage_export

from training import export_check


def _model_dir(root: Path, name: str, graph: bytes) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / "model.int8.onnx").write_bytes(graph)
    return folder


def test_the_check_is_carried_for_the_file_it_was_measured_on(tmp_path: Path) -> None:
    folder = _model_dir(tmp_path, "cand", b"graph A")
    export_check.write(folder, 0.90123, 300)
    assert export_check.carried(folder) == {"int8_torch_agreement": 0.9012, "agreement_pairs": 300}


def test_a_replaced_graph_carries_no_check(tmp_path: Path) -> None:
    folder = _model_dir(tmp_path, "cand", b"graph A")
    export_check.write(folder, 0.9, 300)
    (folder / "model.int8.onnx").write_bytes(b"graph B")
    assert export_check.carried(folder) == {}


def test_candidates_exported_side_by_side_keep_their_own_checks(tmp_path: Path) -> None:
    first = _model_dir(tmp_path, "seed22", b"graph A")
    second = _model_dir(tmp_path, "seed23", b"graph B")
    export_check.write(first, 0.900, 300)
    export_check.write(second, 0.903, 300)
    assert export_check.carried(first)["int8_torch_agreement"] == 0.9
    assert export_check.carried(second)["int8_torch_agreement"] == 0.903


def test_a_recalibration_keeps_the_last_calibrations_figures(tmp_path: Path) -> None:
    folder = _model_dir(tmp_path, "cand", b"graph A")
    export_check.write(folder, 0.9, 300)
    figures = export_check.carried(folder)
    # What calibration writes, then takes the check out of the folder.
    sha = export_check.model_sha256(folder)
    (folder / "config.json").write_text(json.dumps({"model_sha256": sha}), encoding="utf-8")
    (folder / "metrics.json").write_text(json.dumps({"dev": {}, **figures}), encoding="utf-8")
    export_check.consume(folder)
    assert not (folder / export_check.FILE).exists()
    assert export_check.carried(folder) == figures
    # ... but not once the graph is another one.
    (folder / "model.int8.onnx").write_bytes(b"graph B")
    assert export_check.carried(folder) == {}


def test_each_run_exports_its_own_last_epoch(tmp_path: Path) -> None:
    assert final_epoch(tmp_path / "r22" / "s22", 1.0) == tmp_path / "r22" / "s22" / "epoch1.pt"
    assert final_epoch(tmp_path / "run", 2.5).name == "epoch2.5.pt"


def test_export_without_weights_is_a_clear_error(tmp_path: Path) -> None:
    args = argparse.Namespace(
        checkpoint=None, run_dir=tmp_path / "empty", epochs=1.0, model_dir=tmp_path / "out"
    )
    with pytest.raises(SystemExit, match=r"no weights to export at .*epoch1\.pt"):
        stage_export(args)
    assert not (tmp_path / "out").exists()
