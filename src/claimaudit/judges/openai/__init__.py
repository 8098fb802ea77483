"""The ``openai`` judge: any server that speaks the chat completions API (``--judge openai``).

Ollama, vLLM, llama.cpp's server and hosted APIs alike. Importing this package is cheap; the
HTTP client is made on the first decision.

Configuration (``JudgeSettings`` first, then the environment):

- model: ``settings.model`` (``--model``), else ``OPENAI_MODEL``. Required: servers have no
  common default, so building the judge without one is a usage error (``ValueError``).
- base URL: ``settings.extra["base_url"]``, else ``OPENAI_BASE_URL``, else OpenAI's
  ``https://api.openai.com/v1``. Requests go to ``{base}/chat/completions``.
- key: ``OPENAI_API_KEY``, read on the first decision and sent as a Bearer token; optional,
  since local servers need none. It never appears in records, logs or errors.
- timeout: ``settings.timeout`` seconds per request, default 60.
- retries: ``settings.extra["retries"]``, default 2, on 408/429/5xx, timeouts and connection
  errors (Retry-After honoured up to 30 s). Every HTTP attempt counts as a backend call.
"""

from __future__ import annotations

import math
import os
from typing import TYPE_CHECKING, Any

from claimaudit.errors import InvalidSettingsError

if TYPE_CHECKING:
    from claimaudit.judges.openai.judge import OpenAIJudge
    from claimaudit.plugins import JudgeSettings, Registry

NAME = "openai"
DESCRIPTION = "any OpenAI-compatible chat completions server; needs --model or OPENAI_MODEL"
MODEL_ENV = "OPENAI_MODEL"
BASE_URL_ENV = "OPENAI_BASE_URL"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_TIMEOUT = 60.0
DEFAULT_RETRIES = 2


def make_judge(settings: JudgeSettings) -> OpenAIJudge:
    """Factory: validates the settings, never touches the network."""
    from claimaudit.judges.openai.judge import OpenAIJudge

    model = (settings.model or os.environ.get(MODEL_ENV, "")).strip()
    if not model:
        raise InvalidSettingsError(
            f"the openai judge needs a model id: pass --model or set {MODEL_ENV}"
        )
    timeout = DEFAULT_TIMEOUT if settings.timeout is None else settings.timeout
    if not (isinstance(timeout, int | float) and math.isfinite(timeout) and timeout > 0):
        raise InvalidSettingsError(
            f"openai timeout must be a positive number of seconds, not {timeout!r}"
        )
    base_url = settings.extra.get("base_url") or os.environ.get(BASE_URL_ENV, "").strip()
    return OpenAIJudge(
        model=model,
        base_url=base_url or DEFAULT_BASE_URL,
        timeout=float(timeout),
        retries=_retries(settings.extra.get("retries", DEFAULT_RETRIES)),
    )


def _retries(value: Any) -> int:
    """A retry count from settings.extra, where the command line may have left it a string."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise InvalidSettingsError(f"openai retries must be a non-negative integer, not {value!r}")


def register(registry: Registry) -> None:
    registry.add_judge(NAME, make_judge, DESCRIPTION)
