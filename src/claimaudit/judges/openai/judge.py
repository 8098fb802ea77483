"""The ``openai`` judge: the two Choice questions asked of any chat completions server.

Each question is one request (so a decision costs two backend calls, plus any retries): a system
message with the answering rule, the review policy and the injection defence, and a user message
with the case (``prompting.render_case``: claim, topic, the escaped evidence block) followed by
the question and its labelled options. ``temperature`` 0, a few ``max_tokens``, ``logprobs`` with 20
``top_logprobs``. The option probabilities come from the answer token's logprobs (see
``labels``); confidence is Jev's formula over them. A server that returns no usable logprobs
still gets its answer read from the text, but the answer then carries no probabilities, and the
checker marks the record ``probabilitiesAvailable: false`` with ``needsReview: true``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

from claimaudit.errors import JudgeError
from claimaudit.judges.openai import NAME
from claimaudit.judges.openai.labels import (
    Labels,
    TokenLogprobs,
    assign_labels,
    parse_content,
    read_logprobs,
)
from claimaudit.judges.openai.wire import (
    KEY_ENV,
    SERVER,
    ChatClient,
    ChatCompletion,
    TokenLogprob,
)
from claimaudit.judges.prompting import DEFENCE, PROMPT_VERSION, escape_text, render_case
from claimaudit.judges.protocol import (
    ChoiceAnswer,
    ChoiceQuestion,
    Decision,
    Judge,
    JudgeReply,
    confidence_from_probabilities,
)
from claimaudit.judges.questions import NO_EVIDENCE, POLICY
from claimaudit.redaction import public_url

TOP_LOGPROBS = 20  # the most the OpenAI API allows
# Room for a leading newline or space before the label and its digit; the answer is a label.
MAX_TOKENS = 4
ROLE = (
    "You review whether a paper supports a claim. You answer multiple-choice questions with the "
    "label of exactly one option and nothing else: no explanation, no punctuation."
)


class OpenAIJudge(Judge):
    """A ``Judge`` over an OpenAI-compatible chat completions server. Thread-safe."""

    name = NAME
    # Decisions in flight at once during a review: the server does the work, we only wait.
    concurrency = 4

    def __init__(
        self, *, model: str, base_url: str, timeout: float, retries: int, key_env: str = KEY_ENV
    ) -> None:
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self._key_env = key_env
        self._client: ChatClient | None = None
        self._lock = threading.Lock()

    @property
    def cache_identity(self) -> str:
        """Model, endpoint and prompt framing: each may change the answers a result came from."""
        return f"{self.model}@{public_url(self.base_url)}#prompt{PROMPT_VERSION}"

    def decide(self, decision: Decision) -> JudgeReply:
        client = self._get_client()
        context = render_case(decision.case)
        answers: dict[str, ChoiceAnswer] = {}
        usage = {"input_tokens": 0, "output_tokens": 0}
        served_by: str | None = None
        calls = 0
        for qid, question in decision.questions.items():
            labels = assign_labels(list(question.options), solo=(NO_EVIDENCE,))
            try:
                completion, attempts = client.complete(
                    self._body(context, question, labels), self.model
                )
            except JudgeError as error:
                error.calls += calls  # the failed request's attempts were sent too
                raise
            calls += attempts
            try:
                answers[qid] = _answer(qid, completion, labels)
            except JudgeError as error:
                error.calls = calls  # an answer that is not a label was still paid for
                raise
            served_by = served_by or completion.model
            if completion.usage is not None:
                usage["input_tokens"] += completion.usage.prompt_tokens or 0
                usage["output_tokens"] += completion.usage.completion_tokens or 0
        return JudgeReply(model=served_by or self.model, answers=answers, usage=usage, calls=calls)

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None

    def _get_client(self) -> ChatClient:
        with self._lock:
            if self._client is None:
                key = os.environ.get(self._key_env, "").strip() or None
                if key is not None and not _header_safe(key):
                    raise JudgeError(
                        f"{self._key_env} is malformed: it must be printable ASCII without spaces"
                    )
                self._client = ChatClient(self.base_url, key, self.timeout, self.retries)
            return self._client

    def _body(self, context: str, question: ChoiceQuestion, labels: Labels) -> dict[str, Any]:
        return {
            "model": self.model,
            "messages": [
                {"role": "system", "content": "\n\n".join([ROLE, POLICY, DEFENCE])},
                {"role": "user", "content": f"{context}\n\n{render_question(question, labels)}"},
            ],
            "temperature": 0,
            "max_tokens": MAX_TOKENS,
            "logprobs": True,
            "top_logprobs": TOP_LOGPROBS,
        }


def render_question(question: ChoiceQuestion, labels: Labels) -> str:
    """The question, its options one per line with their labels, and how to answer."""
    lines = [f"Question: {escape_text(question.instructions)}", "Options:"]
    for label, option in labels.by_label.items():
        description = question.options[option]
        text = escape_text(option if description is None else f"{option}: {description}")
        lines.append(f"{label}. {text}")
    lines.append(labels.hint())
    return "\n".join(lines)


def _answer(qid: str, completion: ChatCompletion, labels: Labels) -> ChoiceAnswer:
    choice = completion.choices[0]
    content = choice.message.content or ""
    logprobs = choice.logprobs.content if choice.logprobs is not None else None
    read = read_logprobs(labels, _tokens(logprobs)) if logprobs else None
    if read is not None:
        option, probabilities = read
        return ChoiceAnswer(option, probabilities, confidence_from_probabilities(probabilities))
    option_named = parse_content(labels, content)
    if option_named is None:
        shown = repr(content.strip()[:40]) if content.strip() else "an empty answer"
        raise JudgeError(f"{SERVER} answered {qid!r} with {shown}, not one of its option labels")
    # No probabilities to read: the choice stands, but nothing is invented in their place.
    return ChoiceAnswer(option_named, None, None)


def _tokens(content: Sequence[TokenLogprob]) -> list[TokenLogprobs]:
    return [
        TokenLogprobs(t.token, t.logprob, [(a.token, a.logprob) for a in t.top_logprobs or []])
        for t in content
    ]


def _header_safe(key: str) -> bool:
    return all(33 <= ord(c) <= 126 for c in key)


__all__ = ["MAX_TOKENS", "TOP_LOGPROBS", "OpenAIJudge", "render_question"]
