"""A local OpenAI-compatible chat completions server that plays a model, or misbehaves on purpose.

Tests point the ``openai`` judge (``OPENAI_BASE_URL``) at ``server.url`` (``http://127.0.0.1:PORT/v1``).
It answers ``POST /v1/chat/completions`` in the chat completions wire format, with or without
``logprobs``, and records every request so a test can inspect what was sent.

What it answers, first match wins:

- ``server.replies``: a queue of ``Reply`` objects, one per request (exact tokens and
  alternatives, for tests that check the arithmetic);
- otherwise it reads the option lines of the question (``A. supports: ...``, ``C7. P057``) like
  a model reading the prompt, picks the first option named in ``server.prefer`` that is offered
  (else the first option) and answers with its label: the first token at probability 0.8, the
  other first tokens sharing 0.15, and 0.05 on a token that is no label (``"The"``); a two-level
  label's digit at 0.9 within its block.

Modes (``MODES``) break one thing each; ``server.upcoming_errors`` (a queue of HTTP statuses)
fails just the next requests, to test retries that then succeed. It listens on 127.0.0.1 only
and uses the standard library only.

What a server says about its context window, for the judge's fitting (off by default, as on a
server that says nothing): ``server.models`` and ``server.props`` answer ``GET /v1/models`` and
``GET /props``; ``server.tokenizer`` opens one tokenizer endpoint in the wire shape of
``TOKENIZERS`` (a token is a whitespace-separated word, ``count_words``); ``server.window``
refuses a request whose messages have more words than that, with the overflow error of
``server.overflow`` (``OVERFLOWS``); ``server.upcoming_overflows`` (a queue of window sizes)
refuses just the next requests so, whatever their length. The GET requests are kept in
``server.gets``.

    with OpenAIServer(key=TEST_KEY) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        server.prefer = ["not_addressed", "none"]
        ...
        server.set_mode("http500")
"""

from __future__ import annotations

import json
import math
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from tests.httpfake import FakeHandler, FakeServer, RecordedRequest

__all__ = ["MODES", "OVERFLOWS", "TOKENIZERS", "OpenAIServer", "Reply", "Token", "count_words"]

SERVED_MODEL = "fake-chat-1"
MODES: dict[str, str] = {
    "ok": "a chat completion with logprobs and 20 top_logprobs",
    "no_logprobs": "a chat completion whose choice has logprobs: null (the answer text only)",
    "slow": "sleep `delay` seconds, then answer as in ok",
    "non_json": "200 with an HTML body",
    "no_choices": "200 with a JSON object that has no choices",
    "hangup": "close the connection without replying",
    "echo_auth": "401 whose error message echoes the Authorization header",
    "trickle": "answer as in ok, the body's first `trickle_bytes` bytes `interval` seconds apart",
    "trickle_headers": "as trickle, from the status line on",
    "oversized": "a valid chat completion padded past the judge's reply cap",
    "redirect_answer": "302 (with a Location) whose body is a valid chat completion",
    **{
        f"http{s}": f"HTTP {s} with an OpenAI error body"
        for s in (307, 400, 401, 404, 429, 500, 503)
    },
}
TOKENIZERS = ("llama-cpp-python", "vllm", "llama-server")
OVERFLOWS = ("openai", "llama-server", "unnamed")
# Mode oversized pads a reply with this much: past the judges' cap of 8 MiB (judges/deadline.py).
OVERSIZED = 8 * 2**20
_OPTION_LINE = re.compile(r"^([A-Z][1-9]?)\. (\S+?)(?::|$)", re.MULTILINE)


@dataclass(frozen=True)
class Token:
    """One generated token and its listed alternatives (token -> probability)."""

    text: str
    alternatives: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Reply:
    """An exact reply: the message content and, when ``tokens`` is not None, its logprobs."""

    content: str
    tokens: list[Token] | None = None
    usage: dict[str, Any] | None = None  # the usage object to send, instead of one made up
    model: str = SERVED_MODEL  # the model the reply says served it


