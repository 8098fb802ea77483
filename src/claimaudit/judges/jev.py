"""The Jev judge: TypeSafe System One over HTTPS, through the official ``typesafe-sdk``.

Every question of a decision goes out in ONE ``system_one`` request, as Choice questions over the
decision's state text, so the service sees the relation and evidence questions together and the
checker pays one round trip per (claim, paper).

Configuration (``JudgeSettings`` first, then the SDK's own environment variables):

- key: ``TYPESAFE_API_KEY``. The registry's factory refuses to build the judge without one
  (``KeyRequiredError``, a usage error before any work) or with one that cannot be sent as a
  header (``InvalidSettingsError``); a ``JevJudge`` built directly reads it on the first
  decision, where a missing key is a ``JudgeError`` (``not_checked``).
- base URL: ``JevOptions.base_url``, else ``TYPESAFE_BASE_URL`` (either is refused when it is
  not http(s) or has a query or fragment, which the SDK's paths would be appended to), else the
  SDK default.
- model: ``settings.model``, else ``TYPESAFE_DEFAULT_MODEL``, else ``jev-latest`` (the SDK's rule).
- timeout: ``settings.timeout`` seconds per HTTP attempt, default 60 (System One answers can take
  longer than the SDK's 10 s default when a paper contributes many long passages): a deadline
  from connecting to the reply's last byte, kept by the client of ``jev_http`` that the SDK sends
  through (the SDK's own timeouts are per read). A reply over 8 MiB is refused.
- retries: ``JevOptions.retries``, else the SDK's default count (2 retries on 408/429/5xx,
  connection errors and timeouts), each attempt with its own deadline and no total budget: the
  SDK's 30 s budget, made for its 10 s timeout, never retried an attempt that timed out after
  our 60 s. Tests pass 0 so failure paths stay fast.
- compression: ``JevOptions.compression`` (``"zstd"``), default off: local stand-ins such as
  the jevcompat mock do not decode zstd bodies, and our bodies are a few KB at most.

Failures of any kind become ``JudgeError`` with a short message naming what went wrong and the
HTTP status where there is one. Messages never carry the API key: server error bodies are not
quoted (a misbehaving proxy may echo the Authorization header), and the SDK exception is not
chained, since its text does quote the body.

The reply is only extracted here; ``validate_reply`` (called by the checker for every judge)
decides whether the distributions are usable.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import httpx2
from typesafe_sdk import (
    Choice,
    RetryPolicy,
    SystemOneResponse,
    TypeSafeAPIConnectionError,
    TypeSafeAPIError,
    TypeSafeAPIResponseValidationError,
    TypeSafeAPITimeoutError,
    TypeSafeAuthenticationError,
    TypeSafeBadRequestError,
    TypeSafeClient,
    TypeSafeError,
    TypeSafeInternalServerError,
    TypeSafeNotFoundError,
    TypeSafePermissionDeniedError,
    TypeSafeRateLimitError,
    TypeSafeUnprocessableEntityError,
)
from typesafe_sdk.constants import (
    API_KEY_ENV,
    BASE_URL_ENV,
    DEFAULT_BASE_URL,
    DEFAULT_MODEL,
    DEFAULT_MODEL_ENV,
)

from claimaudit.errors import InvalidSettingsError, JudgeError, KeyRequiredError
from claimaudit.judges.deadline import ReplyTooLargeError, check_timeout
from claimaudit.judges.jev_http import DeadlineClient
from claimaudit.judges.prompting import PROMPT_VERSION
from claimaudit.judges.protocol import ChoiceAnswer, Decision, Judge, JudgeReply, JudgeSettings
from claimaudit.net.cleartext import warn_cleartext
from claimaudit.net.envsettings import (
    checked_base_url,
    env_base_url,
    env_model,
    has_userinfo,
    http_client,
    require_header_safe_key,
    require_tls_settings,
)
from claimaudit.net.proxies import client_proxy_problem, unreachable, usable_proxies
from claimaudit.net.redaction import clipped, redact_text, redact_url, reply_text, shown_base_url
from claimaudit.net.redaction import public_url as _public_url
from claimaudit.plugins import Registry

NAME = "jev"
JUDGE = f"{NAME} judge"  # as a warning names it
DESCRIPTION = "TypeSafe Jev (System One) over HTTPS; needs TYPESAFE_API_KEY"
DEFAULT_TIMEOUT = 60.0


def retry_policy(retries: int | None) -> RetryPolicy:
    """The SDK's retry rules with ``retries`` retries (its default count when None), and no
    total time budget: each attempt has the judge's own deadline (``timeout``)."""
    if retries is None:
        return RetryPolicy(timeout=None)
    return RetryPolicy(max_retries=retries, timeout=None)


