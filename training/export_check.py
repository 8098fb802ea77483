"""The export stage's int8-against-torch agreement, kept with the model it was measured on.

The export stage writes ``export_check.json`` into the model folder it exported to, with the
sha256 of the int8 file; calibration carries the figures into ``metrics.json`` only when that
file is still the one in the folder, and takes the check out of the folder once carried (the
folder may be the package's). Two candidates exported side by side therefore never swap checks,
and a re-calibration of the same int8 file keeps the figures its last calibration recorded.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

FILE = "export_check.json"
MODEL_FILE = "model.int8.onnx"
KEYS = ("int8_torch_agreement", "agreement_pairs")


def model_sha256(model_dir: Path) -> str:
    return hashlib.sha256((model_dir / MODEL_FILE).read_bytes()).hexdigest()


def write(model_dir: Path, agreement: float, pairs: int) -> Path:
    """Record the check beside the int8 file it was measured on."""
    check = {
        "int8_torch_agreement": round(agreement, 4),
        "agreement_pairs": pairs,
        "model_sha256": model_sha256(model_dir),
    }
    path = model_dir / FILE
    path.write_text(json.dumps(check) + "\n", encoding="utf-8")
    return path


def carried(model_dir: Path) -> dict[str, object]:
    """The agreement figures that belong to the folder's int8 file, or none.

    From the export's check when it names this file; else from the last calibration's
    ``metrics.json`` when its ``config.json`` names this file (a re-calibration)."""
    sha = model_sha256(model_dir)
    check = _read(model_dir / FILE)
    if check.get("model_sha256") == sha:
        return {k: check[k] for k in KEYS if k in check}
    config = _read(model_dir / "config.json")
    if config.get("model_sha256") == sha:
        metrics = _read(model_dir / "metrics.json")
        return {k: metrics[k] for k in KEYS if k in metrics}
    return {}


def consume(model_dir: Path) -> None:
    """Take the check out of the folder once calibration has carried it into the metrics."""
    (model_dir / FILE).unlink(missing_ok=True)


def _read(path: Path) -> dict[str, object]:
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}
