"""A polite Crossref client: one work's metadata from the public REST API, ``GET /works/{doi}``.

The base URL comes from ``CLAIMAUDIT_CROSSREF_BASE_URL`` (default ``https://api.crossref.org``);
with ``CLAIMAUDIT_CONTACT_EMAIL`` set, every request carries it as ``mailto`` (and in the
User-Agent), which Crossref asks of its "polite" users. One connection, a timeout per request,
and retries with backoff on 429, 5xx and connection failures (a numeric Retry-After honoured,
capped); after a 403, or once every retry failed, it is not asked again for a minute.
Crossref serves only the DOIs registered with it: after a 404, its agency route
(``GET /works/{doi}/agency``) says whether another agency (DataCite, mEDRA) registered the DOI
(``CrossrefOtherAgencyError``: it exists) or none did (``CrossrefNotFoundError``: it does not).
A reply that came but cannot be read is a ``CrossrefReplyError``, told from a service that could
not be asked; every failure is a ``CrossrefError``, which never counts against the reference.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable
from typing import Any, NoReturn
from urllib.parse import quote

from claimaudit.closing import Closing
from claimaudit.errors import (
    CrossrefError,
    CrossrefNotFoundError,
    CrossrefOtherAgencyError,
    CrossrefReplyError,
    InvalidSettingsError,
)
from claimaudit.identity import PaperRef, RefKind
from claimaudit.net.envsettings import checked_base_url, env_base_url, header_safe
from claimaudit.net.outage import RecentOutage
from claimaudit.net.proxies import through_proxy
from claimaudit.net.redaction import add_secret_env, clipped, redact_url
from claimaudit.refcheck.mathml import without_mathml
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
_BLOCKED_STATUSES = frozenset({403})
# Crossref's own 404 body. Any other 404 (a web server's page, a base URL that is not the API)
# says nothing about the DOI.
_NOT_FOUND_BODY = b"Resource not found."
# A title that is a notice, as publishers mark them: "RETRACTED: ...", "Retracted article: ...",
# "[Retracted] ...", "WITHDRAWN: ...". A title that only starts with the word ("Retracted
# Science and the Retraction Index") is a paper's.
_NOTICE_TITLE = re.compile(
    r"\s*(?:\[\s*(?:retracted|withdrawn)(?:\s+article)?\s*\]"
    r"|(?:retracted|withdrawn)(?:\s+(?:article|paper|publication))?\s*:)",
    re.IGNORECASE,
)
# Update types that take a work back; the others (correction, erratum, expression of concern,
# new version) leave it standing.
_WITHDRAWING = {"retraction", "partial_retraction", "withdrawal", "removal"}


def crossref_base_url() -> str:
    """``CLAIMAUDIT_CROSSREF_BASE_URL``, else Crossref's; InvalidSettingsError when not http(s)."""
    return env_base_url(BASE_URL_ENV, DEFAULT_BASE_URL)


def contact_email(given: str | None = None, name: str = CONTACT_ENV) -> str | None:
    """``given``, else ``CLAIMAUDIT_CONTACT_EMAIL``; None when neither is set. It is sent in the
    User-Agent header: InvalidSettingsError naming ``name`` when it cannot be (an address with
    "ü" was a traceback from httpx; one with a line break failed every request)."""
    value = (given if given is not None else os.environ.get(CONTACT_ENV, "")).strip()
    if value and not header_safe(value):
        raise InvalidSettingsError(
            f"{name if given is not None else CONTACT_ENV} cannot be sent in a request header: "
            "give an address of printable ASCII without spaces (a domain as punycode, xn--...)"
        )
    return value or None


