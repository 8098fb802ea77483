"""The ``valyu`` paper source: excerpts of an arXiv paper found by Valyu Search, as in the seed.

One search per paper: query ``arXiv <id> <topic, else the claim>``, ``search_type "all"``, the
``valyu/valyu-arxiv`` collection, 5 results of up to 5,000 characters each (only the first 5
read when a server returns more). Only results whose URL
(else id, else arXiv DOI) names the requested paper survive, under the version rule of
``PaperRef.matches``, and none whose identifiers name two papers or editions. Their
distinct excerpts are joined in order and split at blank lines into passages ``P001``...; the
paper is marked as search excerpts (``evidenceScope: "search_excerpts"``), not the full text.

Excerpts over the judge's budget are refused, not cut: the checker's selection would silently keep
the best-ranked part, which for search snippets hides how little of the paper was seen.

The SDK's ``search()`` never raises: any failure comes back as ``success=False``. It retries HTTP
429 itself (honouring Retry-After); this source adds one retry after a 5xx, which the SDK does not
retry, after 2 s or the reply's Retry-After when longer (no retry when that is past the deadline).
Timeouts and connection errors are not retried (a timed-out search may have been billed).
Every HTTP attempt, retries included, is counted in ``SourcePaper.calls``. The key comes from
``VALYU_API_KEY`` and is scrubbed from every message (encoded forms too), as is any credential in
the base URL. The HTTP transport (``valyu_transport``) follows no redirect, bounds the whole
search by ``timeout`` and refuses oversized replies; a failure is one fixed line that never
quotes an HTTP error's body. It trusts the certificate authorities and takes the proxy that the
httpx clients of the other backends do (``SSL_CERT_FILE``, ``SSL_CERT_DIR``, ``NO_PROXY``).
"""

from __future__ import annotations

import os
import re
import ssl
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from claimaudit.checker.selection import MAX_CHARS, MAX_PASSAGES
from claimaudit.errors import (
    ExcerptsOverBudgetError,
    InvalidSettingsError,
    KeyRequiredError,
    SourceError,
)
from claimaudit.identity import PaperRef, RefKind, try_parse_ref
from claimaudit.inputs import MAX_TITLE_CHARS
from claimaudit.judges.deadline import check_timeout
from claimaudit.net.cleartext import warn_cleartext
from claimaudit.net.envsettings import (
    checked_base_url,
    env_base_url,
    header_safe,
    malformed_key,
    require_header_safe_key,
    require_tls_settings,
    tls_context,
)
from claimaudit.net.redaction import clipped, mask_key, redact_text, redact_url, reply_text
from claimaudit.passage import passage_id
from claimaudit.sources.protocol import Passage, Source, SourcePaper
from claimaudit.sources.valyu_transport import (
    MAX_REPLY_BYTES,
    Deadline,
    ValyuTransport,
    proxy_problem,
    server_wait,
)
from claimaudit.text.plain import capped

if TYPE_CHECKING:
    from claimaudit.plugins import Registry

NAME = "valyu"
SOURCE = f"{NAME} source"  # as a warning names it
API_KEY_ENV = "VALYU_API_KEY"
BASE_URL_ENV = "CLAIMAUDIT_VALYU_BASE_URL"
DEFAULT_BASE_URL = "https://api.valyu.ai/v1"
COLLECTION = "valyu/valyu-arxiv"
MAX_RESULTS = 5
RESPONSE_LENGTH = 5_000
DEFAULT_TIMEOUT = 60.0
SERVER_ERROR_WAIT = 2.0
_BLANK_LINE = re.compile(r"\r?\n\s*\r?\n")
_PYDANTIC_DETAIL = re.compile(r"(?<!\s)\s*\[type=.*$")


