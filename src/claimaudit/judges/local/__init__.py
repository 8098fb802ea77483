"""The embedded verifier judge (``--judge local``): a packaged ONNX cross-encoder, CPU only.

Importing this package is cheap: onnxruntime and the model are loaded on the first decision and
cached per process (``judge.load_model``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimaudit.judges.local.judge import LocalJudge
    from claimaudit.plugins import JudgeSettings, Registry

DESCRIPTION = "embedded verifier model (MiniLM cross-encoder, int8 ONNX), offline on CPU"


def make_judge(settings: JudgeSettings) -> LocalJudge:
    """Factory: ``settings.extra`` may name another ``model_dir`` or a ``threads`` count."""
    from claimaudit.judges.local.judge import LocalJudge
    from claimaudit.judges.local.runtime import MODEL_DIR

    model_dir = Path(settings.extra.get("model_dir", MODEL_DIR))
    threads = int(settings.extra.get("threads", 2))
    return LocalJudge(model_dir, threads)


def register(registry: Registry) -> None:
    registry.add_judge("local", make_judge, DESCRIPTION)
