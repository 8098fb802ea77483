"""A local Crossref peer: ``GET /works/{doi}`` as the public REST API answers it.

    with CrossrefServer() as srv:
        srv.add("10.1038/s41592-019-0686-2", "SciPy 1.0: ...", ["Virtanen", "Gommers"], 2020)
        srv.add("10.1/retracted", "A paper", ["Doe"], 2019, updated_by=[("retraction", "10.1/n")])
        srv.register("10.5281/zenodo.1", "DataCite")  # another agency's DOI: /works 404s
        srv.fail_next(503)            # then normal service
        srv.delay = 2.0               # every reply waits (to outlast a client timeout)

A known DOI gives ``{"status": "ok", "message-type": "work", "message": {...}}`` with the
fields Crossref documents (``title`` and ``subtitle`` lists, ``author`` with ``family`` and
``given``, ``issued``/``published-print``/``published-online`` ``date-parts``, ``updated-by``
and ``update-to`` lists); an unknown one a 404 with Crossref's plain-text "Resource not found.".
``GET /works/{doi}/agency`` answers ``{"status": "ok", "message-type": "work-agency",
"message": {"DOI": ..., "agency": {"id": "datacite", "label": "DataCite"}}}`` for a DOI
``register``ed with another agency (``crossref`` for one ``add``ed), and the same 404 for a DOI
no agency knows. DOIs are matched case-insensitively, as Crossref does. Stdlib only, 127.0.0.1.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from tests.httpfake import FakeHandler, FakeServer


@dataclass(frozen=True)
class Seen:
    path: str
    doi: str
    query: Mapping[str, list[str]]
    headers: Mapping[str, str]


@dataclass(frozen=True)
class Reply:
    status: int
    body: bytes
    content_type: str = "text/plain"
    headers: Mapping[str, str] = field(default_factory=dict)


class CrossrefServer(FakeServer[Seen]):
    def __init__(self) -> None:
        self.works: dict[str, dict[str, Any]] = {}
        self.agencies: dict[str, str] = {}  # DOI (lower case) -> agency label, for other agencies
        self._queued: deque[Reply] = deque()
        self.delay = 0.0
        super().__init__(_Handler, name="crossrefserver")

    @property
    def seen(self) -> list[Seen]:
        return self.recorded

    def add(
        self,
        doi: str,
        title: str,
        families: list[str],
        year: int,
        *,
        subtitle: str | None = None,
        print_year: int | None = None,
        updated_by: list[tuple[str, str]] | None = None,
        update_to: list[tuple[str, str]] | None = None,
    ) -> None:
        message: dict[str, Any] = {
            "DOI": doi,
            "type": "journal-article",
            "title": [title],
            "author": [
                {"given": "A.", "family": family, "sequence": "first" if i == 0 else "additional"}
                for i, family in enumerate(families)
            ],
            "issued": {"date-parts": [[year, 3, 2]]},
            "published-online": {"date-parts": [[year, 3, 2]]},
            "created": {"date-parts": [[2001, 1, 1]], "timestamp": 978307200000},
            "publisher": "Fake Publisher",
        }
        if subtitle:
            message["subtitle"] = [subtitle]
        if print_year is not None:
            message["published-print"] = {"date-parts": [[print_year]]}
        if updated_by:
            message["updated-by"] = [
                {
                    "type": kind,
                    "DOI": notice,
                    "source": "retraction-watch",
                    "label": kind.title(),
                    "updated": {"date-parts": [[year + 1, 1, 1]]},
                }
                for kind, notice in updated_by
            ]
        if update_to:
            message["update-to"] = [
                {"type": kind, "DOI": target, "updated": {"date-parts": [[year, 1, 1]]}}
                for kind, target in update_to
            ]
        self.works[doi.lower()] = message

    def register(self, doi: str, label: str) -> None:
        """``doi`` is registered with the agency ``label`` ("DataCite"), not with Crossref."""
        self.agencies[doi.lower()] = label

    def reply_next(
        self, status: int, body: bytes, content_type: str = "text/plain", **headers: str
    ) -> None:
        with self._lock:
            self._queued.append(Reply(status, body, content_type, headers))

    def fail_next(self, status: int, *, count: int = 1, retry_after: str | None = None) -> None:
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        for _ in range(count):
            self.reply_next(status, f"fake Crossref error {status}".encode(), **headers)

    def _serve(self, seen: Seen) -> Reply:
        with self._lock:
            self._recorded.append(seen)
            if self._queued:
                return self._queued.popleft()
        if not seen.path.startswith("/works/"):
            return Reply(404, b"Resource not found.")
        if seen.doi.endswith("/agency"):
            return self._agency(seen.doi.removesuffix("/agency"))
        message = self.works.get(seen.doi.lower())
        if message is None:
            return Reply(404, b"Resource not found.")
        body = {
            "status": "ok",
            "message-type": "work",
            "message-version": "1.0.0",
            "message": message,
        }
        return Reply(200, json.dumps(body).encode(), "application/json")

    def _agency(self, doi: str) -> Reply:
        label = "Crossref" if doi.lower() in self.works else self.agencies.get(doi.lower())
        if label is None:
            return Reply(404, b"Resource not found.")
        body = {
            "status": "ok",
            "message-type": "work-agency",
            "message-version": "1.0.0",
            "message": {"DOI": doi.lower(), "agency": {"id": label.lower(), "label": label}},
        }
        return Reply(200, json.dumps(body).encode(), "application/json")


class _Handler(FakeHandler):
    owner: CrossrefServer

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        doi = unquote(parts.path.removeprefix("/works/"))
        seen = Seen(parts.path, doi, parse_qs(parts.query), self.lower_headers())
        reply = self.owner._serve(seen)
        if self.owner.delay:
            self.owner.wait(self.owner.delay)
        self.send_body(reply.status, reply.body, reply.content_type, reply.headers)
