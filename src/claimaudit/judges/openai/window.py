"""The model's context window: its size, the server's tokenizer, and the evidence that fits.

The size, in tokens, from the first of:

1. ``--context-tokens`` / ``OPENAI_CONTEXT_TOKENS`` (``JudgeSettings.context_tokens``), trusted
   until the server reports a smaller window in an overflow error;
2. the server's API, asked once per judge (after a failed ask, such as a server that was down,
   again once ``RETRY_ASK_SECONDS`` have passed): ``GET {base}/models``,
   the model's ``max_model_len`` (vLLM), ``context_length``, ``context_window`` or
   ``max_context_length`` (hosted APIs, LM Studio); then ``GET {root}/props``, ``n_ctx``
   (llama.cpp's own ``llama-server``). ``root`` is the base URL without its ``/v1``;
3. an overflow error that names the size (``ContextLengthError.window``): learned, and the
   checker then fits the evidence to it and asks once more.

While the size is unknown, the checker's character budget applies.

Tokens are counted by the server's tokenizer, the first endpoint that answers (probed once):
``POST {root}/extras/tokenize/count`` (llama-cpp-python), ``POST {root}/tokenize`` with
``model`` and ``prompt`` (vLLM) or with ``content`` (llama-server). Where none does (Ollama,
hosted APIs) the count is an estimate, one token per ``BYTES_PER_TOKEN`` bytes of UTF-8.

Fitting: each request is the system message, the user message (the case and one question) and
the answer (``MAX_TOKENS``), wrapped by the server's chat template, for which
``TEMPLATE_TOKENS`` are set aside (more once an overflow shows they were too few). Passages are
taken best-ranked first while both questions' requests fit; one too long for the room left is
skipped for a shorter, lower-ranked one. Passages are counted one by one (counts are cached:
the same passages come back for every claim about a paper), then both requests are counted
whole and the lowest-ranked passage is dropped until they fit. When everything fits by its
length in bytes (a token is never shorter than a byte), nothing needs counting.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from claimaudit.errors import ContextLengthError, JudgeError
from claimaudit.judges.openai.messages import (
    MAX_TOKENS,
    SYSTEM,
    labels_for,
    option_line,
    user_message,
)
from claimaudit.judges.openai.wire import ChatClient, endpoint, server_root
from claimaudit.judges.prompting import render_passage
from claimaudit.judges.protocol import Case
from claimaudit.judges.questions import EVIDENCE, RELATION, build_decision
from claimaudit.passage import Passage

TEMPLATE_TOKENS = 64  # the chat template's own tokens around two messages and the answer
BYTES_PER_TOKEN = 3  # the estimate where the server has no tokenizer endpoint
MODEL_WINDOW_KEYS = ("max_model_len", "context_length", "context_window", "max_context_length")
COUNT_CACHE = 8192  # texts whose token counts are kept
MIN_ROOM = 8  # tokens: below this no passage can fit, so the scan stops
PROBE_TEXT = "Dropout improves translation quality."
# After a failed ask (unreachable, timed out), the size is asked again only this much later: a
# long-running server outlives an outage, yet a hung one costs a timeout per record at most
# this often.
RETRY_ASK_SECONDS = 300.0

Tokenizer = Callable[[ChatClient, str], int | None]


class ContextWindow:
    """The window of one judge's model. Thread-safe."""

    def __init__(
        self,
        client: Callable[[], ChatClient],
        *,
        base_url: str,
        model: str,
        configured: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client = client
        self._clock = clock
        self._failed_at: float | None = None  # when the last ask failed, by ``clock``
        self.base_url = base_url.rstrip("/")
        self.root = server_root(self.base_url)
        self.model = model
        self.configured = configured
        self._size = configured
        self._asked = configured is not None  # a configured size is not looked up
        self.template_tokens = TEMPLATE_TOKENS
        self._tokenizer: Tokenizer | None = None
        self._probed = False
        self._counts: OrderedDict[bytes, int] = OrderedDict()
        self._lock = threading.Lock()
        self._asking = threading.Lock()

    # ------------------------------------------------------------------ size

    def size(self) -> int | None:
        """The window in tokens, or None while it is unknown (asks the server once; after a
        failed ask, again once ``RETRY_ASK_SECONDS`` have passed)."""
        with self._asking:
            if not self._asked and not self._failed_recently():
                try:
                    found: int | None = self._discover()
                except JudgeError:
                    # Unreachable or timed out: the question itself, with its retries, will
                    # say so. Not asked again for a while: a hung server would cost every
                    # record (the cache key, then the fitting) another timeout; an overflow
                    # can still teach it meanwhile.
                    with self._lock:
                        self._failed_at = self._clock()
                else:
                    with self._lock:
                        self._asked = True
                        self._failed_at = None
                        if self._size is None:
                            self._size = found
        with self._lock:
            return self._size

    def _failed_recently(self) -> bool:
        failed_at = self._failed_at
        return failed_at is not None and self._clock() - failed_at < RETRY_ASK_SECONDS

    def fitted_to(self) -> str | None:
        """What the evidence is fitted to, for the judge's cache identity: the window's size (and
        the template's share where an overflow raised it); None while the size is unknown and
        the checker's character budget applies. Asks the server once, as ``size`` does."""
        size = self.size()
        if size is None:
            return None
        with self._lock:
            size, template = self._size or size, self.template_tokens
        return str(size) if template == TEMPLATE_TOKENS else f"{size}t{template}"

    def learn(self, error: ContextLengthError) -> None:
        """Take what an overflow error says: the window's size, and that the chat template
        took more than was set aside when the prompt had been fitted to a known window."""
        if not error.window:
            return
        with self._lock:
            fitted_to = self._size
            self._size = error.window if fitted_to is None else min(fitted_to, error.window)
            self._asked = True
            if fitted_to is not None and error.prompt_tokens and fitted_to <= error.window:
                excess = error.prompt_tokens + MAX_TOKENS - error.window
                self.template_tokens += max(excess, 0) + MIN_ROOM

    def _discover(self) -> int | None:
        client = self._client()
        models = client.get_json(endpoint(self.base_url, "/models"))
        entries = models.get("data") if isinstance(models, dict) else None
        if isinstance(entries, list):
            mine = [e for e in entries if isinstance(e, dict) and e.get("id") == self.model]
            if not mine and len(entries) == 1 and isinstance(entries[0], dict):
                mine = entries  # a server of one model answers whatever name it is asked by
            for entry in mine:
                for key in MODEL_WINDOW_KEYS:
                    if _positive(entry.get(key)):
                        return int(entry[key])
        props = client.get_json(endpoint(self.root, "/props"))
        if isinstance(props, dict):
            settings = props.get("default_generation_settings")
            for value in (props.get("n_ctx"), _get(settings, "n_ctx")):
                if isinstance(value, int) and _positive(value):
                    return value
        return None

    # ------------------------------------------------------------------ counting

    def count(self, text: str, *, keep: bool = True) -> int:
        """Tokens in ``text``: the server's count where it has a tokenizer, else an estimate.
        ``keep``: remember the count (for pieces that come back, not whole prompts)."""
        key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
        with self._lock:
            known = self._counts.get(key)
            if known is not None:
                self._counts.move_to_end(key)
                return known
        counted = self._count(text)
        if keep:
            with self._lock:
                self._counts[key] = counted
                if len(self._counts) > COUNT_CACHE:
                    self._counts.popitem(last=False)
        return counted

    @property
    def counts_with_server(self) -> bool:
        """Whether the server's tokenizer counts (False until probed, or without one)."""
        return self._tokenizer is not None

    def _count(self, text: str) -> int:
        client = self._client()
        with self._asking:
            if not self._probed:
                self._tokenizer = self._probe(client)
                self._probed = True
        if self._tokenizer is not None:
            counted = self._tokenizer(client, text)
            if counted is not None:
                return counted
        return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN)

    def _probe(self, client: ChatClient) -> Tokenizer | None:
        for tokenizer in self._tokenizers():
            if tokenizer(client, PROBE_TEXT):  # an empty count is no tokenizer
                return tokenizer
        return None

    def _tokenizers(self) -> list[Tokenizer]:
        root, model = self.root, self.model

        def llama_cpp_python(client: ChatClient, text: str) -> int | None:
            url = endpoint(root, "/extras/tokenize/count")
            return _read_count(client.post_json(url, {"input": text}))

        def vllm(client: ChatClient, text: str) -> int | None:
            body = {"model": model, "prompt": text, "add_special_tokens": False}
            return _read_count(client.post_json(endpoint(root, "/tokenize"), body))

        def llama_server(client: ChatClient, text: str) -> int | None:
            body = {"content": text, "add_special": False}
            return _read_count(client.post_json(endpoint(root, "/tokenize"), body))

        return [llama_cpp_python, vllm, llama_server]

    # ------------------------------------------------------------------ fitting

    def fit(self, frame: Case, ranked: Sequence[Passage], limit: int) -> list[Passage] | None:
        """The best-ranked passages (at most ``limit``) whose requests fit the window, best
        first; None while the window is unknown. ContextLengthError when none fits."""
        size = self.size()
        if size is None:
            return None
        budget = size - MAX_TOKENS - self.template_tokens
        candidates = list(ranked[:limit]) if len(ranked) > limit else list(ranked)
        if self._bytes_needed(frame, candidates) <= budget:
            return candidates
        fixed_relation, fixed_evidence = self._needs(frame, [])
        fixed = max(fixed_relation, fixed_evidence)
        if fixed > budget:
            # Said as the whole need against the whole window: the budget left after the
            # answer and the framing may be negative, which reads as nonsense.
            need = fixed + size - budget
            raise ContextLengthError(
                f"the model's context window of {size} tokens is smaller than the {need} tokens "
                "the claim, the questions and the answer need before any passage"
            )
        chosen: list[Passage] = []
        passages_used = options_used = 0
        for passage in ranked:
            if len(chosen) >= limit:
                break
            used = passages_used + max(fixed_relation, fixed_evidence + options_used)
            if budget - used < MIN_ROOM:
                break
            # +1 each: the newline that joins the piece to the rest.
            text = self.count(render_passage(passage)) + 1
            option = self.count(option_line("A1", passage.passage_id, None)) + 1
            relation = fixed_relation + passages_used + text
            evidence = fixed_evidence + passages_used + text + options_used + option
            if max(relation, evidence) <= budget:
                chosen.append(passage)
                passages_used += text
                options_used += option
        while chosen and max(self._needs(frame, chosen)) > budget:
            chosen.pop()  # the lowest-ranked
        if not chosen:
            raise ContextLengthError(
                f"no passage of this paper fits the model's context window of {size} tokens "
                "beside the claim and the questions"
            )
        return chosen

    def _needs(self, frame: Case, passages: list[Passage]) -> tuple[int, int]:
        """Tokens of each question's request (system and user message) with ``passages``."""
        system = self.count(SYSTEM)
        relation, evidence = _user_messages(frame, passages)
        return (
            system + self.count(relation, keep=False),
            system + self.count(evidence, keep=False),
        )

    def _bytes_needed(self, frame: Case, passages: list[Passage]) -> int:
        """An upper bound of the tokens of the longer request: its length in UTF-8 bytes."""
        system = len(SYSTEM.encode("utf-8"))
        longest = max(len(m.encode("utf-8")) for m in _user_messages(frame, passages))
        return system + longest + 2  # a tokenizer may add a start and an end token


def _user_messages(frame: Case, passages: list[Passage]) -> tuple[str, str]:
    """The user messages of the relation and the evidence question."""
    decision = build_decision(replace(frame, passages=tuple(passages)))
    relation, evidence = (decision.questions[q] for q in (RELATION, EVIDENCE))
    return (
        user_message(decision.case, relation, labels_for(relation)),
        user_message(decision.case, evidence, labels_for(evidence)),
    )


def _read_count(answer: Any) -> int | None:
    if not isinstance(answer, dict):
        return None
    if _positive(answer.get("count")) or answer.get("count") == 0:
        return int(answer["count"])
    tokens = answer.get("tokens")
    return len(tokens) if isinstance(tokens, list) else None


def _get(mapping: object, key: str) -> object:
    return mapping.get(key) if isinstance(mapping, dict) else None


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


__all__ = ["BYTES_PER_TOKEN", "TEMPLATE_TOKENS", "ContextWindow"]
