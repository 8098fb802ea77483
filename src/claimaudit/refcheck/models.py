"""What a reference claims to be, what the catalogue says it is, and the verdict on the pair."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from claimaudit.errors import UsageError
from claimaudit.identity import PaperRef, RefKind, parse_ref
from claimaudit.refcheck.mathml import without_mathml


class ReferenceStatus(StrEnum):
    """The verdict on a cited reference: the catalogue knows it as cited (``ok``), does not
    know it, describes it otherwise, marks it withdrawn, or could not be asked or read."""

    OK = "ok"
    NOT_FOUND = "not_found"  # the catalogue answered that the identifier does not exist
    METADATA_MISMATCH = "metadata_mismatch"
    WITHDRAWN = "withdrawn"
    NOT_VERIFIED = "not_verified"  # no identifier, or no answer from the catalogue to read


# Worst first: how a sentence citing several references, or a reference cited under several
# keys, is summed up.
STATUS_SEVERITY: tuple[ReferenceStatus, ...] = (
    ReferenceStatus.NOT_FOUND,
    ReferenceStatus.WITHDRAWN,
    ReferenceStatus.METADATA_MISMATCH,
    ReferenceStatus.NOT_VERIFIED,
    ReferenceStatus.OK,
)


@dataclass(frozen=True)
class CitedReference:
    """A reference as the draft's bibliography gives it.

    Structured entries (BibTeX, CSL-JSON) give ``title``, ``authors`` (family names, in order)
    and ``year``; an unstructured entry (a ``\\bibitem``, a numbered References entry) gives its
    ``text`` only, and is compared by what that text contains."""

    key: str
    ref: PaperRef | None
    title: str | None = None
    authors: tuple[str, ...] = ()
    year: int | None = None
    text: str | None = None
    collaboration: str | None = None  # INSPIRE's field: "ATLAS", who signs as its authors
    # The year as written when it gives none ("in press"): said not compared, not passed over.
    unread_year: str | None = None

    def __post_init__(self) -> None:
        # Built by hand from Python too: a wrong type would be compared anyway (one author's
        # name read letter by letter, a mismatch the draft does not have) or fail mid-check.
        if not isinstance(self.key, str):
            raise UsageError(f"CitedReference key must be a string, not {_type(self.key)}")
        if self.ref is not None and not isinstance(self.ref, PaperRef):
            raise UsageError(
                f"CitedReference ref must be a PaperRef (parse_ref makes one) or None, "
                f"not {_type(self.ref)}"
            )
        for name in ("title", "text", "unread_year"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise UsageError(
                    f"CitedReference {name} must be a string or None, not {_type(value)}"
                )
        authors = self.authors
        if isinstance(authors, str | bytes) or not isinstance(authors, tuple | list):
            raise UsageError(
                f"CitedReference authors must be a tuple of family names, not {_type(authors)}"
            )
        for author in authors:
            if not isinstance(author, str):
                raise UsageError(f"CitedReference authors must be strings, not {_type(author)}")
        object.__setattr__(self, "authors", tuple(authors))
        year = self.year
        if year is not None and (isinstance(year, bool) or not isinstance(year, int)):
            raise UsageError(
                f"CitedReference year must be a whole number or None, not {_type(year)}"
            )


def _type(value: object) -> str:
    return type(value).__name__


def _stored_ref(text: str) -> PaperRef:
    """A record's identifier as ``to_dict`` wrote it: a DOI's own ``%`` (``10.1000/a%20b``,
    from ``https://doi.org/10.1000/a%2520b``) is not decoded a second time."""
    if text.startswith("doi:"):
        return PaperRef.as_stored(RefKind.DOI, text.removeprefix("doi:"))
    return parse_ref(text)


@dataclass(frozen=True)
class CatalogueRecord:
    """A work as arXiv or Crossref describes it."""

    source: str  # "arxiv" or "crossref"
    ref: PaperRef  # the identifier looked up (arXiv: the newest version)
    title: str
    authors: tuple[str, ...]  # family names, in order
    years: tuple[int, ...]  # first the year to show; all count when comparing
    withdrawn: str | None = None  # why the work counts as withdrawn, when it does
    latest_version: int | None = None  # arXiv only

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "ref": str(self.ref),
            "title": self.title,
            "authors": list(self.authors),
            "years": list(self.years),
            "withdrawn": self.withdrawn,
            "latestVersion": self.latest_version,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CatalogueRecord:
        return cls(
            source=str(data["source"]),
            ref=_stored_ref(str(data["ref"])),
            # Kept before formulas were read as their text, a title may hold MathML still.
            title=without_mathml(str(data["title"])),
            authors=tuple(str(a) for a in data["authors"]),
            years=tuple(int(y) for y in data["years"]),
            withdrawn=data.get("withdrawn"),
            latest_version=data.get("latestVersion"),
        )


@dataclass(frozen=True)
class Mismatch:
    field: str  # "title", "firstAuthor" or "year"
    cited: str
    catalogue: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "cited": self.cited, "catalogue": self.catalogue}


@dataclass(frozen=True)
class ReferenceCheck:
    """The verdict on one cited reference."""

    key: str
    ref: PaperRef | None
    status: ReferenceStatus
    reason: str
    mismatches: tuple[Mismatch, ...] = ()
    catalogue: CatalogueRecord | None = None
    checked_at: str | None = None
    cached: bool = False

    def to_dict(self) -> dict[str, Any]:
        found = self.catalogue
        return {
            "key": self.key,
            "ref": str(self.ref) if self.ref is not None else None,
            "referenceStatus": self.status.value,
            "reason": self.reason,
            "mismatches": [m.to_dict() for m in self.mismatches],
            "catalogue": None
            if found is None
            else {
                "source": found.source,
                "title": found.title,
                "firstAuthor": found.authors[0] if found.authors else None,
                "year": found.years[0] if found.years else None,
                "url": found.ref.url,
            },
            "checkedAt": self.checked_at,
            "cached": self.cached,
        }


def worst(statuses: list[ReferenceStatus]) -> ReferenceStatus:
    return next(s for s in STATUS_SEVERITY if s in statuses)
