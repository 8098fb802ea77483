"""The chat completions wire: one POST, its reply validated, every failure a short JudgeError.

``POST {base}/chat/completions`` with ``Authorization: Bearer <key>`` when a key is set (local
servers such as Ollama, vLLM and llama.cpp need none); a base URL's user and password go as
``Authorization: Basic`` instead (httpx's rule: one header, the URL's wins). The reply is read
through pydantic models of only the fields used; everything else a server adds is ignored.

A prompt longer than the model's context window is recognised in the error body the servers
send (OpenAI, vLLM and llama-cpp-python: code ``context_length_exceeded`` and "maximum context
length is N tokens"; llama.cpp's server: type ``exceed_context_size_error`` with ``n_ctx``) and
raised as ``ContextLengthError`` with the window's size: only numbers are read from the body.

``timeout`` is a deadline for each attempt, from connecting to the reply's last byte
(``claimaudit.judges.deadline``): httpx's own timeouts are per read, so a server trickling its
reply would never trip them. Both the bytes as sent and as decoded are checked against the deadline
and against ``MAX_REPLY_BYTES``: a compressed body that decodes to nothing yields no decoded
chunk, so a check on those alone would let an abandoned attempt read on forever. Redirects are not
followed, and any status outside 2xx is a failure: a 3xx body is never read as the answer.

Messages never carry the key: server error bodies are not quoted (a misbehaving proxy may echo
the Authorization header), URLs are redacted (``claimaudit.net.redaction``), and the httpx
exception is neither the cause nor the context of the JudgeError (it is raised outside the
handler).

``get_json`` and ``post_json`` serve the judge's questions about the server (its models, its
context size, its tokenizer): one attempt each, and an answer that is not JSON is None. Each is
counted for the thread that sent it (``take_side_calls``), so that the record being fitted on
that thread counts it among its ``calls``.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections.abc import Iterator
from typing import Annotated, Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

import httpx
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from claimaudit.errors import ContextLengthError, JudgeError
from claimaudit.judges.deadline import (
    MAX_REPLY_BYTES,
    Deadline,
    DeadlineExceeded,
    ReplyTooLargeError,
    guard,
    within,
)
from claimaudit.judges.openai import KEY_ENV
from claimaudit.net.envsettings import has_userinfo, http_client
from claimaudit.net.proxies import ReplyCutShort, unreachable
from claimaudit.net.redaction import redact_url
from claimaudit.net.stalepool import StalePoolClient

SERVER = "OpenAI-compatible server"
RETRY_STATUSES = frozenset({408, 429})  # and every 5xx
MAX_RETRY_AFTER = 30.0  # seconds; a longer Retry-After is capped rather than obeyed
_WINDOW = re.compile(r"maximum context length is (\d+) tokens")
_REQUESTED = re.compile(r"(?<!\d)(\d+) in the messages|(?<!\d)(\d+) input tokens")
OVERFLOW_CODES = frozenset({"context_length_exceeded", "exceed_context_size_error"})


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


class _GuardedStream(httpx.SyncByteStream):
    """The reply's bytes as sent, ending at the deadline or past the size cap."""

    def __init__(self, inner: httpx.SyncByteStream, deadline: Deadline, limit: int) -> None:
        self._inner = inner
        self._deadline = deadline
        self._limit = limit

    def __iter__(self) -> Iterator[bytes]:
        try:
            yield from guard(self._inner, self._deadline, self._limit)
        except httpx.TimeoutException:
            raise
        except httpx.TransportError as error:
            raise _CutShort(str(error)) from error

    def close(self) -> None:
        self._inner.close()


class _CutShort(ReplyCutShort, httpx.RemoteProtocolError):
    """The reply broke off once part of it came: its head (``net.stalepool``) or its body
    (``net.proxies``)."""


class _Reply(NamedTuple):
    """A reply read to its end within the attempt's deadline."""

    status: int
    headers: httpx.Headers
    content: bytes


