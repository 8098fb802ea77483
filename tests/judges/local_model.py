"""A verifier model folder around a test's own ONNX graph, shared by the runtime's tests and the
training export's."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from claimaudit.judges.local.runtime import MODEL_DIR


def write_model_folder(folder: Path, graph: bytes, model_file: str = "model.int8.onnx") -> Path:
    """``graph`` as the folder's model, named in the shipped config with its checksum; the
    shipped tokenizer beside it unless the folder has its own."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / model_file).write_bytes(graph)
    if not (folder / "tokenizer.json").is_file():
        shutil.copyfile(MODEL_DIR / "tokenizer.json", folder / "tokenizer.json")
    config = json.loads((MODEL_DIR / "config.json").read_text(encoding="utf-8"))
    config["model_file"] = model_file
    config["model_sha256"] = hashlib.sha256(graph).hexdigest()
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    return folder
