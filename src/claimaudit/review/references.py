"""The references a review cites, checked against the catalogues (``--verify-refs``).

Each paper a sentence cites is one reference, described by the bibliography entry that named it
(title, authors, year; or the text of a numbered entry or ``\\bibitem``) or, for an identifier
written in the sentence itself, by that identifier alone (which is then only looked up). A
citation that names no entry, or an entry without an arXiv id or DOI, is ``not_verified``:
there is nothing to look up. See ``claimaudit.refcheck`` for the statuses and tolerances.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from claimaudit.identity import try_parse_ref
from claimaudit.refcheck.models import CitedReference, ReferenceCheck, ReferenceStatus
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review.bibliography import Entry
from claimaudit.review.claims import Claim, Target


def cited_reference(name: str, paper: str | None, entry: Entry | None) -> CitedReference:
    """What the draft says reference ``name`` is."""
    # The entry's own identifier, not ``paper`` read again: a DOI holding a ``%`` (from
    # ``https://doi.org/10.1000/a%2520b``) would be decoded a second time, into another DOI.
    own = [r for r in entry.refs if str(r) == paper] if entry is not None else []
    ref = own[0] if own else try_parse_ref(paper) if paper is not None else None
    if entry is None:
        return CitedReference(name, ref)
    return CitedReference(
        name,
        ref,
        entry.title,
        entry.authors,
        entry.year,
        entry.text,
        entry.collaboration,
        entry.unread_year,
    )


def reference_key(target: Target) -> str:
    """One reference per bibliography entry (or per paper, when no entry names it)."""
    return target.entry.key if target.entry is not None else target.name


def check_references(
    claims: Sequence[Claim], verifier: ReferenceVerifier
) -> dict[str, ReferenceCheck]:
    """Every reference the claims cite, checked once, by ``reference_key``, in citing order."""
    checks: dict[str, ReferenceCheck] = {}
    for claim in claims:
        for target in claim.targets:
            key = reference_key(target)
            if key in checks:
                continue
            if target.paper is None and target.entry is None:
                checks[key] = ReferenceCheck(
                    key, None, ReferenceStatus.NOT_VERIFIED, target.error or "not resolved"
                )
                continue
            checks[key] = verifier.check(cited_reference(key, target.paper, target.entry))
    return checks


def status_counts(checks: Iterable[ReferenceCheck]) -> dict[str, int]:
    counts = {status.value: 0 for status in ReferenceStatus}
    for check in checks:
        counts[check.status.value] += 1
    return counts