class OpenAIServer(FakeServer[RecordedRequest]):
    """A chat completions server on an ephemeral 127.0.0.1 port, in a background thread."""

    def __init__(self, mode: str = "ok", *, key: str | None = None, delay: float = 3.0) -> None:
        self.set_mode(mode)
        self.key = key
        self.delay = delay
        # Mode trickle: each byte well within a short timeout, the reply well past it.
        self.interval = 0.1
        self.trickle_bytes = 20
        self.prefer: list[str] = []
        self.replies: deque[Reply] = deque()
        # Statuses to answer the next requests with before behaving as the mode says.
        self.upcoming_errors: deque[int] = deque()
        self.models: dict[str, Any] | None = None
        self.props: dict[str, Any] | None = None
        self.tokenizer: str | None = None
        self.window: int | None = None
        self.overflow = "openai"
        self.upcoming_overflows: deque[int] = deque()
        self.gets: list[str] = []
        super().__init__(_Handler, name="openaiserver", url_path="/v1")

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
        self.mode = mode

    @property
    def requests(self) -> list[RecordedRequest]:
        return self.recorded

    def _next_reply(self, body: dict[str, Any]) -> Reply:
        reply = self.pop_next(self.replies)
        return reply if reply is not None else model_reply(_user_text(body), self.prefer)


class _Handler(FakeHandler):
    owner: OpenAIServer
    # http.server writes headers and body separately; without TCP_NODELAY every reply waits out
    # the client's delayed ACK (about 40 ms), which real servers do not make anyone do.
    disable_nagle_algorithm = True

    def _send(self, status: int, payload: Any, raw: bytes | None = None) -> None:
        data = raw if raw is not None else json.dumps(payload).encode()
        headers = {"Retry-After": "0"} if status in (429, 503) else {}
        if 300 <= status < 400:
            headers["Location"] = "/v1/elsewhere"
        self.send_body(status, data, "application/json" if raw is None else "text/html", headers)

    def _error(self, status: int, message: str, kind: str = "invalid_request_error") -> None:
        self._send(status, {"error": {"message": message, "type": kind, "code": None}})

    def do_GET(self) -> None:
        owner = self.owner
        with owner._lock:
            owner.gets.append(self.path)
        # Routed on the path alone, as a real server does: a base URL's query comes along.
        route = self.path.partition("?")[0]
        answer = {"/v1/models": owner.models, "/props": owner.props}.get(route)
        if answer is None:
            self._error(404, f"Unknown route {self.path}")
        else:
            self._send(200, answer)

    def do_POST(self) -> None:
        request = self.read_request()
        parsed = request.json
        self.owner.record(request)
        owner, mode = self.owner, self.owner.mode
        route = self.path.partition("?")[0]
        if route != "/v1/chat/completions":
            counted = _tokenize(owner.tokenizer, route, parsed)
            if counted is None:
                self._error(404, f"Unknown route {self.path}")
            else:
                self._send(200, counted)
        elif (status := owner.pop_next(owner.upcoming_errors)) is not None:
            self._error(status, f"fake server: scripted HTTP {status}")
        elif mode == "hangup":
            self.close_connection = True
        elif mode == "echo_auth":
            self._error(401, f"Incorrect API key provided: {request.authorization!r}")
        elif mode.startswith("http"):
            self._error(int(mode[4:]), f"fake server: {mode}")
        elif owner.key is not None and request.authorization != f"Bearer {owner.key}":
            self._error(401, "Incorrect API key provided.")
        elif (problem := _invalid(parsed)) is not None:
            self._error(400, problem)
        elif owner.window is not None and (words := _prompt_words(parsed)) > owner.window:
            self._send(400, _overflow(owner.overflow, owner.window, words))
        elif (window := owner.pop_next(owner.upcoming_overflows)) is not None:
            self._send(400, _overflow(owner.overflow, window, _prompt_words(parsed)))
        elif mode == "non_json":
            self._send(200, None, raw=b"<html><body>502 Bad Gateway</body></html>")
        elif mode == "no_choices":
            self._send(200, {"id": "chatcmpl-x", "object": "chat.completion", "model": "m"})
        else:
            if mode == "slow":
                owner.wait(owner.delay)
            reply = owner._next_reply(parsed)
            answer = completion(reply, with_logprobs=mode != "no_logprobs", body=parsed)
            if mode == "oversized":
                answer["padding"] = "x" * OVERSIZED
            if mode.startswith("trickle"):
                data = json.dumps(answer).encode()
                self.send_trickled(
                    200,
                    data,
                    "application/json",
                    interval=owner.interval,
                    count=owner.trickle_bytes,
                    headers_too=mode == "trickle_headers",
                )
            else:
                self._send(302 if mode == "redirect_answer" else 200, answer)


def _invalid(body: Any) -> str | None:
    """What a strict server (OpenAI) would reject in the request, or None."""
    if not isinstance(body, dict) or not isinstance(body.get("model"), str):
        return "you must provide a model parameter"
    messages = body.get("messages")
    if not isinstance(messages, list) or not all(
        isinstance(m, dict) and m.get("role") in ("system", "user", "assistant") for m in messages
    ):
        return "messages must be a list of role/content objects"
    top = body.get("top_logprobs")
    if top is not None and (not isinstance(top, int) or not 0 <= top <= 20):
        return "top_logprobs must be an integer from 0 to 20"
    return None


