"""Checking cited references against the catalogues: arXiv ids against the arXiv API, DOIs
against Crossref.

``not_found`` comes only from a catalogue's answer that the identifier does not exist (Crossref's
own 404 whose agency route knows no other registrar, or an arXiv version past the newest, as
arXiv says now: a kept answer whose newest version is older than the one cited is asked again);
a timeout, an HTTP error, a 429, an unreadable reply, a 404 that is not Crossref's, an empty
arXiv feed (arXiv gives one for a paper it has, at times) or a DOI registered with another
agency is ``not_verified``, never a verdict on the reference, and is not kept. Answers are kept
per identifier and catalogue address.
"""

from __future__ import annotations

import json
import weakref
from dataclasses import replace
from datetime import UTC, datetime
from typing import Protocol

from claimaudit.closing import Closing
from claimaudit.errors import (
    ArxivEmptyFeedError,
    ArxivError,
    ArxivNotFoundError,
    ArxivReplyError,
    CrossrefError,
    CrossrefNotFoundError,
    CrossrefOtherAgencyError,
    CrossrefReplyError,
    UsageError,
)
from claimaudit.identity import PaperRef, RefKind
from claimaudit.library.reference_lookups import StoredLookup
from claimaudit.net.envsettings import require_tls_settings
from claimaudit.net.redaction import redact_text, redact_url
from claimaudit.refcheck.arxiv_catalogue import arxiv_record, arxiv_version_record
from claimaudit.refcheck.compare import FIELD_NAMES, Comparison, comparison
from claimaudit.refcheck.crossref import DEFAULT_BASE_URL as CROSSREF_BASE_URL
from claimaudit.refcheck.crossref import CrossrefClient, contact_email, crossref_base_url
from claimaudit.refcheck.models import (
    CatalogueRecord,
    CitedReference,
    Mismatch,
    ReferenceCheck,
    ReferenceStatus,
)
from claimaudit.sources.arxiv import DEFAULT_BASE_URL as ARXIV_BASE_URL
from claimaudit.sources.arxiv import ArxivClient, arxiv_base_url


class LookupCache(Protocol):
    def get(self, identifier: str) -> StoredLookup | None: ...

    def put(self, lookup: StoredLookup) -> None: ...


class _Failed(Exception):
    """The catalogue could not be asked, or cannot tell (a DOI another agency registered)."""


def _predates(stored: StoredLookup, ref: PaperRef) -> bool:
    """Whether a kept answer names a newest arXiv version older than the one ``ref`` cites:
    it was kept before that version was published."""
    if ref.version is None or stored.outcome != "found" or stored.record is None:
        return False
    latest = json.loads(stored.record).get("latestVersion")
    return isinstance(latest, int) and latest < ref.version


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _listed(fields: tuple[str, ...]) -> str:
    names = [FIELD_NAMES.get(f, f) for f in fields]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def agreement(found: Comparison, source: str) -> str:
    """What was found to agree, and what could not be compared: never one claimed as the
    other."""
    parts = []
    if found.agreed:
        parts.append(f"{_listed(found.agreed)} {'agrees' if len(found.agreed) == 1 else 'agree'}")
    parts += [
        f"{FIELD_NAMES.get(field, field)} not compared ({why.replace('the catalogue', source)})"
        for field, why in found.uncompared
    ]
    return "; ".join(parts) or "the entry gives no title, author or year to compare"


def describe(mismatches: tuple[Mismatch, ...], source: str) -> str:
    return "; ".join(
        f"{FIELD_NAMES.get(m.field, m.field)} differs: cited {m.cited!r}, {source} {m.catalogue!r}"
        for m in mismatches
    )