class CrossrefClient(Closing):
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
        # Paths are appended to it as a string: a query would swallow them, as for the variable.
        url = (
            checked_base_url(base_url, "CrossrefClient's base_url")
            if base_url
            else crossref_base_url()
        )
        self.base_url = url.rstrip("/")
        self.mailto = contact_email(mailto or None, "mailto")
        if self.mailto and not mailto:
            # The address is the user's own, not the run's: masked as a key is wherever text
            # is redacted, the --debug log's request lines ("GET ...?mailto=...") among them.
            add_secret_env(CONTACT_ENV)
        self.retries = MAX_RETRIES if retries is None else retries
        self.backoff = BACKOFF if backoff is None else backoff
        self._sleep = sleep
        self.requests_made = 0
        self._outage = RecentOutage()
        from claimaudit.sources.arxiv import catalogue_client, user_agent

        agent = user_agent()
        if self.mailto:
            agent += f" mailto:{self.mailto}"
        self._http = catalogue_client(
            self.base_url,
            {"User-Agent": agent, "Accept": "application/json"},
            DEFAULT_TIMEOUT if timeout is None else timeout,
        )

    def close(self) -> None:
        self._http.close()

    def work(self, ref: PaperRef) -> CatalogueRecord:
        """The work ``ref`` (a DOI) names; CrossrefNotFoundError when Crossref has none."""
        if ref.kind is not RefKind.DOI:
            raise CrossrefError(f"{ref} is not a DOI")
        url = f"{self.base_url}/works/{quote(ref.work, safe='/')}"
        params = {"mailto": self.mailto} if self.mailto else None
        status, body = self._get(url, params)
        if status == 404:
            self._raise_absent(ref, url, params, body)
        try:
            message = _loads(body)["message"]
            if not isinstance(message, dict):
                raise TypeError(f"its message is {_json_kind(message)}")
            found = parse_work(message, ref)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise CrossrefReplyError(
                f"Crossref's reply for {ref} came but could not be read: "
                f"not a work ({_unreadable(error)})"
            ) from None
        _refuse_another_work(message, ref)
        return found

    def _own_404(self, body: bytes) -> None:
        """A 404 whose body is not Crossref's own answer is a failure, not an answer."""
        if body.strip() != _NOT_FOUND_BODY:
            raise CrossrefReplyError(
                f"{redact_url(self.base_url)} answered HTTP 404 without Crossref's "
                f"{_NOT_FOUND_BODY.decode()!r}: it may not be Crossref's API"
            )

    def _raise_absent(
        self, ref: PaperRef, url: str, params: dict[str, str] | None, first_body: bytes
    ) -> NoReturn:
        """Why ``/works/{doi}`` 404'd: Crossref serves only its own DOIs, so its agency route
        tells a DOI registered elsewhere (DataCite, mEDRA: it exists) from one nobody knows."""
        self._own_404(first_body)
        status, body = self._get(f"{url}/agency", params)
        if status == 404:
            self._own_404(body)
            raise CrossrefNotFoundError(
                f"Crossref has no work {ref}, and no DOI registration agency knows it"
            )
        try:
            agency = _loads(body)["message"]["agency"]
            agency_id = str(agency["id"])
            label = str(agency.get("label") or agency_id)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise CrossrefReplyError(
                f"Crossref's agency reply for {ref} came but could not be read "
                f"({_unreadable(error)})"
            ) from None
        if agency_id.casefold() == "crossref":
            # Seen in the wild: registered with Crossref, yet no record served (yet).
            raise CrossrefReplyError(f"Crossref registered {ref} but serves no record of it")
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
                            raise CrossrefReplyError(
                                f"Crossref's reply for {redact_url(url)} is too big"
                            )
                    status = response.status_code
            except httpx.HTTPError as error:
                # A proxy set for it is named: a dead one read as Crossref being down.
                failure = (
                    f"Crossref unreachable at {redact_url(self.base_url)} ({type(error).__name__})"
                    + through_proxy(url, error)
                )
            else:
                if status in (200, 404):
                    return status, body
                failure = f"Crossref answered HTTP {status}"
                if status in _BLOCKED_STATUSES:
                    # A refused client stays refused: asking again within the minute, for
                    # this or the next reference, only waits to be refused again.
                    self._outage.note(failure)
                    raise CrossrefError(failure)
                if status not in _RETRY_STATUSES:
                    raise CrossrefError(failure)
                wait = _retry_after(response.headers.get("retry-after", ""))
            if attempt >= self.retries:
                # An overloaded or refusing service is not asked again for a while either,
                # as an unreachable one: the next references fail fast.
                self._outage.note(failure)
                raise CrossrefError(f"{failure}; gave up after {attempt + 1} attempts")
            self._sleep(min(MAX_WAIT, self.backoff * 2**attempt if wait is None else wait))
            attempt += 1


