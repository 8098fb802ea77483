"""The ``openai`` judge: any server that speaks the chat completions API (``--judge openai``).

Ollama, vLLM, llama.cpp's server and hosted APIs alike. Importing this package is cheap; the
HTTP client is made on the first decision.

Configuration (``JudgeSettings`` first, then the environment):

- model: ``settings.model`` (``--model``), else ``OPENAI_MODEL``. Required: servers have no
  common default, so building the judge without one is a usage error (``ModelRequiredError``).
- base URL: ``OpenAIOptions.base_url``, else ``OPENAI_BASE_URL`` (either is refused when it
  is not http(s); a query is kept on each request), else OpenAI's
  ``https://api.openai.com/v1``. Requests go to ``{base}/chat/completions``.
- key: ``OPENAI_API_KEY``, sent as a Bearer token; optional, since local servers need none. The
  factory refuses one that cannot be sent as a header. It never appears in records, logs or
  errors; one sent over plain http to another machine is warned about (``net.cleartext``).
- timeout: ``settings.timeout`` seconds per request attempt, default 60: a deadline from
  connecting to the reply's last byte (see ``wire``); a reply over 8 MiB is refused.
- retries: ``OpenAIOptions.retries``, default 2, on 408/429/5xx, timeouts and connection
  errors (Retry-After honoured up to 30 s). Every HTTP attempt counts as a backend call.
- context window: ``settings.context_tokens`` (``--context-tokens``), else
  ``OPENAI_CONTEXT_TOKENS``, else what the server says (see ``window``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from claimaudit.errors import InvalidSettingsError, ModelRequiredError
from claimaudit.judges.deadline import check_timeout
from claimaudit.net.cleartext import warn_cleartext
from claimaudit.net.envsettings import (
    checked_base_url,
    env_base_url,
    env_model,
    require_header_safe_key,
    require_tls_settings,
)
from claimaudit.net.proxies import usable_proxies
from claimaudit.net.redaction import shown_base_url

if TYPE_CHECKING:
    from claimaudit.judges.openai.judge import OpenAIJudge
    from claimaudit.judges.protocol import JudgeSettings
    from claimaudit.plugins import Registry

NAME = "openai"
# Shown by `plugins`, `GET /v1/judges`, MCP and the web page: no surface's own spelling
# (`--model`, `model`, the page's Model field), so it reads true on each.
DESCRIPTION = (
    "any OpenAI-compatible chat completions server; needs a model id (the model setting, "
    "or OPENAI_MODEL)"
)
JUDGE = f"{NAME} judge"  # as a warning names it
MODEL_ENV = "OPENAI_MODEL"
BASE_URL_ENV = "OPENAI_BASE_URL"
KEY_ENV = "OPENAI_API_KEY"
CONTEXT_ENV = "OPENAI_CONTEXT_TOKENS"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_TIMEOUT = 60.0
DEFAULT_RETRIES = 2
MIN_CONTEXT_TOKENS = 256  # the questions alone take a few hundred tokens
# Far past any model's window; a longer number is a typo, and its thousands of digits are not
# echoed back (Python refuses to read past 4,300 of them anyway).
MAX_CONTEXT_TOKENS = 10**9
_SHOWN_CHARS = 40


@dataclass(frozen=True)
class OpenAIOptions:
    """The openai judge's own options (``JudgeSettings.options``)."""

    base_url: str | None = None  # default: OPENAI_BASE_URL, else OpenAI's
    retries: int = DEFAULT_RETRIES

    def __post_init__(self) -> None:
        if isinstance(self.retries, bool) or not isinstance(self.retries, int) or self.retries < 0:
            raise InvalidSettingsError(
                f"openai retries must be a non-negative integer, not {self.retries!r}"
            )
        if self.base_url:
            # As OPENAI_BASE_URL is: http(s) with a host; a query is kept on each request.
            checked_base_url(self.base_url, "OpenAIOptions.base_url", keeps_query=True)

    def __repr__(self) -> str:
        # A base URL may hold a password or a token; a log line or a traceback printing the
        # settings must not.
        return f"OpenAIOptions(base_url={shown_base_url(self.base_url)}, retries={self.retries!r})"


def make_judge(settings: JudgeSettings) -> OpenAIJudge:
    """Factory: validates the settings, never touches the network."""
    from claimaudit.judges.openai.judge import OpenAIJudge

    options = settings.options_for(OpenAIOptions)
    model = (settings.model or env_model(MODEL_ENV)).strip()
    if not model:
        # Each surface says how to give one (--model, the request's model field).
        raise ModelRequiredError("the openai judge needs a model id", env=MODEL_ENV)
    timeout = check_timeout(
        DEFAULT_TIMEOUT if settings.timeout is None else settings.timeout, "openai"
    )
    # Checked now: a base URL that is not http(s), or a key that cannot be sent as a header,
    # failed every request (as "unreachable", or a not_checked record per pair).
    base_url = options.base_url or env_base_url(BASE_URL_ENV, DEFAULT_BASE_URL, keeps_query=True)
    require_header_safe_key(KEY_ENV)
    usable_proxies(base_url)  # one the HTTP client cannot use failed every record
    require_tls_settings()
    warn_cleartext(JUDGE, base_url, KEY_ENV if os.environ.get(KEY_ENV, "").strip() else None)
    return OpenAIJudge(
        model=model,
        base_url=base_url,
        timeout=timeout,
        retries=options.retries,
        context_tokens=configured_context_tokens(settings.context_tokens),
    )


def configured_context_tokens(given: int | None = None) -> int | None:
    """The configured context window: the setting, else the environment; None when neither.
    InvalidSettingsError for a window that is not a whole number of 256 to 10**9 tokens."""
    what = "the context window"
    if given is None:
        text = os.environ.get(CONTEXT_ENV, "").strip()
        if not text:
            return None
        if len(text) > len(str(MAX_CONTEXT_TOKENS)) and text.isdigit():
            raise InvalidSettingsError(
                f"{CONTEXT_ENV} must be at most {MAX_CONTEXT_TOKENS} tokens, not {_clipped(text)}"
            )
        try:
            given = int(text)
        except ValueError:
            raise InvalidSettingsError(
                f"{CONTEXT_ENV} must be a whole number of tokens, not {_clipped(repr(text))}"
            ) from None
        what = CONTEXT_ENV  # a server's start-up names the variable to fix
    if isinstance(given, bool) or not isinstance(given, int) or given < MIN_CONTEXT_TOKENS:
        raise InvalidSettingsError(
            f"{what} must be at least {MIN_CONTEXT_TOKENS} tokens, not {_clipped(repr(given))}"
        )
    if given > MAX_CONTEXT_TOKENS:
        raise InvalidSettingsError(
            f"{what} must be at most {MAX_CONTEXT_TOKENS} tokens, not {_clipped(str(given))}"
        )
    return given


def _clipped(shown: str) -> str:
    """``shown`` as an error line quotes it: its first characters alone where it is long."""
    return shown if len(shown) <= _SHOWN_CHARS else shown[:_SHOWN_CHARS] + "..."


def register(registry: Registry) -> None:
    registry.add_judge(NAME, make_judge, DESCRIPTION)