class ReferenceVerifier(Closing):
    """Checks ``CitedReference``s one at a time, each identifier asked about once per run
    (and, with a ``cache``, once per ``max_age``). Clients are made on first use; close when
    done, or use it in a ``with`` block as a ``Checker``."""

    def __init__(
        self,
        *,
        arxiv: ArxivClient | None = None,
        crossref: CrossrefClient | None = None,
        cache: LookupCache | None = None,
    ) -> None:
        # The clients are made on first use, but a base URL that could never be asked is a
        # usage error now, before any work (it read as an unreachable catalogue per reference).
        if arxiv is None:
            arxiv_base_url()
        if crossref is None:
            crossref_base_url()
            contact_email()
        if arxiv is None or crossref is None:
            require_tls_settings()
        self._arxiv = arxiv
        self._crossref = crossref
        self.cache = cache
        self._seen: dict[str, StoredLookup] = {}
        self._asked: set[str] = set()  # identifiers asked in this run, not taken from the cache
        self.requests_made = 0

    @property
    def arxiv(self) -> ArxivClient:
        if self._arxiv is None:
            self._arxiv = ArxivClient()
            weakref.finalize(self, self._arxiv.close)
        return self._arxiv

    @property
    def crossref(self) -> CrossrefClient:
        if self._crossref is None:
            self._crossref = CrossrefClient()
            weakref.finalize(self, self._crossref.close)
        return self._crossref

    def close(self) -> None:
        for client in (self._arxiv, self._crossref):
            if client is not None:
                client.close()

    def check(self, cited: CitedReference | PaperRef) -> ReferenceCheck:
        """The verdict on ``cited``: a ``CitedReference`` (its title, authors and year are
        compared with the catalogue's) or a bare ``PaperRef`` (only whether the catalogue knows
        it, and does not mark it withdrawn). UsageError for anything else."""
        if isinstance(cited, PaperRef):
            cited = CitedReference(key=str(cited), ref=cited)
        elif not isinstance(cited, CitedReference):
            raise UsageError(
                f"ReferenceVerifier.check takes a CitedReference or a PaperRef, "
                f"not {type(cited).__name__}"
            )
        ref = cited.ref
        if ref is None:
            return ReferenceCheck(
                cited.key, None, ReferenceStatus.NOT_VERIFIED, "no arXiv id or DOI to look up"
            )
        if ref.kind is RefKind.LOCAL:
            return ReferenceCheck(
                cited.key,
                ref,
                ReferenceStatus.NOT_VERIFIED,
                f"{ref} is a local reference: no catalogue to check it against",
            )
        try:
            lookup, cached = self._lookup(ref)
        except _Failed as failure:
            return ReferenceCheck(
                cited.key, ref, ReferenceStatus.NOT_VERIFIED, str(failure), checked_at=_now()
            )
        if lookup.outcome == "not_found" or lookup.record is None:
            return ReferenceCheck(
                cited.key,
                ref,
                ReferenceStatus.NOT_FOUND,
                lookup.reason,
                checked_at=lookup.checked_at,
                cached=cached,
            )
        record = CatalogueRecord.from_dict(json.loads(lookup.record))
        return self._judge(cited, ref, record, lookup.checked_at, cached)

    def _judge(
        self,
        cited: CitedReference,
        ref: PaperRef,
        record: CatalogueRecord,
        checked_at: str,
        cached: bool,
    ) -> ReferenceCheck:
        def made(
            status: ReferenceStatus,
            reason: str,
            mismatches: tuple[Mismatch, ...] = (),
            shown: CatalogueRecord = record,
        ) -> ReferenceCheck:
            return ReferenceCheck(
                cited.key, ref, status, reason, mismatches, shown, checked_at, cached
            )

        latest = record.latest_version
        if ref.version is not None and latest is not None and ref.version > latest:
            return made(
                ReferenceStatus.NOT_FOUND,
                f"arXiv has no version {ref.version} of {ref.unversioned} "
                f"(the newest is v{latest})",
            )
        if record.withdrawn:
            mismatches = comparison(cited, record).mismatches
            return made(ReferenceStatus.WITHDRAWN, record.withdrawn, mismatches)
        # arXiv's answer describes its newest version: an older one cited, which may have had
        # another title or authors, is compared as arXiv describes that version, or, when that
        # cannot be asked, with the newest, as the reason says.
        compared, note = record, ""
        if ref.version is not None and latest is not None and ref.version < latest:
            version = self._version(ref)
            if version is not None:
                compared = version
                note = f" (v{ref.version}, as cited; the newest is v{latest})"
            else:
                note = f" (compared with v{latest}, the newest; the entry cites v{ref.version})"
        found = comparison(cited, compared)
        mismatches = found.mismatches
        if mismatches:
            reason = describe(mismatches, record.source) + note
            return made(ReferenceStatus.METADATA_MISMATCH, reason, mismatches, compared)
        reason = f"{record.source} knows {compared.ref}; {agreement(found, record.source)}{note}"
        return made(ReferenceStatus.OK, reason, shown=compared)

    def _version(self, ref: PaperRef) -> CatalogueRecord | None:
        """arXiv's description of the version ``ref`` cites, kept as its own answer (a version
        never changes); None when it cannot be had, and nothing is kept then."""
        identifier = str(ref)
        seen = self._seen.get(identifier)
        key = self._cache_key(ref, versioned=True)
        if seen is None and self.cache is not None:
            seen = self.cache.get(key)
        if seen is None:
            client = self.arxiv
            before = client.requests_made
            try:
                record = arxiv_version_record(client, ref)
            except ArxivError:
                return None
            finally:
                self.requests_made += client.requests_made - before
            data = json.dumps(record.to_dict(), ensure_ascii=False)
            seen = StoredLookup(key, "arxiv", "found", data, f"arxiv knows {ref}", _now())
            if self.cache is not None:
                self.cache.put(seen)
        self._seen[identifier] = seen
        if seen.outcome != "found" or seen.record is None:
            return None
        return CatalogueRecord.from_dict(json.loads(seen.record))

    def _cache_key(self, ref: PaperRef, *, versioned: bool = False) -> str:
        """What an answer is kept under: the identifier, and the catalogue's address unless it
        is the public one, so that an answer from another address (a mirror, a test server, a
        mistyped base URL) is never taken for the public catalogue's, nor the other way."""
        identifier = str(ref if versioned else ref.unversioned)
        client = self.arxiv if ref.kind is RefKind.ARXIV else self.crossref
        default = ARXIV_BASE_URL if ref.kind is RefKind.ARXIV else CROSSREF_BASE_URL
        if client.base_url == default.rstrip("/"):
            return identifier
        return f"{identifier} at {redact_url(client.base_url)}"

    def _lookup(self, ref: PaperRef) -> tuple[StoredLookup, bool]:
        """The answer for ``ref``, and whether it came from the cache (an answer asked for
        earlier in this run did not, though it is not asked again)."""
        identifier = str(ref.unversioned)
        seen = self._seen.get(identifier)
        if seen is not None and (identifier in self._asked or not _predates(seen, ref)):
            return seen, identifier not in self._asked
        key = self._cache_key(ref)
        stored = None if seen is not None or self.cache is None else self.cache.get(key)
        if stored is not None and not _predates(stored, ref):
            self._seen[identifier] = stored
            return stored, True
        # Not kept, or kept from before the version cited was published: ask arXiv now. A
        # failure then is not_verified, never the kept answer's "no such version".
        lookup = self._ask(ref)
        self._seen[identifier] = lookup
        self._asked.add(identifier)
        if self.cache is not None:
            self.cache.put(replace(lookup, identifier=key))
        return lookup, False

    def _ask(self, ref: PaperRef) -> StoredLookup:
        identifier = str(ref.unversioned)
        if ref.kind is RefKind.ARXIV:
            source = "arxiv"
            client = self.arxiv
            before = client.requests_made
            try:
                record = _arxiv_asked_twice_if_empty(client, ref)
            except ArxivEmptyFeedError as error:
                return StoredLookup(
                    identifier, source, "not_found", None, f"{error} (asked twice)", _now()
                )
            except ArxivNotFoundError as error:
                return StoredLookup(identifier, source, "not_found", None, str(error), _now())
            except ArxivReplyError as error:  # arXiv answered: its message says what with
                raise _Failed(redact_text(str(error))) from None
            except ArxivError as error:
                raise _Failed(f"arXiv could not be asked: {redact_text(str(error))}") from None
            finally:
                self.requests_made += client.requests_made - before
        else:
            source = "crossref"
            crossref = self.crossref
            before = crossref.requests_made
            try:
                record = crossref.work(ref)
            except CrossrefNotFoundError as error:
                return StoredLookup(identifier, source, "not_found", None, str(error), _now())
            # Crossref answered: its message says what it answered, not "could not be asked".
            except (CrossrefOtherAgencyError, CrossrefReplyError) as error:
                raise _Failed(redact_text(str(error))) from None
            except CrossrefError as error:
                raise _Failed(f"Crossref could not be asked: {redact_text(str(error))}") from None
            finally:
                self.requests_made += crossref.requests_made - before
        data = json.dumps(record.to_dict(), ensure_ascii=False)
        return StoredLookup(
            identifier, source, "found", data, f"{source} knows {record.ref}", _now()
        )


def _arxiv_asked_twice_if_empty(client: ArxivClient, ref: PaperRef) -> CatalogueRecord:
    """arXiv's answer for ``ref``, asked a second time if the first feed was empty. arXiv
    answers an empty feed for an id it never issued, and at times, in passing, for one it has:
    one empty answer is no proof, two in a row are taken as "no such paper" (a made-up id is
    what a reference check is for)."""
    try:
        return arxiv_record(client, ref)
    except ArxivEmptyFeedError:
        return arxiv_record(client, ref)