class ValyuSource(Source):
    """Serves arXiv papers as Valyu Search excerpts. Needs ``VALYU_API_KEY``.

    The key and base URL are read when a paper is fetched. The registry's factory refuses to
    build the source without a key (``KeyRequiredError``); one built directly (as ``auto``
    does) reports a missing key as a ``not_checked`` record for each paper.
    """

    name = NAME

    def __init__(
        self,
        *,
        base_url: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_rate_limit_retries: int = 2,
        server_error_wait: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
        max_reply_bytes: int = MAX_REPLY_BYTES,
    ) -> None:
        self._base_url = base_url
        # The whole search, connect to last byte and retries included (not per read).
        self.timeout = check_timeout(timeout, "Valyu")
        self.max_reply_bytes = max_reply_bytes
        self.max_rate_limit_retries = max_rate_limit_retries
        # Read at construction so tests can shorten it for sources they do not build.
        self.server_error_wait = (
            SERVER_ERROR_WAIT if server_error_wait is None else server_error_wait
        )
        self._sleep = sleep
        # A base URL that is not http(s), or whose query would swallow the SDK's paths, is
        # refused now, not once per paper.
        if base_url:
            checked_base_url(base_url, "ValyuSource's base_url")
        else:
            env_base_url(BASE_URL_ENV, DEFAULT_BASE_URL)

    @property
    def base_url(self) -> str:
        url = self._base_url or env_base_url(BASE_URL_ENV, DEFAULT_BASE_URL)
        return url.rstrip("/")

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        if ref.kind is not RefKind.ARXIV:
            raise SourceError(f"{ref}: the valyu source searches arXiv papers only")
        key = os.environ.get(API_KEY_ENV, "").strip()
        if not key:
            raise SourceError(f"{API_KEY_ENV} is not set; the valyu source needs a Valyu API key")
        if not header_safe(key):
            raise SourceError(malformed_key(API_KEY_ENV))
        # Built directly (as ``auto`` does), no factory said it: said here, once.
        warn_cleartext(SOURCE, self.base_url, API_KEY_ENV, key_beside_userinfo=True)
        problem = proxy_problem(self.base_url)
        if problem is not None:  # nothing is sent: no call to count
            raise SourceError(problem, backend=NAME)
        try:
            tls = tls_context()  # the authorities every other backend trusts
        except InvalidSettingsError as error:
            raise SourceError(str(error), backend=NAME) from None
        search_query = f"arXiv {ref.versioned_id} {query}".strip()
        results, calls = self._search(search_query, key, tls)
        try:
            return self._paper(ref, results, search_query, calls, key)
        except SourceError as error:
            # A search that found nothing usable was still a paid request: keep it on the record.
            # The same error, so that each surface still gives its advice for it.
            error.calls, error.backend = calls, NAME
            raise

    def _paper(
        self, ref: PaperRef, results: Sequence[Any], search_query: str, calls: int, key: str
    ) -> SourcePaper:
        # A server that ignores max_num_results: only the first results asked for are read, in
        # its order, as from one that honours it (the rest were passed to the judge, unasked).
        used = results[:MAX_RESULTS]
        found = [(r, f) for r in used if (f := _identity(r)) is not None and ref.matches(f)]
        if not found:
            among = f"its {len(results)}"
            if len(results) > len(used):
                among = f"the first {len(used)} of its {len(results)}"
            raise SourceError(
                f"Valyu search did not return {ref} among {among} results; no verdict attempted"
            )
        # A server that echoes the key into an excerpt must not get it into the library.
        excerpts = list(dict.fromkeys(mask_key(text, key) for r, _ in found if (text := _text(r))))
        if not excerpts:
            raise SourceError(f"Valyu search returned {ref} but no text excerpts of it")
        passages = _passages(ref, "\n\n".join(excerpts))
        editions = {f for _, f in found}
        # Excerpts of several editions answer an unversioned request but name no single one.
        matched = editions.pop() if len(editions) == 1 else ref.unversioned
        first, first_ref = found[0]
        return SourcePaper(
            ref=matched,
            title=_title(first, key) or str(matched),
            url=redact_url(str(first.url)) if first_ref == matched else matched.url,
            passages=passages,
            retrieved_at=datetime.now(UTC),
            search_query=search_query,
            full_text=False,
            calls=calls,
            backend=NAME,
        )

    def _search(
        self, search_query: str, key: str, tls: ssl.SSLContext
    ) -> tuple[Sequence[Any], int]:
        # Imported on use: the SDK and requests are slow to import, and most runs never search.
        from valyu import Valyu

        transport = ValyuTransport(Deadline(self.timeout), max_bytes=self.max_reply_bytes, tls=tls)
        client = Valyu(
            api_key=key,
            base_url=self.base_url,
            timeout=self.timeout,
            session=transport.session,
            max_rate_limit_retries=self.max_rate_limit_retries,
        )
        try:
            for attempt in range(2):
                response = client.search(
                    search_query,
                    search_type="all",
                    max_num_results=MAX_RESULTS,
                    included_sources=[COLLECTION],
                    response_length=RESPONSE_LENGTH,
                )
                status = transport.last.status_code if transport.last is not None else None
                # A 3xx is not followed and may still carry a JSON body the SDK reads as a
                # success: only a 200 is an answer.
                failed = (
                    response is None
                    or not response.success
                    or bool(response.error)
                    or transport.problem is not None
                    or status != 200
                )
                retry = attempt == 0 and transport.problem is None
                if failed and retry and status is not None and status >= 500:
                    # A 503's Retry-After says when the service expects to be back: retrying
                    # sooner would only fail again. Never sooner than the default wait.
                    asked = server_wait(transport.last)
                    wait = max(self.server_error_wait, asked or 0.0)
                    # No retry when the wait would not leave time for it: the 5xx is the news.
                    if transport.deadline.remaining() > wait:
                        self._sleep(wait)
                        continue
                    if asked is not None and asked > self.server_error_wait:
                        transport.problem = (
                            f"HTTP {status} (server error; Valyu asks to wait {asked:g}s, "
                            "past the timeout)"
                        )
                break
        finally:
            transport.close()
        if failed or response is None:
            sdk_error = getattr(response, "error", None)
            reason = transport.failure(
                _one_line(sdk_error, key) if isinstance(sdk_error, str) else None, self.base_url
            )
            raise SourceError(
                mask_key(redact_text(f"Valyu search failed: {reason}"), key),
                calls=transport.sent,
                backend=NAME,
            )
        return list(response.results), transport.sent


