"""A polite Crossref client: one work's metadata from the public REST API, ``GET /works/{doi}``.

The base URL comes from ``CLAIMAUDIT_CROSSREF_BASE_URL`` (default ``https://api.crossref.org``);
with ``CLAIMAUDIT_CONTACT_EMAIL`` set, every request carries it as ``mailto`` (and in the
User-Agent), which Crossref asks of its "polite" users. One connection, a timeout per request,
and retries with backoff on 429, 5xx and connection failures (a numeric Retry-After honoured,
capped). Crossref serves only the DOIs registered with it: after a 404, its agency route
(``GET /works/{doi}/agency``) says whether another agency (DataCite, mEDRA) registered the DOI
(``CrossrefOtherAgencyError``: it exists) or none did (``CrossrefNotFoundError``: it does not).
Every other failure is a ``CrossrefError``, which never counts against the reference.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, NoReturn
from urllib.parse import quote

from claimaudit.errors import CrossrefError, CrossrefNotFoundError, CrossrefOtherAgencyError
from claimaudit.identity import PaperRef, RefKind
from claimaudit.outage import RecentOutage
from claimaudit.redaction import redact_url
from claimaudit.refcheck.models import CatalogueRecord

BASE_URL_ENV = "CLAIMAUDIT_CROSSREF_BASE_URL"
CONTACT_ENV = "CLAIMAUDIT_CONTACT_EMAIL"
DEFAULT_BASE_URL = "https://api.crossref.org"
DEFAULT_TIMEOUT = 20.0
MAX_RETRIES = 2
BACKOFF = 2.0
MAX_WAIT = 30.0
MAX_REPLY_BYTES = 5 * 1024 * 1024
_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
# Update types that take a work back; the others (correction, erratum, expression of concern,
# new version) leave it standing.
_WITHDRAWING = {"retraction", "partial_retraction", "withdrawal", "removal"}


class CrossrefClient:
    """Metadata of single works from Crossref; close when done.

    Module constants are read at construction, so tests can shorten waits; ``sleep`` is
    injectable too."""

    def __init__(
        self,
        base_url: str | None = None,
        *,
        mailto: str | None = None,
        timeout: float | None = None,
        retries: int | None = None,
        backoff: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        url = base_url or os.environ.get(BASE_URL_ENV, "").strip() or DEFAULT_BASE_URL
        self.base_url = url.rstrip("/")
        self.mailto = mailto or os.environ.get(CONTACT_ENV, "").strip() or None
        self.retries = MAX_RETRIES if retries is None else retries
        self.backoff = BACKOFF if backoff is None else backoff
        self._sleep = sleep
        self.requests_made = 0
        self._outage = RecentOutage()
        import httpx

        from claimaudit.sources.arxiv import user_agent

        agent = user_agent()
        if self.mailto:
            agent += f" mailto:{self.mailto}"
        self._http = httpx.Client(
            headers={"User-Agent": agent, "Accept": "application/json"},
            timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
            follow_redirects=True,
            limits=httpx.Limits(max_connections=1),
        )

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> CrossrefClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def work(self, ref: PaperRef) -> CatalogueRecord:
        """The work ``ref`` (a DOI) names; CrossrefNotFoundError when Crossref has none."""
        if ref.kind is not RefKind.DOI:
            raise CrossrefError(f"{ref} is not a DOI")
        url = f"{self.base_url}/works/{quote(ref.work, safe='/')}"
        params = {"mailto": self.mailto} if self.mailto else None
        status, body = self._get(url, params)
        if status == 404:
            self._raise_absent(ref, url, params)
        try:
            data = json.loads(body)
            return parse_work(data["message"], ref)
        except (ValueError, KeyError, TypeError) as error:
            raise CrossrefError(f"Crossref's reply for {ref} is not a work ({error})") from None

    def _raise_absent(self, ref: PaperRef, url: str, params: dict[str, str] | None) -> NoReturn:
        """Why ``/works/{doi}`` 404'd: Crossref serves only its own DOIs, so its agency route
        tells a DOI registered elsewhere (DataCite, mEDRA: it exists) from one nobody knows."""
        status, body = self._get(f"{url}/agency", params)
        if status == 404:
            raise CrossrefNotFoundError(
                f"Crossref has no work {ref}, and no DOI registration agency knows it"
            )
        try:
            agency = json.loads(body)["message"]["agency"]
            agency_id = str(agency["id"])
            label = str(agency.get("label") or agency_id)
        except (ValueError, KeyError, TypeError) as error:
            raise CrossrefError(
                f"Crossref's agency reply for {ref} could not be read ({error})"
            ) from None
        if agency_id.casefold() == "crossref":
            # Seen in the wild: registered with Crossref, yet no record served (yet).
            raise CrossrefError(f"Crossref registered {ref} but serves no record of it")
        raise CrossrefOtherAgencyError(
            f"{ref} is registered with {label}, not Crossref: its metadata was not checked",
            agency=label,
        )

    def _get(self, url: str, params: dict[str, str] | None) -> tuple[int, bytes]:
        import httpx

        if (recent := self._outage.recent()) is not None:
            raise CrossrefError(recent)
        attempt = 0
        while True:
            wait: float | None = None
            try:
                self.requests_made += 1
                with self._http.stream("GET", url, params=params) as response:
                    body = b""
                    for chunk in response.iter_bytes():
                        body += chunk
                        if len(body) > MAX_REPLY_BYTES:
                            raise CrossrefError(
                                f"Crossref's reply for {redact_url(url)} is too big"
                            )
                    status = response.status_code
            except httpx.HTTPError as error:
                failure = (
                    f"Crossref unreachable at {redact_url(self.base_url)} ({type(error).__name__})"
                )
                if attempt >= self.retries:
                    self._outage.note(failure)
            else:
                if status in (200, 404):
                    return status, body
                failure = f"Crossref answered HTTP {status}"
                if status not in _RETRY_STATUSES:
                    raise CrossrefError(failure)
                wait = _retry_after(response.headers.get("retry-after", ""))
            if attempt >= self.retries:
                raise CrossrefError(f"{failure}; gave up after {attempt + 1} attempts")
            self._sleep(min(MAX_WAIT, self.backoff * 2**attempt if wait is None else wait))
            attempt += 1


def _retry_after(value: str) -> float | None:
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def _years(message: dict[str, Any]) -> tuple[int, ...]:
    found: list[int] = []
    for name in ("issued", "published", "published-print", "published-online"):
        parts = (message.get(name) or {}).get("date-parts") or []
        if parts and parts[0] and isinstance(parts[0][0], int):
            found.append(parts[0][0])
    return tuple(dict.fromkeys(found))


def _withdrawn(message: dict[str, Any]) -> str | None:
    for update in message.get("updated-by") or []:
        kind = str(update.get("type", "")).lower().replace("-", "_")
        if kind in _WITHDRAWING:
            notice = update.get("DOI")
            by = f" (notice doi:{notice})" if notice else ""
            return f"Crossref lists a {kind.replace('_', ' ')}{by}"
    for update in message.get("update-to") or []:
        kind = str(update.get("type", "")).lower().replace("-", "_")
        if kind in _WITHDRAWING:
            target = update.get("DOI")
            of = f" of doi:{target}" if target else ""
            return f"this DOI is the {kind.replace('_', ' ')} notice{of}, not the work"
    for name in message.get("relation") or {}:
        if "retract" in str(name).lower():
            return f"Crossref relation {name}"
    titles = message.get("title") or []
    if titles and str(titles[0]).strip().upper().startswith("RETRACTED"):
        return "the title says RETRACTED"
    return None


def parse_work(message: dict[str, Any], ref: PaperRef) -> CatalogueRecord:
    """A Crossref ``message`` (one work) as a catalogue record."""
    titles = [str(t) for t in message.get("title") or [] if str(t).strip()]
    subtitles = [str(t) for t in message.get("subtitle") or [] if str(t).strip()]
    title = titles[0] if titles else ""
    if subtitles and ":" not in title:
        title = f"{title}: {subtitles[0]}"
    authors = tuple(
        str(a.get("family") or a.get("name") or "").strip()
        for a in message.get("author") or []
        if isinstance(a, dict) and (a.get("family") or a.get("name"))
    )
    return CatalogueRecord(
        source="crossref",
        ref=ref,
        title=" ".join(title.split()),
        authors=authors,
        years=_years(message),
        withdrawn=_withdrawn(message),
    )
