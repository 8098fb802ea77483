"""A polite arXiv client: a paper's metadata from the arXiv API (Atom), its source and its PDF.

Politeness, as arXiv asks of API users: a descriptive User-Agent, one connection, at most one
request every 3 seconds (``min_interval``, shared by metadata and PDF requests of one client),
retries with backoff on 429 and 5xx and on connection failures (honouring a numeric
Retry-After, capped), and a timeout on every request. After a 403 (a blocked client), or
once every retry failed, that endpoint (metadata, PDF or source) is not asked again for a
minute; the others still are, one request per interval as ever, since arXiv refuses a PDF or
source download (or is overloaded serving them) while its API still answers.

Both kinds of request go to one base URL, ``CLAIMAUDIT_ARXIV_BASE_URL`` (default
``https://export.arxiv.org``, the host arXiv sets aside for programmatic access):
``{base}/api/query?id_list=ID`` for metadata, ``{base}/e-print/IDvN`` for the source package
(the LaTeX the authors submitted) and ``{base}/pdf/IDvN`` for the PDF. The stored paper URL is
always the canonical ``https://arxiv.org/abs/IDvN``.
"""

from __future__ import annotations

import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from claimaudit.closing import Closing
from claimaudit.errors import ArxivEmptyFeedError, ArxivError, ArxivReplyError
from claimaudit.identity import PaperRef, RefKind, try_parse_ref
from claimaudit.net.envsettings import checked_base_url, env_base_url, http_client
from claimaudit.net.outage import RecentOutage
from claimaudit.net.proxies import through_proxy
from claimaudit.net.redaction import redact_url

if TYPE_CHECKING:
    from claimaudit.net.stalepool import StalePoolClient

BASE_URL_ENV = "CLAIMAUDIT_ARXIV_BASE_URL"
DEFAULT_BASE_URL = "https://export.arxiv.org"
MIN_INTERVAL = 3.0
DEFAULT_TIMEOUT = 30.0
MAX_RETRIES = 3
MAX_WAIT = 60.0
MAX_PDF_BYTES = 100 * 1024 * 1024
_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"
_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
_BLOCKED_STATUSES = frozenset({403})
# The endpoints whose outages are remembered apart.
_METADATA, _PDF, _EPRINT = "metadata", "pdf", "e-print"


def arxiv_base_url() -> str:
    """``CLAIMAUDIT_ARXIV_BASE_URL``, else arXiv's; InvalidSettingsError when not http(s)."""
    return env_base_url(BASE_URL_ENV, DEFAULT_BASE_URL)


def user_agent() -> str:
    import httpx

    # The version --version reports: the installed metadata lags behind a checkout that was
    # bumped and not reinstalled, or is missing when run from one ("unknown").
    from claimaudit import __version__ as release

    return (
        f"claimaudit/{release} (claim checker fetching single papers for a user's own library; "
        f"python-httpx/{httpx.__version__})"
    )


def catalogue_client(base_url: str, headers: dict[str, str], timeout: float) -> StalePoolClient:
    """The client a catalogue's API at ``base_url`` is asked through (arXiv's, Crossref's): one
    request at a time, redirects followed, a dropped kept-alive connection asked again, the
    environment's proxy and CA settings checked first (``http_client``)."""
    # Imported on use: httpx is slow to import, and this module loads with every command.
    import httpx

    from claimaudit.net.stalepool import StalePoolClient

    return http_client(
        lambda: StalePoolClient(
            headers=headers,
            timeout=timeout,
            follow_redirects=True,
            limits=httpx.Limits(max_connections=1),
        ),
        base_url,
    )


@dataclass(frozen=True)
class ArxivEntry:
    """One edition of a paper as the arXiv API describes it."""

    ref: PaperRef  # always versioned
    title: str
    authors: tuple[str, ...] = ()  # as arXiv prints them: "Pauli Virtanen"
    published: str | None = None  # when version 1 was submitted (ISO 8601)
    updated: str | None = None  # when this version was submitted
    comment: str | None = None  # the authors' comment; a withdrawal says so here
    summary: str | None = None


