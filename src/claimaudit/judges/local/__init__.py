"""The embedded verifier judge (``--judge local``): a packaged ONNX cross-encoder, CPU only.

Importing this package is cheap: onnxruntime and the model are loaded on the first decision and
cached per process (``judge.load_model``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.errors import InvalidSettingsError, ModelNotTakenError

if TYPE_CHECKING:
    from claimaudit.judges.local.judge import LocalJudge
    from claimaudit.judges.protocol import JudgeSettings
    from claimaudit.plugins import Registry

DESCRIPTION = "embedded verifier model (MiniLM cross-encoder, int8 ONNX), offline on CPU"


@dataclass(frozen=True)
class LocalOptions:
    """The embedded judge's own options: another model folder (default: the packaged model),
    and onnxruntime threads per decision."""

    model_dir: Path | None = None
    threads: int = 2

    def __post_init__(self) -> None:
        if isinstance(self.threads, bool) or not isinstance(self.threads, int) or self.threads < 1:
            raise InvalidSettingsError(f"threads must be a positive integer, not {self.threads!r}")


def make_judge(settings: JudgeSettings) -> LocalJudge:
    """Factory: ``settings.options`` may be ``LocalOptions``."""
    from claimaudit.judges.local.judge import LocalJudge
    from claimaudit.judges.local.runtime import MODEL_DIR

    options = settings.options_for(LocalOptions)
    settings.refuse_context_tokens("local", "it cuts the evidence into windows its own model reads")
    judge = LocalJudge(options.model_dir or MODEL_DIR, options.threads)
    if settings.model is not None and settings.model != _model_name(judge):
        # Silently running the embedded model under another model's name would mislead; a
        # --model meant for jev or openai without --judge is the usual cause.
        # Each surface names its own way of giving a model (--model, the model field).
        raise ModelNotTakenError(
            f"the local judge runs its own model ({_model_name(judge)})", model=settings.model
        )
    return judge


def _model_name(judge: LocalJudge) -> str:
    from claimaudit.judges.local.runtime import VerifierConfig

    try:
        return f"claimaudit-verifier-{VerifierConfig.read(judge.model_dir).version}"
    except (OSError, ValueError, KeyError):
        return "claimaudit-verifier"  # a broken model folder is reported when it is used


def register(registry: Registry) -> None:
    registry.add_judge("local", make_judge, DESCRIPTION)