# Sent by typesafe-sdk on every retry (the number of attempts before it); read back for accounting.
RETRY_COUNT_HEADER = "X-TypeSafe-Retry-Count"

Compression = Literal["zstd", False]


@dataclass(frozen=True)
class JevOptions:
    """Jev's own options (``JudgeSettings.options``); see the module docstring."""

    base_url: str | None = None
    retries: int | None = None  # None: the SDK's default policy
    compression: Compression = False

    def __post_init__(self) -> None:
        retries = self.retries
        if retries is not None and (
            isinstance(retries, bool) or not isinstance(retries, int) or retries < 0
        ):
            raise InvalidSettingsError(
                f"Jev retries must be a non-negative integer, not {retries!r}"
            )
        if self.compression not in ("zstd", False):
            raise InvalidSettingsError(
                f"Jev compression must be 'zstd' or False, not {self.compression!r}"
            )
        if self.base_url:
            # As TYPESAFE_BASE_URL is: the SDK appends its paths to it as a string.
            checked_base_url(self.base_url, "JevOptions.base_url")

    def __repr__(self) -> str:
        # A base URL may hold a password or a token (see OpenAIOptions.__repr__).
        return (
            f"JevOptions(base_url={shown_base_url(self.base_url)}, retries={self.retries!r}, "
            f"compression={self.compression!r})"
        )


