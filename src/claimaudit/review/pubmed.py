"""The PubMed id an entry gives (``pmid``, ``pmcid``, biblatex's ``eprinttype = {pubmed}``),
as the library name a review looks its paper up by.

No catalogue is asked for a PubMed id, so it is no reference of its own kind: it names the
paper in the library as Manubot's citation keys do, ``pmid:29394400`` or ``pmcid:PMC5798013``
(``library add --ref pmid:29394400``). An entry's arXiv id or DOI always wins over it; an entry
without either, whose PubMed id is written, is looked up under that id rather than under its
citation key (``local:<citekey>``), so the same paper is found from every bibliography.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from claimaudit.identity import PaperRef, try_parse_ref

# PubMed numbers its records from 1; they have reached 8 digits, a ninth is years away.
_PMID = re.compile(r"(?:pmid\s*:?\s*)?0*([1-9][0-9]{0,8})", re.IGNORECASE)
_PMCID = re.compile(r"(?:pmcid\s*:?\s*)?(?:pmc)?0*([1-9][0-9]{0,9})", re.IGNORECASE)
# biblatex's ``eprinttype`` of a PubMed id (``pubmed``), and those people write for PMC's.
_PUBMED_ARCHIVES = frozenset({"pubmed", "pmid"})
_PMC_ARCHIVES = frozenset({"pmc", "pmcid", "pubmedcentral"})
# A ``url`` that is a record's page: PubMed's (``pubmed.ncbi.nlm.nih.gov/29394400/``, formerly
# ``www.ncbi.nlm.nih.gov/pubmed/29394400``) or PMC's (``.../pmc/articles/PMC5798013/``).
_PUBMED_PAGE = re.compile(
    r"(?:https?://)?(?:pubmed\.ncbi\.nlm\.nih\.gov/|(?:www\.)?ncbi\.nlm\.nih\.gov/pubmed/)"
    r"(?P<pmid>[0-9]{1,9})/?(?:[?#]\S*)?",
    re.IGNORECASE,
)
_PMC_PAGE = re.compile(
    r"(?:https?://)?(?:(?:www\.)?ncbi\.nlm\.nih\.gov/pmc|pmc\.ncbi\.nlm\.nih\.gov)/articles/"
    r"(?P<pmcid>PMC[0-9]{1,10})/?(?:[?#]\S*)?",
    re.IGNORECASE,
)
# A PubMed id in a free-text field, labelled as PubMed prints it ("PMID: 29394400", "PMCID:
# PMC5798013"): Zotero and many journals' exports put it in ``note`` alone. The label is
# required; a bare number in a note is anything.
_NOTE_PMID = re.compile(r"(?<![\w-])PMID\s*:?\s*([0-9]{1,9})(?![\w-])", re.IGNORECASE)
_NOTE_PMCID = re.compile(r"(?<![\w-])PMCID\s*:?\s*(PMC[0-9]{1,10})(?![\w-])", re.IGNORECASE)
# The free-text fields read for such a label.
_NOTE_FIELDS = ("note", "addendum", "howpublished")


def pubmed_ref(fields: Mapping[str, str]) -> PaperRef | None:
    """``pmid:N`` from a ``pmid`` field (or an ``eprint`` of ``eprinttype = {pubmed}``), else
    ``pmcid:PMCN`` from a ``pmcid`` field (or an ``eprint`` of PMC), or either from a ``url``
    that is its PubMed or PMC page, or from a ``note`` that says "PMID: N" (one id only);
    None when none is given, or none reads as such an id
    ("n/a", another address)."""
    archive = "".join((fields.get("eprinttype") or "").split()).lower()
    eprint = fields.get("eprint") or ""
    url = (fields.get("url") or "").strip()
    page = _PUBMED_PAGE.fullmatch(url)
    pmc_page = _PMC_PAGE.fullmatch(url)
    pmid = fields.get("pmid") or (eprint if archive in _PUBMED_ARCHIVES else "")
    pmid = pmid or (page.group("pmid") if page else "") or _in_notes(fields, _NOTE_PMID)
    pmcid = fields.get("pmcid") or (eprint if archive in _PMC_ARCHIVES else "")
    pmcid = pmcid or (pmc_page.group("pmcid") if pmc_page else "")
    pmcid = pmcid or _in_notes(fields, _NOTE_PMCID)
    found = _PMID.fullmatch(_bare(pmid))
    if found is not None:
        return try_parse_ref(f"pmid:{found.group(1)}")
    found = _PMCID.fullmatch(_bare(pmcid))
    if found is not None:
        return try_parse_ref(f"pmcid:PMC{found.group(1)}")
    return None


def _bare(value: str) -> str:
    """A field's value without blanks and the braces an export protects it with."""
    return "".join(value.split()).strip("{}")


def _in_notes(fields: Mapping[str, str], label: re.Pattern[str]) -> str:
    """The one id the free-text fields give under ``label``; none when they give several
    (a note citing other records too cannot say which is the entry's own)."""
    found = {
        match.group(1).lstrip("0").upper()
        for name in _NOTE_FIELDS
        for match in label.finditer(fields.get(name) or "")
    }
    return found.pop() if len(found) == 1 else ""