class ArxivClient(Closing):
    """Metadata and PDFs from arXiv, one request at a time. Thread-safe; close when done.

    ``min_interval`` (default 3 s), ``sleep`` and ``clock`` are injectable so tests run without
    waiting; ``backoff`` (default 3 s) is the first retry wait, doubled per retry, when the server
    gives no Retry-After.
    """

    def __init__(
        self,
        base_url: str | None = None,
        *,
        min_interval: float | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        retries: int = MAX_RETRIES,
        backoff: float | None = None,
        max_pdf_bytes: int = MAX_PDF_BYTES,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        # Paths are appended to it as a string: a query would swallow them, as for the variable.
        url = checked_base_url(base_url, "ArxivClient's base_url") if base_url else arxiv_base_url()
        self.base_url = url.rstrip("/")
        # Read at construction, not definition, so a test can shorten them for clients it
        # does not build itself (the command line's).
        self.min_interval = MIN_INTERVAL if min_interval is None else min_interval
        self.retries = retries
        self.backoff = MIN_INTERVAL if backoff is None else backoff
        self.max_pdf_bytes = max_pdf_bytes
        self._sleep = sleep
        self._clock = clock
        self._last_end: float | None = None
        self._lock = threading.Lock()
        # One memory per endpoint (``_METADATA``, ``_PDF``, ``_EPRINT``): a refused download
        # must not keep metadata (or the PDF fallback of a refused source) from being asked.
        self._outages = {name: RecentOutage(clock) for name in (_METADATA, _PDF, _EPRINT)}
        self._http = catalogue_client(self.base_url, {"User-Agent": user_agent()}, timeout)
        self.requests_made = 0

    def close(self) -> None:
        self._http.close()

    def entry(self, ref: PaperRef) -> ArxivEntry:
        """The edition ``ref`` names (the newest one when unversioned), from the arXiv API."""
        if ref.kind is not RefKind.ARXIV:
            raise ArxivError(f"{ref} is not an arXiv paper")
        query = {"id_list": ref.versioned_id, "max_results": "1"}
        reply = self._get(_METADATA, f"{self.base_url}/api/query", query)
        entry = parse_entry(reply.content, ref)
        if not ref.matches(entry.ref):
            raise ArxivReplyError(f"arXiv answered with {entry.ref}, not the requested {ref}")
        return entry

    def pdf(self, entry: ArxivEntry) -> bytes:
        """The PDF of exactly this edition."""
        reply = self._get(_PDF, self.pdf_url(entry))
        data = reply.content
        if not data.startswith(b"%PDF-"):
            kind = reply.headers.get("content-type", "unknown type")
            raise ArxivError(f"arXiv did not return a PDF for {entry.ref} (got {kind})")
        return data

    def pdf_url(self, entry: ArxivEntry) -> str:
        return f"{self.base_url}/pdf/{entry.ref.versioned_id}"

    def eprint(self, entry: ArxivEntry) -> bytes:
        """The source package of exactly this edition, as arXiv serves it (gzip or tar of the
        LaTeX, or a PDF when the authors sent none); ArxivError when there is none."""
        return self._get(_EPRINT, self.eprint_url(entry)).content

    def eprint_url(self, entry: ArxivEntry) -> str:
        return f"{self.base_url}/e-print/{entry.ref.versioned_id}"

    def _get(self, endpoint: str, url: str, params: dict[str, str] | None = None) -> _Reply:
        import httpx

        outage = self._outages[endpoint]
        if (recent := outage.recent()) is not None:
            raise ArxivError(recent)
        attempt = 0
        while True:
            wait: float | None = None
            try:
                reply = self._throttled_get(url, params)
            except httpx.HTTPError as error:
                where = redact_url(self.base_url)
                # A proxy set for it is named: a dead one read as arXiv being down.
                failure = f"arXiv unreachable at {where} ({type(error).__name__})"
                failure += through_proxy(url, error)
            else:
                if reply.status == 200:
                    return reply
                failure = f"arXiv answered HTTP {reply.status} for {redact_url(url)}"
                if reply.status in _BLOCKED_STATUSES:
                    # A refused client stays refused: asking again within the minute, for
                    # this or the next reference, only waits to be refused again.
                    outage.note(failure)
                    raise ArxivError(failure)
                if reply.status not in _RETRY_STATUSES:
                    raise ArxivError(failure)
                wait = _retry_after(reply.headers)
            if attempt >= self.retries:
                # Overloaded or refusing (429, 5xx after every retry) is not asked again for
                # a while either, as unreachable is not: the next papers fail fast.
                outage.note(failure)
                raise ArxivError(f"{failure}; gave up after {attempt + 1} attempts")
            self._sleep(min(MAX_WAIT, self.backoff * 2**attempt if wait is None else wait))
            attempt += 1

    def _throttled_get(self, url: str, params: dict[str, str] | None) -> _Reply:
        with self._lock:
            if self._last_end is not None:
                remaining = self._last_end + self.min_interval - self._clock()
                if remaining > 0:
                    self._sleep(remaining)
            self.requests_made += 1
            try:
                with self._http.stream("GET", url, params=params) as response:
                    chunks: list[bytes] = []
                    size = 0
                    for chunk in response.iter_bytes():
                        size += len(chunk)
                        if size > self.max_pdf_bytes:
                            raise ArxivError(
                                f"{redact_url(url)}: reply over {self.max_pdf_bytes:,} bytes"
                            )
                        chunks.append(chunk)
                return _Reply(response.status_code, response.headers, b"".join(chunks))
            finally:
                # The interval runs from the end of a request: a slow download counts for nothing.
                self._last_end = self._clock()


@dataclass(frozen=True)
class _Reply:
    status: int
    headers: Mapping[str, str]  # case-insensitive (httpx.Headers)
    content: bytes


def _retry_after(headers: Mapping[str, str]) -> float | None:
    value = headers.get("retry-after", "")
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # absent, or an HTTP date: use our own backoff


def parse_entry(feed: bytes, requested: PaperRef) -> ArxivEntry:
    """The first entry of an arXiv API Atom feed; ArxivError for an error feed or none."""
    if _declares_dtd(feed):
        raise ArxivReplyError(
            f"arXiv metadata for {requested} is not valid Atom (it declares a DTD, which "
            "arXiv's feeds never do)"
        )
    try:
        root = ET.fromstring(feed)
    except ET.ParseError as error:
        raise ArxivReplyError(
            f"arXiv metadata for {requested} is not valid Atom ({error})"
        ) from None
    entry = root.find(f"{_ATOM}entry")
    if entry is None:
        if root.tag != f"{_ATOM}feed":
            raise ArxivReplyError(f"arXiv metadata for {requested} is not an Atom feed")
        raise ArxivEmptyFeedError(f"arXiv has no paper {requested}")
    ident = (entry.findtext(f"{_ATOM}id") or "").strip()
    title = " ".join((entry.findtext(f"{_ATOM}title") or "").split())
    if "/api/errors" in ident:
        summary = " ".join((entry.findtext(f"{_ATOM}summary") or "unknown error").split())
        raise ArxivReplyError(f"arXiv API error for {requested}: {summary}")
    found = try_parse_ref(ident)
    readable = found is not None and found.kind is RefKind.ARXIV and found.version is not None
    if found is None or not readable or not title:
        # An entry without a versioned id or a title cannot be read: it says nothing about
        # whether the paper exists (arXiv answers an unknown id with an empty feed).
        missing = "title" if readable else "versioned arXiv id"
        raise ArxivReplyError(
            f"arXiv's entry for {requested} gives no {missing}: an unreadable answer"
        )
    authors = tuple(
        " ".join((node.findtext(f"{_ATOM}name") or "").split())
        for node in entry.findall(f"{_ATOM}author")
    )
    return ArxivEntry(
        ref=found,
        title=title,
        authors=tuple(a for a in authors if a),
        published=_text(entry, f"{_ATOM}published"),
        updated=_text(entry, f"{_ATOM}updated"),
        comment=_text(entry, f"{_ARXIV}comment"),
        summary=_text(entry, f"{_ATOM}summary"),
    )


class _Prolog(Exception):
    """Raised from expat's handlers to stop reading at the first element, or at a DTD."""

    def __init__(self, dtd: bool) -> None:
        self.dtd = dtd


def _declares_dtd(feed: bytes) -> bool:
    """Whether ``feed`` declares a DTD before its first element. Its entities ("billion
    laughs": ten entities of ten, nine deep) are refused only by libexpat 2.4.1 and later,
    and Python may be linked to an older system libexpat: no DTD is read at all. Reading
    stops at the first element, so this costs nothing for a feed of any size."""
    from xml.parsers import expat

    def stop(dtd: bool) -> Callable[..., None]:
        def handler(*_: object) -> None:
            raise _Prolog(dtd)

        return handler

    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = stop(True)
    parser.StartElementHandler = stop(False)
    try:
        parser.Parse(feed, True)
    except _Prolog as found:
        return found.dtd
    except expat.ExpatError:
        pass  # not XML: ElementTree says why
    return False


def _text(entry: ET.Element, tag: str) -> str | None:
    return " ".join((entry.findtext(tag) or "").split()) or None