class JevJudge(Judge):
    """A ``Judge`` backed by TypeSafe System One. Thread-safe; one HTTP client per judge."""

    name = NAME
    # I/O bound: several requests may be in flight at once (the HTTP client is thread-safe).
    concurrency = 8

    def __init__(
        self,
        *,
        model: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        retries: int | None = None,
        base_url: str | None = None,
        compression: Compression = False,
    ) -> None:
        checked = check_timeout(timeout, "Jev")
        if retries is not None and (isinstance(retries, bool) or retries < 0):
            raise InvalidSettingsError(
                f"Jev retries must be a non-negative integer, not {retries!r}"
            )
        if base_url:
            checked_base_url(base_url, "JevJudge's base_url")
        self.model = model
        self.timeout = checked
        self.retries = retries
        self._base_url = base_url
        self._compression: Compression = compression
        self._client: TypeSafeClient | None = None
        self._http: DeadlineClient | None = None  # the client's transport, counting attempts
        self._lock = threading.Lock()

    @classmethod
    def from_settings(cls, settings: JudgeSettings) -> JevJudge:
        options = settings.options_for(JevOptions)
        return cls(
            model=settings.model or None,
            timeout=DEFAULT_TIMEOUT if settings.timeout is None else settings.timeout,
            retries=options.retries,
            base_url=options.base_url or None,
            compression=options.compression,
        )

    @property
    def base_url(self) -> str:
        """The API root requests go to, resolved the way the SDK resolves it."""
        explicit = self._base_url
        url = explicit if explicit is not None else os.environ.get(BASE_URL_ENV, "").strip()
        return (url or DEFAULT_BASE_URL).rstrip("/")

    @property
    def cache_identity(self) -> str:
        """The model and the endpoint serving it: another endpoint may answer differently."""
        return f"{self.effective_model}@{_public_url(self.base_url)}#prompt{PROMPT_VERSION}"

    @property
    def effective_model(self) -> str:
        """The model id requests name, resolved the way the SDK resolves it."""
        return self.model or os.environ.get(DEFAULT_MODEL_ENV, "").strip() or DEFAULT_MODEL

    # ------------------------------------------------------------------ Judge

    def decide(self, decision: Decision) -> JudgeReply:
        failure: str | None = None
        before = self._attempts_sent()
        try:
            questions = {
                qid: Choice(criteria=dict(q.options), instructions=q.instructions or None)
                for qid, q in decision.questions.items()
            }
            response = self._get_client().system_one(decision.state, questions, model=self.model)
            return _reply(response, decision, self.effective_model)
        except JudgeError as error:
            error.calls = self._attempts_sent() - before  # no client: nothing was sent
            raise
        except Exception as error:  # every failure of the backend is operational, never a verdict
            failure = self._describe(error)
            calls = self._attempts_sent() - before
        # Raised outside the handler so the SDK exception (whose text quotes the server's error
        # body) is neither the cause nor the context of the JudgeError.
        raise JudgeError(failure, calls=calls)

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
                self._http = None

    # ------------------------------------------------------------------ internals

    def _get_client(self) -> TypeSafeClient:
        with self._lock:
            if self._client is None:
                if not os.environ.get(API_KEY_ENV, "").strip():
                    raise JudgeError(
                        f"Jev needs an API key: set the {API_KEY_ENV} environment variable"
                    )
                # Built directly (the Python API), no factory said it: said here, once.
                warn_cleartext(JUDGE, self.base_url, API_KEY_ENV)
                retry = retry_policy(self.retries)
                # Keep-alive as long as the SDK's own client does: decisions come in bursts.
                limits = httpx2.Limits(
                    max_keepalive_connections=self.concurrency, keepalive_expiry=30
                )
                # httpx2 would refuse the environment's proxy (SOCKS without socksio,
                # ftp://): "unexpected ImportError" named neither proxy nor variable.
                problem = client_proxy_problem(self.base_url)
                if problem is not None:
                    raise JudgeError(problem)
                http = _http(
                    lambda: DeadlineClient(timeout=self.timeout, limits=limits), self.base_url
                )
                try:
                    self._client = TypeSafeClient(
                        base_url=self._base_url,
                        timeout=self.timeout,
                        retry=retry,
                        compression=self._compression,
                        http_client=http,
                    )
                except BaseException:
                    http.close()  # the SDK refused the settings (a malformed key): nothing sent
                    raise
                self._http = http
            return self._client

    def _attempts_sent(self) -> int:
        """HTTP attempts this thread has sent to Jev: a failed call's count after retries."""
        http = self._http
        return 0 if http is None else http.sent_by_this_thread()

    def _describe(self, error: Exception) -> str:
        """A short, secret-free message for any failure; order matters (subclasses first)."""
        if isinstance(error, ReplyTooLargeError):
            return f"Jev sent {error}"
        if isinstance(error, TypeSafeAPITimeoutError):
            return f"Jev request timed out after {self.timeout:g}s"
        if isinstance(error, TypeSafeAPIConnectionError):
            # The SDK's error is caused by the client's (redacted), which says what failed.
            shown = redact_url(self.base_url)
            return unreachable("Jev", self.base_url, shown, error.__cause__)
        if isinstance(error, TypeSafeAPIResponseValidationError):
            # field_path is a dotted location such as answers.relation.probabilities, never a value.
            if not error.field_path:
                return f"Jev returned a body that is not a System One reply: HTTP {error.status}"
            return f"Jev returned an invalid response: bad or missing {error.field_path}"
        refused = (TypeSafeAuthenticationError, TypeSafePermissionDeniedError)
        if isinstance(error, refused) and has_userinfo(self.base_url):
            # The base URL's user and password went as Basic auth and the key was not sent:
            # Jev answers 403 to a request without its Bearer key, 401 to a wrong one.
            return (
                f"Jev refused the user and password in the base URL (sent instead of "
                f"{API_KEY_ENV}): HTTP {error.status}"
            )
        if isinstance(error, TypeSafeAPIError):
            return _http_message(error, self.effective_model)
        if isinstance(error, TypeSafeError):
            # Raised before sending: malformed key, unencodable question. SDK texts here describe
            # the problem, not the key, but redact anyway in case a future version quotes it.
            return redact_text(f"Jev client error: {error}")
        return f"Jev request failed: unexpected {type(error).__name__}"


def _attempts(response: SystemOneResponse) -> int:
    """HTTP attempts behind a reply: the SDK stamps each retry with how many came before it."""
    try:
        retries = response.raw_http_response.request.headers.get(RETRY_COUNT_HEADER, "0")
        return 1 + max(int(retries), 0)
    except Exception:  # best effort: the reply itself proves one attempt
        return 1


def _http_message(error: TypeSafeAPIError, model: str) -> str:
    # The server's own error text is deliberately not quoted (see the module docstring); the
    # model id is, because an unknown or unlicensed model is the usual cause of 400/404.
    kinds: tuple[tuple[type[TypeSafeAPIError], str], ...] = (
        (TypeSafeAuthenticationError, f"Jev rejected the API key ({API_KEY_ENV})"),
        (TypeSafePermissionDeniedError, f"Jev denied access to model {model!r}"),
        (TypeSafeRateLimitError, "Jev rate limit exceeded"),
        (TypeSafeNotFoundError, f"Jev does not serve model {model!r} (or the endpoint)"),
        (TypeSafeUnprocessableEntityError, "Jev rejected the request as invalid"),
        (TypeSafeBadRequestError, f"Jev rejected the request for model {model!r}"),
        (TypeSafeInternalServerError, "Jev request failed"),
    )
    text = next((text for kind, text in kinds if isinstance(error, kind)), "Jev request failed")
    return f"{text}: HTTP {error.status}"