class ChatClient:
    """Posts chat completion requests; thread-safe, one connection pool per client."""

    def __init__(
        self,
        base_url: str,
        key: str | None,
        timeout: float,
        retries: int,
        *,
        max_reply_bytes: int = MAX_REPLY_BYTES,
        key_env: str = KEY_ENV,
    ) -> None:
        self.base_url = base_url
        self.key = key  # to mask it wherever a reply echoes it
        self.key_env = key_env  # the variable a refusal names: where the key came from
        self.timeout = timeout
        self.retries = retries
        self.max_reply_bytes = max_reply_bytes
        headers = {"Accept": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        self._has_key = bool(key)
        # httpx sends a base URL's user and password as "Authorization: Basic ...", in place of
        # the Bearer key (a request has one Authorization header): a 401 must say which went.
        self._userinfo = has_userinfo(base_url)
        self._http = http_client(
            lambda: StalePoolClient(
                headers=headers,
                timeout=timeout,
                follow_redirects=False,
                questions=True,
                # A reply broken off in its head is one, as in its body: not "unreachable".
                broken_off=_CutShort,
            ),
            base_url,
        )
        # get_json/post_json requests sent by each thread and not yet taken.
        self._side = threading.local()

    def close(self) -> None:
        self._http.close()

    def complete(self, body: dict[str, Any], model: str) -> tuple[ChatCompletion, int]:
        """One chat completion, retried on 408/429/5xx, timeouts and connection errors.

        Returns the completion and the HTTP attempts it took; a JudgeError's ``calls`` holds the
        attempts made before giving up. Every attempt counts, as a timed-out one may be billed.
        """
        url = endpoint(self.base_url, "/chat/completions")
        failure = ""
        attempts = 0
        for attempt in range(self.retries + 1):
            last = attempt == self.retries
            attempts += 1
            try:
                reply = self._fetch("POST", url, body)
            except (httpx.TimeoutException, DeadlineExceeded):
                failure = f"{SERVER} timed out after {self.timeout:g}s"
            except ReplyTooLargeError as error:
                failure = f"{SERVER} sent {error}"
                break  # the same request would get the same reply
            except httpx.TransportError as error:
                failure = self._unreachable(error)
            else:
                status = reply.status
                if (status in RETRY_STATUSES or status >= 500) and not last:
                    time.sleep(_retry_delay(reply.headers, attempt))
                    continue
                if not 200 <= status < 300:
                    overflow = _context_overflow(reply.content) if status >= 400 else None
                    if overflow is not None:
                        overflow.calls = attempts
                        raise overflow
                    failure = self._http_message(status, model)
                    break
                try:
                    return _parse(reply), attempts
                except JudgeError as error:
                    error.calls = attempts
                    raise
            if last:
                break
            time.sleep(_retry_delay(None, attempt))
        raise JudgeError(failure, calls=attempts)

    def get_json(self, url: str) -> Any | None:
        """GET ``url`` once: its JSON, or None when the server answers otherwise."""
        return self._json("GET", url, None)

    def post_json(self, url: str, body: dict[str, Any]) -> Any | None:
        """POST ``body`` to ``url`` once: the JSON answer, or None when the server answers
        with an error status or something that is not JSON (an endpoint it does not have)."""
        return self._json("POST", url, body)

    def take_side_calls(self) -> int:
        """The ``get_json``/``post_json`` requests this thread sent since it last asked."""
        taken: int = getattr(self._side, "calls", 0)
        self._side.calls = 0
        return taken

    def _json(self, method: str, url: str, body: dict[str, Any] | None) -> Any | None:
        failure = ""
        # Counted whatever comes of it: a request that timed out may still have been served.
        self._side.calls = getattr(self._side, "calls", 0) + 1
        try:
            reply = self._fetch(method, url, body)
        except (httpx.TimeoutException, DeadlineExceeded):
            failure = f"{SERVER} timed out after {self.timeout:g}s"
        except ReplyTooLargeError:
            return None  # no answer to these questions is that long
        except httpx.TransportError as error:
            failure = self._unreachable(error)
        else:
            if not 200 <= reply.status < 300:
                return None
            try:
                return json.loads(reply.content)
            # RecursionError: valid JSON nested past what Python's parser reads.
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                return None
        raise JudgeError(failure)

    def _fetch(self, method: str, url: str, body: dict[str, Any] | None) -> _Reply:
        """One request, its reply read to the end within ``timeout`` and ``max_reply_bytes``."""
        deadline = Deadline(self.timeout)

        def attempt() -> _Reply:
            request = self._http.build_request(method, url, json=body)
            response = self._http.send(request, stream=True)
            assert isinstance(response.stream, httpx.SyncByteStream)  # a sync client's reply
            response.stream = _GuardedStream(response.stream, deadline, self.max_reply_bytes)
            try:
                chunks = guard(response.iter_bytes(), deadline, self.max_reply_bytes)
                content = b"".join(chunks)
            finally:
                response.close()
            return _Reply(response.status_code, response.headers, content)

        return within(deadline, attempt)

    def _unreachable(self, error: httpx.TransportError) -> str:
        # Through a proxy, says whether it was the proxy that could not be reached.
        return unreachable(SERVER, self.base_url, redact_url(self.base_url), error)

    def _http_message(self, status: int, model: str) -> str:
        # The server's error text is deliberately not quoted (see the module docstring); the model
        # id is, because an unknown model is the usual cause of 400 and 404.
        if status == 401 and self._userinfo:
            text = f"{SERVER} rejected the user and password in the base URL"
            if self._has_key:
                text += f" (sent instead of {self.key_env})"
        elif status == 401:
            text = (
                f"{SERVER} rejected the API key ({self.key_env})"
                if self._has_key
                else f"{SERVER} requires an API key: set {self.key_env}"
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
        # httpx follows none, on purpose: a 3xx body must not be taken for the answer.
        redirect = " (redirects are not followed)" if 300 <= status < 400 else ""
        return f"{text}: HTTP {status}{redirect}"


def endpoint(base_url: str, path: str) -> str:
    """``path`` under ``base_url``: appended to its path, before its query, which each request
    keeps (a gateway's ``?api_key=`` or ``?api-version=``). Appended to the whole URL, it went
    into the query instead: ``/v1?api_key=KEY/chat/completions`` posted to ``/v1`` with a
    mangled key."""
    parts = urlsplit(base_url)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + path, fragment=""))


