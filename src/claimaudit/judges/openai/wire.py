"""The chat completions wire: one POST, its reply validated, every failure a short JudgeError.

``POST {base}/chat/completions`` with ``Authorization: Bearer <key>`` when a key is set (local
servers such as Ollama, vLLM and llama.cpp need none). The reply is read through pydantic models
of only the fields used; everything else a server adds is ignored.

Messages never carry the key: server error bodies are not quoted (a misbehaving proxy may echo
the Authorization header), URLs are redacted (``claimaudit.redaction``), and the httpx exception is
neither the cause nor the context of the JudgeError (it is raised outside the handler).
"""

from __future__ import annotations

import math
import time
from typing import Annotated, Any

import httpx
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from claimaudit.errors import JudgeError
from claimaudit.redaction import redact_url

SERVER = "OpenAI-compatible server"
KEY_ENV = "OPENAI_API_KEY"
RETRY_STATUSES = frozenset({408, 429})  # and every 5xx
MAX_RETRY_AFTER = 30.0  # seconds; a longer Retry-After is capped rather than obeyed


def _log_probability(value: float) -> float:
    if math.isnan(value) or value > 1e-6:
        raise ValueError("not a log probability")
    return min(value, 0.0)


LogProbability = Annotated[float, AfterValidator(_log_probability)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class TopLogprob(_Model):
    token: str
    logprob: LogProbability


class TokenLogprob(_Model):
    token: str
    logprob: LogProbability
    top_logprobs: list[TopLogprob] | None = None


class ChoiceLogprobs(_Model):
    content: list[TokenLogprob] | None = None


class Message(_Model):
    content: str | None = None


class CompletionChoice(_Model):
    message: Message
    logprobs: ChoiceLogprobs | None = None


class Usage(_Model):
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


class ChatCompletion(_Model):
    model: str | None = None
    choices: list[CompletionChoice] = Field(min_length=1)
    usage: Usage | None = None


class ChatClient:
    """Posts chat completion requests; thread-safe, one connection pool per client."""

    def __init__(self, base_url: str, key: str | None, timeout: float, retries: int) -> None:
        self.base_url = base_url
        self.timeout = timeout
        self.retries = retries
        headers = {"Accept": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        self._has_key = bool(key)
        self._http = httpx.Client(headers=headers, timeout=timeout, follow_redirects=False)

    def close(self) -> None:
        self._http.close()

    def complete(self, body: dict[str, Any], model: str) -> tuple[ChatCompletion, int]:
        """One chat completion, retried on 408/429/5xx, timeouts and connection errors.

        Returns the completion and the HTTP attempts it took; a JudgeError's ``calls`` holds the
        attempts made before giving up. Every attempt counts, as a timed-out one may be billed.
        """
        url = f"{self.base_url}/chat/completions"
        failure = ""
        attempts = 0
        for attempt in range(self.retries + 1):
            last = attempt == self.retries
            attempts += 1
            try:
                response = self._http.post(url, json=body)
            except httpx.TimeoutException:
                failure = f"{SERVER} timed out after {self.timeout:g}s"
            except httpx.TransportError:
                failure = f"{SERVER} is unreachable at {redact_url(self.base_url)}"
            else:
                status = response.status_code
                if (status in RETRY_STATUSES or status >= 500) and not last:
                    time.sleep(_retry_delay(response, attempt))
                    continue
                if response.status_code >= 400:
                    failure = self._http_message(response.status_code, model)
                    break
                try:
                    return _parse(response), attempts
                except JudgeError as error:
                    error.calls = attempts
                    raise
            if last:
                break
            time.sleep(_retry_delay(None, attempt))
        raise JudgeError(failure, calls=attempts)

    def _http_message(self, status: int, model: str) -> str:
        # The server's error text is deliberately not quoted (see the module docstring); the model
        # id is, because an unknown model is the usual cause of 400 and 404.
        if status == 401:
            text = (
                f"{SERVER} rejected the API key ({KEY_ENV})"
                if self._has_key
                else f"{SERVER} requires an API key: set {KEY_ENV}"
            )
        elif status == 403:
            text = f"{SERVER} denied access to model {model!r}"
        elif status == 404:
            where = redact_url(self.base_url)
            text = f"{SERVER} does not serve model {model!r} (or the base URL {where} is wrong)"
        elif status in (400, 422):
            text = f"{SERVER} rejected the request for model {model!r}"
        elif status == 429:
            text = f"{SERVER} rate limit exceeded"
        else:
            text = f"{SERVER} request failed"
        return f"{text}: HTTP {status}"


def _parse(response: httpx.Response) -> ChatCompletion:
    failure = ""
    try:
        return ChatCompletion.model_validate_json(response.content)
    except ValidationError as error:
        first = error.errors()[0] if error.error_count() else None
        if first is None or first["type"] == "json_invalid" or not first["loc"]:
            status = response.status_code
            failure = f"{SERVER} returned a body that is not a chat completion: HTTP {status}"
        else:
            # loc is a path such as choices.0.message, never a value from the body.
            where = ".".join(str(part) for part in first["loc"])
            failure = f"{SERVER} returned an invalid chat completion: bad or missing {where}"
    raise JudgeError(failure)


def _retry_delay(response: httpx.Response | None, attempt: int) -> float:
    """Retry-After when the server sends seconds (capped), else a short exponential backoff."""
    if response is not None:
        try:
            seconds = float(response.headers.get("retry-after", ""))
        except ValueError:
            seconds = math.nan
        if math.isfinite(seconds):
            return min(max(seconds, 0.0), MAX_RETRY_AFTER)
    return float(min(0.5 * 2**attempt, 8.0))