def _reply(response: SystemOneResponse, decision: Decision, asked: str) -> JudgeReply:
    answers: dict[str, ChoiceAnswer] = {}
    for qid in decision.questions:
        sdk_answer = response.choices.get(qid)
        if sdk_answer is None:
            raise JudgeError(f"Jev gave {_not_a_choice(response, qid)} for question {qid!r}")
        try:
            answers[qid] = ChoiceAnswer(
                choice=str(sdk_answer.choice),
                probabilities={str(k): float(v) for k, v in sdk_answer.probabilities.items()},
                confidence=float(sdk_answer.confidence),
            )
        except (TypeError, ValueError):
            raise JudgeError(f"Jev returned non-numeric probabilities for {qid!r}") from None
    given, made = response.usage.input_tokens, response.usage.output_tokens
    # The SDK reads a count the reply leaves out (or sends as null) as None. The other alone
    # is no total: kept, it made the record's judgeTokens say 0 input tokens, which are billed.
    usage: dict[str, int] = {}
    if isinstance(given, int) and isinstance(made, int):
        usage = {"input_tokens": given, "output_tokens": made}
    model = response.model
    if isinstance(model, str):  # anything else is refused, naming its type, by the checker
        # A proxy may echo the Authorization header into any field of its reply.
        model = reply_text(model, os.environ.get(API_KEY_ENV, "").strip() or None)
    if model == "":
        # An empty id (or one that was only escape sequences) names no model: the record
        # names the one asked for, as the openai judge's does.
        model = asked
    return JudgeReply(model=model, answers=answers, usage=usage, calls=_attempts(response))


def _not_a_choice(response: SystemOneResponse, qid: str) -> str:
    """What came back instead of a choice answer, for the error message.

    The SDK silently drops answer types it does not know (forward compatibility), so look at the
    raw body too: an unknown type points at an outdated SDK, no answer at the service.
    """
    known = response.answers.get(qid)
    if known is not None:
        return f"a {known.type!r} answer, not a choice,"
    try:
        raw = response.raw_http_response.json()["answers"][qid]["type"]
    except Exception:  # best effort only: "no answer" is still true from the SDK's view
        return "no answer"
    # Masked before it is cut (a cut key is no longer recognised as one).
    shown = clipped(str(raw), 40, os.environ.get(API_KEY_ENV, "").strip() or None)
    return f"an answer of a type typesafe-sdk does not know ({shown!r})"


def _http(make: Callable[[], DeadlineClient], url: str) -> DeadlineClient:
    """``make()``; a CA file that could not be loaded (set after the factory checked it) is a
    JudgeError naming it, not "unexpected FileNotFoundError"."""
    try:
        return http_client(make, url)
    except InvalidSettingsError as error:
        refused = str(error)
    raise JudgeError(refused)  # outside the handler: nothing chained


def _factory(settings: JudgeSettings) -> JevJudge:
    # Every surface builds the judge before any work: a run that cannot send one request is a
    # usage error there, not a not_checked record per claim.
    settings.refuse_context_tokens("jev", "the checker's character budget applies to it")
    if not os.environ.get(API_KEY_ENV, "").strip():
        raise KeyRequiredError("the jev judge needs an API key", env=API_KEY_ENV)
    if not settings.model:
        env_model(DEFAULT_MODEL_ENV)  # the SDK reads it itself, and sent whatever it held
    # The SDK refused such a key on each request ("Jev client error"), naming no variable.
    require_header_safe_key(API_KEY_ENV)
    require_tls_settings()
    if not settings.options_for(JevOptions).base_url:
        # The SDK reads the variable itself; one that is not http(s) failed every request.
        env_base_url(BASE_URL_ENV, DEFAULT_BASE_URL)
    judge = JevJudge.from_settings(settings)
    usable_proxies(judge.base_url)  # one the HTTP client cannot use failed every record
    warn_cleartext(JUDGE, judge.base_url, API_KEY_ENV)  # said before any work
    return judge


def register(registry: Registry) -> None:
    registry.add_judge(NAME, _factory, DESCRIPTION)


__all__ = ["DEFAULT_TIMEOUT", "JevJudge", "JevOptions", "register"]