def server_root(base_url: str) -> str:
    """``base_url`` without its ``/v1``: where llama.cpp's and vLLM's own routes are."""
    parts = urlsplit(base_url)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/").removesuffix("/v1")))


def _context_overflow(content: bytes) -> ContextLengthError | None:
    """The error for a prompt longer than the context window, when the error body says so."""
    try:
        error = json.loads(content).get("error")
    # RecursionError: valid JSON nested past what Python's parser reads (no overflow named).
    except (UnicodeDecodeError, json.JSONDecodeError, AttributeError, RecursionError):
        return None
    if not isinstance(error, dict):
        return None
    text = error.get("message")
    message = text if isinstance(text, str) else ""
    window_match = _WINDOW.search(message)
    named = error.get("code") in OVERFLOW_CODES or error.get("type") in OVERFLOW_CODES
    if not named and window_match is None:
        return None
    window = _positive(error.get("n_ctx"))
    if window is None and window_match is not None:
        window = int(window_match.group(1))
    prompt = _positive(error.get("n_prompt_tokens"))
    requested = _REQUESTED.search(message)
    if prompt is None and requested is not None:
        prompt = int(requested.group(1) or requested.group(2))
    size = f" of {window} tokens" if window else ""
    return ContextLengthError(
        f"the prompt is longer than the model's context window{size}",
        window=window,
        prompt_tokens=prompt,
    )


def _positive(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _parse(reply: _Reply) -> ChatCompletion:
    failure = ""
    try:
        return ChatCompletion.model_validate_json(reply.content)
    except ValidationError as error:
        first = error.errors()[0] if error.error_count() else None
        if first is None or first["type"] == "json_invalid" or not first["loc"]:
            status = reply.status
            failure = f"{SERVER} returned a body that is not a chat completion: HTTP {status}"
        else:
            # loc is a path such as choices.0.message, never a value from the body.
            where = ".".join(str(part) for part in first["loc"])
            failure = f"{SERVER} returned an invalid chat completion: bad or missing {where}"
    raise JudgeError(failure)


def _retry_delay(headers: httpx.Headers | None, attempt: int) -> float:
    """Retry-After when the server sends seconds (capped), else a short exponential backoff."""
    if headers is not None:
        try:
            seconds = float(headers.get("retry-after", ""))
        except ValueError:
            seconds = math.nan
        if math.isfinite(seconds):
            return min(max(seconds, 0.0), MAX_RETRY_AFTER)
    return float(min(0.5 * 2**attempt, 8.0))
