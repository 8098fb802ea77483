"""The ``openai`` judge: the two Choice questions asked of any chat completions server.

Each question is one request (so a decision costs two backend calls, plus any retries, plus
the requests its fitting sent: see ``fit_evidence``), built
by ``messages``: ``temperature`` 0, a few ``max_tokens``, ``logprobs`` with 20
``top_logprobs``. The option probabilities come from the answer token's logprobs (see
``labels``); confidence is Jev's formula over them. The message text must name the option
the logprobs' first label names: an answer whose text and tokens disagree is refused. A server
that returns no usable logprobs still gets its answer read from the text, but the answer then
carries no probabilities, and the checker marks the record ``probabilitiesAvailable: false``
with ``needsReview: true``. Token counts the server reports below zero are left out.

Before the questions are asked, the checker lets the judge fit the evidence to the model's
context window (``fit_evidence``, see ``window``). A request the server refuses as too long
raises ``ContextLengthError``; the window it names is learned, so the checker's second try fits.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

from claimaudit.errors import ContextLengthError, InvalidSettingsError, JudgeError
from claimaudit.judges.openai import JUDGE, KEY_ENV, NAME
from claimaudit.judges.openai.labels import (
    Labels,
    TokenLogprobs,
    parse_content,
    read_logprobs,
)
from claimaudit.judges.openai.messages import (
    MAX_TOKENS,
    TOP_LOGPROBS,
    labels_for,
    render_question,
    request_body,
    user_message,
)
from claimaudit.judges.openai.window import ContextWindow
from claimaudit.judges.openai.wire import (
    SERVER,
    ChatClient,
    ChatCompletion,
    TokenLogprob,
)
from claimaudit.judges.prompting import PROMPT_VERSION
from claimaudit.judges.protocol import (
    INPUT_TOKENS,
    OUTPUT_TOKENS,
    Case,
    ChoiceAnswer,
    Decision,
    Judge,
    JudgeReply,
    confidence_from_probabilities,
)
from claimaudit.net.cleartext import warn_cleartext
from claimaudit.net.envsettings import checked_base_url, header_safe, malformed_key
from claimaudit.net.proxies import client_proxy_problem
from claimaudit.net.redaction import add_secret_env, clipped, public_url, reply_text
from claimaudit.passage import Passage


class OpenAIJudge(Judge):
    """A ``Judge`` over an OpenAI-compatible chat completions server. Thread-safe."""

    name = NAME
    # Decisions in flight at once during a review: the server does the work, we only wait.
    concurrency = 4

    def __init__(
        self,
        *,
        model: str,
        base_url: str,
        timeout: float,
        retries: int,
        context_tokens: int | None = None,
        key_env: str = KEY_ENV,
    ) -> None:
        self.model = model
        # Refused now, as OPENAI_BASE_URL is: one that is not http(s) failed every request.
        checked_base_url(base_url, "OpenAIJudge's base_url", keeps_query=True)
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self._key_env = key_env
        # Its value is a secret like OPENAI_API_KEY's: masked in every log line and message,
        # not only where the judge masks the key it sent (a library's debug log knows nothing).
        add_secret_env(key_env)
        self._client: ChatClient | None = None
        self._lock = threading.Lock()
        self.window = ContextWindow(
            self._get_client, base_url=self.base_url, model=model, configured=context_tokens
        )

    @property
    def cache_identity(self) -> str:
        """Model, endpoint and prompt framing: each may change the answers a result came from;
        and the context window the evidence is fitted to (configured, asked of the server or
        learned from an overflow), which changes the evidence the model reads."""
        identity = f"{self.model}@{public_url(self.base_url)}#prompt{PROMPT_VERSION}"
        fitted = self.window.fitted_to()
        return identity if fitted is None else f"{identity}#ctx{fitted}"

    def fit_evidence(
        self, case: Case, ranked: Sequence[Passage], limit: int
    ) -> list[Passage] | None:
        """The passages that fit the model's context window (``window``), once its size is
        known; until then None, and the checker's character budget applies.

        The requests fitting sends (the window's size, token counts) are the record's: they are
        added to the ``calls`` of the ``decide`` that follows on this thread, or of the
        JudgeError raised here; where neither follows, the checker takes them
        (``take_side_calls``). Discovery is asked once per judge, so it is counted on the one
        record whose fitting (or cache key) asked."""
        try:
            return self.window.fit(case, ranked, limit)
        except JudgeError as error:
            error.calls += self.take_side_calls()
            raise

    def decide(self, decision: Decision) -> JudgeReply:
        client = self._get_client()
        answers: dict[str, ChoiceAnswer] = {}
        # Stays empty while the server reports no usage; None once it reported a count that is
        # not one (negative), since a sum with it in would be wrong however it came out.
        usage: dict[str, int] | None = {}
        served_by: str | None = None
        # The requests this record's fitting sent, on this thread (see fit_evidence).
        calls = client.take_side_calls()
        for qid, question in decision.questions.items():
            labels = labels_for(question)
            body = request_body(self.model, user_message(decision.case, question, labels))
            try:
                completion, attempts = client.complete(body, self.model)
            except JudgeError as error:
                if isinstance(error, ContextLengthError):
                    self.window.learn(error)
                error.calls += calls  # the failed request's attempts were sent too
                error.usage = dict(usage or {})
                raise
            calls += attempts
            usage = _add_usage(usage, completion)
            try:
                answers[qid] = _answer(qid, completion, labels, client.key)
            except JudgeError as error:
                # An answer that is not a label was still paid for.
                error.calls, error.usage = calls, dict(usage or {})
                raise
            if served_by is None and completion.model is not None:
                # A proxy may echo the Authorization header into any field of its reply.
                served_by = reply_text(completion.model, client.key)
        return JudgeReply(
            model=served_by or self.model, answers=answers, usage=usage or {}, calls=calls
        )

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None

    def take_side_calls(self) -> int:
        """The requests about the server (its window, its token counts) this thread sent and
        no record has counted yet: the checker's, for a record no ``decide`` followed."""
        with self._lock:
            client = self._client
        return client.take_side_calls() if client is not None else 0

    def _new_client(self, key: str | None) -> ChatClient:
        """A CA file that could not be loaded (set after the factory checked it) is a
        JudgeError naming it, not "judge 'openai' failed: FileNotFoundError"."""
        try:
            return ChatClient(self.base_url, key, self.timeout, self.retries, key_env=self._key_env)
        except InvalidSettingsError as error:
            refused = str(error)
        raise JudgeError(refused)  # outside the handler: nothing chained

    def _get_client(self) -> ChatClient:
        with self._lock:
            if self._client is None:
                key = os.environ.get(self._key_env, "").strip() or None
                if key is not None and not header_safe(key):
                    raise JudgeError(malformed_key(self._key_env))
                # Built directly (the Python API), no factory said it: said here, once.
                warn_cleartext(JUDGE, self.base_url, self._key_env if key else None)
                # httpx would refuse the environment's proxy (SOCKS without socksio, ftp://)
                # with an ImportError or ValueError, which names neither proxy nor variable.
                problem = client_proxy_problem(self.base_url)
                if problem is not None:
                    raise JudgeError(problem)
                self._client = self._new_client(key)
            return self._client


def _answer(
    qid: str, completion: ChatCompletion, labels: Labels, key: str | None = None
) -> ChoiceAnswer:
    choice = completion.choices[0]
    content = choice.message.content or ""
    logprobs = choice.logprobs.content if choice.logprobs is not None else None
    option_named = parse_content(labels, content)
    try:
        read = read_logprobs(labels, _tokens(logprobs)) if logprobs else None
    except JudgeError as error:
        raise JudgeError(f"{SERVER} answered {qid!r} with impossible logprobs: {error}") from None
    # Masked before it is cut: a proxy may echo the key, and half a key is unrecognisable.
    shown = repr(clipped(content.strip(), 40, key)) if content.strip() else "an empty answer"
    if read is not None:
        option, probabilities = read
        if option_named != option:
            # The text and the tokens are one answer: when they differ, neither can be trusted.
            raise JudgeError(
                f"{SERVER} answered {qid!r} with {shown}, but its logprobs start with the "
                f"label of another option"
            )
        return ChoiceAnswer(option, probabilities, confidence_from_probabilities(probabilities))
    if option_named is None:
        raise JudgeError(f"{SERVER} answered {qid!r} with {shown}, not one of its option labels")
    # No probabilities to read: the choice stands, but nothing is invented in their place.
    return ChoiceAnswer(option_named, None, None)


def _add_usage(usage: dict[str, int] | None, completion: ChatCompletion) -> dict[str, int] | None:
    """``usage`` with the completion's token counts added; None once any count is negative."""
    if usage is None or completion.usage is None:
        return usage
    counts = (
        (INPUT_TOKENS, completion.usage.prompt_tokens),
        (OUTPUT_TOKENS, completion.usage.completion_tokens),
    )
    if any(count is not None and count < 0 for _, count in counts):
        return None
    return {key: usage.get(key, 0) + (count or 0) for key, count in counts}


def _tokens(content: Sequence[TokenLogprob]) -> list[TokenLogprobs]:
    return [
        TokenLogprobs(t.token, t.logprob, [(a.token, a.logprob) for a in t.top_logprobs or []])
        for t in content
    ]


__all__ = ["MAX_TOKENS", "TOP_LOGPROBS", "OpenAIJudge", "render_question"]
