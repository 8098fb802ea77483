"""A bibliography entry, as every reader of one builds it (a ``.bib`` or CSL-JSON record:
``entry_ids.entry_of``; a numbered References entry: ``reference_list``), and what its
identifiers say beside its records (``two_identifiers``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from claimaudit.identity import PaperRef


@dataclass(frozen=True)
class Entry:
    """A bibliography entry: structured (BibTeX, CSL-JSON: ``title``, ``authors`` as family
    names, ``year``) or an unstructured item (a numbered References entry, a ``\\bibitem``:
    its ``text``). ``et_al``: ``authors`` are only the first, the list ending "and others"."""

    key: str
    refs: tuple[PaperRef, ...]  # arXiv first, then DOI; from free text only if nothing else
    title: str | None = None
    authors: tuple[str, ...] = ()
    year: int | None = None
    text: str | None = None
    et_al: bool = False
    refused: str | None = None  # why an arXiv id it gives is not one ("1412.12345")
    bad_doi: str | None = None  # why its doi (else eprint) field, naming no work, is none
    collaboration: str | None = None  # INSPIRE's field: "ATLAS", who signs as its authors
    unread_year: str | None = None  # a year given that reads as none ("in press")
    # ``authors`` without their prefix ("Dijk"), as biblatex cites them by default; empty
    # when the same (``BibRecord.bare_authors``).
    bare_authors: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()  # the other keys it is cited by (biblatex's ``ids``)
    short_authors: tuple[str, ...] = ()  # biblatex's ``shortauthor`` (``BibRecord``)
    # Its PubMed id as a library name (``pmid:N``, ``pmcid:PMCN``; ``pubmed``): what a review
    # looks its paper up by when it has no arXiv id or DOI, in place of ``local:<citekey>``.
    pubmed: PaperRef | None = None


def two_identifiers(entry: Entry) -> str | None:
    """That ``entry`` names more than one work's identifier (an arXiv id and a journal DOI,
    say), said beside its records: only the first is checked. None when it names one work
    (``10.48550/arXiv.*`` is its arXiv id), or two versions of its one arXiv id (its fields
    disagree on the edition: ``_two_versions``)."""
    if not entry.refs:
        return None
    first = entry.refs[0]
    works = {first.unversioned: first}
    for ref in entry.refs[1:]:
        works.setdefault(ref.unversioned, ref)
    if len(works) < 2:
        return _two_versions(entry.key, entry.refs)
    *before, last = [str(r) for r in works.values()]
    count = "two identifiers" if len(works) == 2 else f"{len(works)} identifiers"
    named = f"{', '.join(before)} and {last}"
    return f"bibliography entry {entry.key!r} names {count}, {named}; it is checked as {first}"


def _two_versions(key: str, refs: Sequence[PaperRef]) -> str | None:
    """That the entry's fields name different versions of its one arXiv id (``eprint =
    {2101.00001v2}``, ``url = {.../abs/2101.00001v3}``): the first is checked."""
    versions = [ref for ref in refs if ref.version is not None]
    if len(versions) < 2:
        return None
    *before, last = [f"v{ref.version}" for ref in versions]
    count = "two versions" if len(versions) == 2 else f"{len(versions)} versions"
    return (
        f"bibliography entry {key!r} names {count} of "
        f"{refs[0].unversioned}, {', '.join(before)} and {last}; it is checked as {refs[0]}"
    )