def _identity(result: Any) -> PaperRef | None:
    """The arXiv paper a result is from: its URL, else its id, else its DOI (arXiv's own,
    ``10.48550/arXiv.ID``); None when two of them name different papers or editions, since
    the excerpt could be from either. An unversioned one beside a version does not disagree;
    a publisher's DOI names no arXiv paper, so there is nothing to compare."""
    named = []
    for field in ("url", "id", "doi"):
        value = getattr(result, field, None)
        ref = try_parse_ref(value) if isinstance(value, str) else None
        if ref is not None and ref.kind is RefKind.ARXIV:
            named.append(ref)
    if not named:
        return None
    first = named[0]
    for other in named[1:]:
        if other.work != first.work:
            return None
        if None not in (other.version, first.version) and other.version != first.version:
            return None
    return first


def _text(result: Any) -> str:
    content = getattr(result, "content", None)
    return content.strip() if isinstance(content, str) else ""


def _passages(ref: PaperRef, text: str) -> list[Passage]:
    blocks = [b.strip() for b in _BLANK_LINE.split(text) if b.strip()]
    # How to choose fewer sections is each surface's advice (``claimaudit.advice``).
    if len(text) > MAX_CHARS:
        raise ExcerptsOverBudgetError(
            f"Valyu returned {len(text):,} characters of excerpts for {ref}, over the judge's "
            f"budget of {MAX_CHARS:,}; nothing was truncated",
            work=ref.work,
        )
    if len(blocks) > MAX_PASSAGES:
        raise ExcerptsOverBudgetError(
            f"Valyu returned {len(blocks)} excerpt passages for {ref}, over the judge's budget "
            f"of {MAX_PASSAGES}; nothing was truncated",
            work=ref.work,
        )
    return [Passage(passage_id(i), block) for i, block in enumerate(blocks)]


def _one_line(text: str, key: str) -> str:
    """One short line without ``key``; a pydantic report becomes ``field: problem`` pairs without
    input dumps."""
    lines = text.splitlines()
    if lines and "validation error" in lines[0]:
        problems, where = [], ""
        for line in lines[1:]:
            if not line.startswith(" "):
                where = line.strip()
            elif not line.strip().startswith("For further information"):
                problems.append(f"{where}: {_PYDANTIC_DETAIL.sub('', line).strip()}")
        lines = [f"malformed reply ({'; '.join(problems)})"]
    joined = "; ".join(line.strip() for line in lines if line.strip())
    # Masked before it is cut: the service may echo the key, and half a key is unrecognisable.
    return clipped(joined, 300, key or None, mark="...")


def _title(result: Any, key: str) -> str:
    """The result's title as records and the library keep it (``reply_text``): a server that
    echoes the key, or sends escape sequences, must not put them there; one over 1,000
    characters is cut, ending in an ellipsis."""
    title = getattr(result, "title", None)
    shown = reply_text(title, key) if isinstance(title, str) else ""
    # Cut (after masking: half a key is unrecognisable) to the library's limit for a title: it
    # goes into the judge's request beside the budgeted excerpts, and into every record.
    return capped(shown, MAX_TITLE_CHARS)


def make_valyu_source(*, path: Path | None = None) -> ValyuSource:
    del path  # sources are built with the library path; Valyu has no use for it
    # Built before any work: without a usable key no paper could be fetched, so refuse the run.
    key = os.environ.get(API_KEY_ENV, "").strip()
    if not key:
        raise KeyRequiredError("the valyu source needs an API key", env=API_KEY_ENV)
    # Sent as a header: a newline or a control character would fail every request, which
    # requests reports as a connection error ("Valyu unreachable"), not as a bad key.
    require_header_safe_key(API_KEY_ENV)
    source = ValyuSource()
    # requests found an unusable proxy only when sending: "Valyu unreachable (InvalidURL)".
    problem = proxy_problem(source.base_url)
    if problem is not None:
        raise InvalidSettingsError(problem)
    require_tls_settings()  # an unusable CA file failed every search, after the run started
    # requests sends a base URL's user and password as Basic auth, beside the x-api-key header.
    warn_cleartext(SOURCE, source.base_url, API_KEY_ENV, key_beside_userinfo=True)
    return source


def register(registry: Registry) -> None:
    registry.add_source(
        NAME,
        make_valyu_source,
        f"Valyu Search excerpts of arXiv papers; needs {API_KEY_ENV}.",
    )