def _refuse_another_work(message: dict[str, Any], ref: PaperRef) -> None:
    """A reply whose record names another DOI than the one asked is not compared: its title,
    authors and year were judged as the cited DOI's (a mismatch, or an "ok", about another
    work). DOIs are case-insensitive; a record that names none is read as the one asked."""
    answered = message.get("DOI")
    if not isinstance(answered, str) or not answered.strip():
        return
    if answered.strip().casefold() == ref.work.casefold():
        return
    # One line, printable: the field is the reply's, shown in a table and a terminal.
    shown = "".join(c if c.isprintable() else "?" for c in " ".join(answered.split()))
    raise CrossrefReplyError(
        f"Crossref's reply for {ref} is the record of doi:{clipped(shown, 120)}, "
        "another DOI: not compared"
    )


def _loads(body: bytes) -> Any:
    """A reply's JSON; ValueError for one that is not JSON, or is nested past what Python's
    parser reads (valid JSON ``[[[...`` 100,000 deep raised RecursionError: a traceback)."""
    try:
        return json.loads(body)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


def _unreadable(error: Exception) -> str:
    """Why a reply could not be read, in words: Python's own are a decoder's position or, for
    a missing field, its name alone in quotes."""
    if isinstance(error, KeyError):
        return f"no {error.args[0]!r} field" if error.args else "a field missing"
    if isinstance(error, json.JSONDecodeError | UnicodeDecodeError):
        return "not JSON"
    return str(error)


def _retry_after(value: str) -> float | None:
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def _json_kind(value: object) -> str:
    names = {type(None): "null", str: "a string", list: "a list", bool: "true or false"}
    return names.get(type(value), "a number")


def _listed(value: object) -> list[Any]:
    """A field Crossref documents as a list; a lone value as a list of one, else none."""
    if isinstance(value, list):
        return value
    return [value] if isinstance(value, str | dict) else []


def _mapping(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _years(message: dict[str, Any]) -> tuple[int, ...]:
    found: list[int] = []
    for name in ("issued", "published", "published-print", "published-online"):
        parts = _mapping(message.get(name)).get("date-parts")
        first = parts[0] if isinstance(parts, list) and parts else None
        if isinstance(first, list) and first and type(first[0]) is int:
            found.append(first[0])
    return tuple(dict.fromkeys(found))


def _withdrawn(message: dict[str, Any]) -> str | None:
    for update in map(_mapping, _listed(message.get("updated-by"))):
        kind = str(update.get("type", "")).lower().replace("-", "_")
        if kind in _WITHDRAWING:
            notice = update.get("DOI")
            by = f" (notice doi:{notice})" if notice else ""
            return f"Crossref lists a {kind.replace('_', ' ')}{by}"
    for update in map(_mapping, _listed(message.get("update-to"))):
        kind = str(update.get("type", "")).lower().replace("-", "_")
        if kind in _WITHDRAWING:
            target = update.get("DOI")
            of = f" of doi:{target}" if target else ""
            return f"this DOI is the {kind.replace('_', ' ')} notice{of}, not the work"
    for name in _mapping(message.get("relation")):
        if "retract" in str(name).lower():
            return f"Crossref relation {name}"
    titles = _listed(message.get("title"))
    if titles and _NOTICE_TITLE.match(str(titles[0])):
        return f"the title marks a notice: {clipped(' '.join(str(titles[0]).split()), 120)!r}"
    return None


def _author(author: object) -> str:
    """A family name; a person known by one name only (Crossref gives it as ``given``, as
    for "Sukarno") by that name, so the next author is not taken for the first."""
    person = _mapping(author)
    for part in ("family", "name", "given"):
        value = person.get(part)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def parse_work(message: dict[str, Any], ref: PaperRef) -> CatalogueRecord:
    """A Crossref ``message`` (one work) as a catalogue record. A field of another shape than
    documented is read as far as it can be (a title given as a string is that string)."""
    # A formula as its text: its markup's attributes ("xmlns:mml=...") held a colon, so a
    # subtitle was never added, and its TeX annotation read as more words of the title.
    titles = [
        without_mathml(t) for t in _listed(message.get("title")) if isinstance(t, str) and t.strip()
    ]
    subtitles = [
        without_mathml(t)
        for t in _listed(message.get("subtitle"))
        if isinstance(t, str) and t.strip()
    ]
    title = titles[0] if titles else ""
    if subtitles and ":" not in title:
        title = f"{title}: {subtitles[0]}"
    authors = tuple(a for a in map(_author, _listed(message.get("author"))) if a)
    return CatalogueRecord(
        source="crossref",
        ref=ref,
        title=" ".join(title.split()),
        authors=authors,
        years=_years(message),
        withdrawn=_withdrawn(message),
    )