def count_words(text: str) -> int:
    """The fake's tokenizer: one token per whitespace-separated word."""
    return len(text.split())


def _prompt_words(body: dict[str, Any]) -> int:
    return sum(count_words(str(m.get("content", ""))) for m in body["messages"]) + int(
        body.get("max_tokens") or 0
    )


def _tokenize(tokenizer: str | None, path: str, body: Any) -> dict[str, Any] | None:
    """The answer of the one tokenizer endpoint the fake has, or None for any other path."""
    if not isinstance(body, dict):
        return None
    if tokenizer == "llama-cpp-python" and path == "/extras/tokenize/count":
        return {"count": count_words(str(body.get("input", "")))}
    if tokenizer == "vllm" and path == "/tokenize" and "prompt" in body:
        n = count_words(str(body["prompt"]))
        return {"count": n, "max_model_len": 4096, "tokens": list(range(n))}
    if tokenizer == "llama-server" and path == "/tokenize" and "content" in body:
        return {"tokens": list(range(count_words(str(body["content"]))))}
    return None


def _overflow(style: str, window: int, words: int) -> dict[str, Any]:
    if style == "llama-server":
        return {
            "error": {
                "code": 400,
                "message": "the request exceeds the available context size, try increasing it",
                "type": "exceed_context_size_error",
                "n_prompt_tokens": words,
                "n_ctx": window,
            }
        }
    if style == "unnamed":
        return {"error": {"message": "prompt too long", "code": "context_length_exceeded"}}
    return {
        "error": {
            "message": f"This model's maximum context length is {window} tokens. However, you "
            f"requested {words} tokens ({words - 4} in the messages, 4 in the completion).",
            "type": "invalid_request_error",
            "param": "messages",
            "code": "context_length_exceeded",
        }
    }


def _user_text(body: dict[str, Any]) -> str:
    return "\n".join(str(m.get("content", "")) for m in body["messages"] if m["role"] == "user")


def model_reply(prompt: str, prefer: list[str]) -> Reply:
    """Answer the last question of ``prompt`` by label, with a plausible distribution."""
    options = dict(_OPTION_LINE.findall(prompt.rsplit("Options:", 1)[-1]))  # label -> option
    if not options:
        return Reply("I cannot tell.", [Token("I", {"I": 0.9, "The": 0.1})])
    wanted = next((o for o in prefer if o in options.values()), next(iter(options.values())))
    label = next(label for label, option in options.items() if option == wanted)
    heads = sorted({candidate[0] if len(candidate) == 2 else candidate for candidate in options})
    head = label[0] if len(label) == 2 else label
    others = [h for h in heads if h != head]
    first = {head: 0.8, "The": 0.05, **{h: 0.15 / len(others) for h in others}}
    tokens = [Token(head, first)]
    if len(label) == 2:
        digits = [c[1] for c in options if len(c) == 2 and c[0] == head and c != label]
        second = {label[1]: 0.9 if digits else 1.0, **{d: 0.1 / len(digits) for d in digits}}
        tokens.append(Token(label[1], second))
    return Reply(label, tokens)


def completion(reply: Reply, *, with_logprobs: bool, body: dict[str, Any]) -> dict[str, Any]:
    """The chat completion object for ``reply``, as OpenAI's API shapes it."""
    logprobs = None
    if with_logprobs and reply.tokens is not None and body.get("logprobs"):
        limit = int(body.get("top_logprobs") or 0)
        logprobs = {"content": [_token_logprobs(t, limit) for t in reply.tokens], "refusal": None}
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": reply.model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply.content, "refusal": None},
                "logprobs": logprobs,
                "finish_reason": "stop",
            }
        ],
        "usage": reply.usage
        or {
            "prompt_tokens": len(json.dumps(body)) // 4,
            "completion_tokens": len(reply.tokens or [reply.content]),
            "total_tokens": len(json.dumps(body)) // 4 + len(reply.tokens or [reply.content]),
        },
    }


def _token_logprobs(token: Token, limit: int) -> dict[str, Any]:
    ranked = sorted(token.alternatives.items(), key=lambda item: -item[1])[:limit]
    own = token.alternatives.get(token.text, 1.0)
    return {
        "token": token.text,
        "logprob": _log(own),
        "bytes": list(token.text.encode()),
        "top_logprobs": [
            {"token": text, "logprob": _log(p), "bytes": list(text.encode())} for text, p in ranked
        ],
    }


def _log(p: float) -> float:
    return math.log(p) if p > 0 else -9999.0
