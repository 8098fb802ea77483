"""The arXiv ids and DOIs (and PubMed id) an entry's fields name, and why a field that looks
like one is none.

An entry's paper is named by the fields that identify the work itself (``doi``, an arXiv
``eprint``, ``url``, ...); an id only mentioned in its free text (a ``note`` citing another
paper, say) counts only when no such field names one, as Google Scholar's exports of preprints
give theirs ("arXiv preprint arXiv:..." as the ``journal``). An entry with both an arXiv id and a
DOI resolves to the arXiv id: arXiv ids carry versions, so the edition checked can be verified;
that it names two is said with its records (``entry.two_identifiers``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote

from claimaudit.bibfile import BibRecord
from claimaudit.identity import PaperRef, RefKind, arxiv_id_error, try_parse_ref
from claimaudit.review.citations import CitationStyle, find_citations
from claimaudit.review.corr import ARXIV_JOURNALS, corr_arxiv_ids
from claimaudit.review.entry import Entry
from claimaudit.review.pubmed import pubmed_ref
from claimaudit.text.plain import plain_text

# Fields whose whole value is an identifier of the work, then fields that name the work in
# their text (CSL-JSON's ``number``, ``archive_location`` and ``id``: "arXiv:1907.10121"), then
# free text that may mention other works, read only when no field names the work (``url``
# counts as naming it when it is wholly an arXiv or DOI address, else as free text).
_ID_FIELDS = ("eprint", "arxiv", "arxivid", "doi")
# NASA ADS writes an arXiv paper's id as its article number: `eid` or `pages` "arXiv:1603.07285".
_NAMING_TEXT_FIELDS = ("number", "archive_location", "id", "eid", "pages")
_FREE_TEXT_FIELDS = ("note", "journal", "container-title", "howpublished")
_ARXIV_ARCHIVES = {"arxiv"}
# Archives whose ``eprint`` is a preprint's DOI or its id under 10.1101 (biblatex's
# ``eprinttype = {biorxiv}``): "2020.01.01.123456", "10.1101/2020.01.01.123456v2", its page.
_PREPRINT_ARCHIVES = {"biorxiv", "medrxiv"}
_PREPRINT_ID = re.compile(
    r"(?:doi:\s*)?(?:10\.1101/)?(?P<id>\d{4}\.\d\d\.\d\d\.\d{6}|\d{5,6})(?:v\d+)?"
)
_DOI_ORG = re.compile(r"^(?:https?://)?(?:dx\.|www\.)?doi\.org/", re.IGNORECASE)
# arXiv's subject class after an id, as some exports write an ``eprint`` ("1706.03762 [cs.CL]",
# "hep-th/9711200 [hep-th]"): the id's, not part of it.
_ARXIV_CLASS = re.compile(r"\s*\[\s*[a-z][a-z\-]*(?:\.[a-z\-]+)?\s*\]\s*$", re.IGNORECASE)
# TeX's escapes of characters an identifier holds, as BibTeX exports write them in ``doi`` and
# ``url``: ``10.1000/abc{\_}def``, ``abc\_def``, ``\#``, ``\%``, ``\&``, ``\~``.
_TEX_ESCAPE = re.compile(r"\{\\([_#%&~$])\}|\\([_#%&~$])")
# A bioRxiv or medRxiv page of a preprint: its DOI, then the server's version and page, which
# no DOI holds ("10.1101/2020.03.22.002386v3.full.pdf" was looked up, and not found).
_PREPRINT_PAGE = re.compile(
    r"^(?:https?://)?(?:www\.)?(?:bio|med)rxiv\.org/content/(?P<doi>10\.1101/\d[\d.]*?\d)"
    r"(?:v\d+)?(?:\.(?:full|abstract|full-text|full\.pdf|full\.pdf\+html|supplementary-material))?"
    r"/?(?:[?#]\S*)?$",
    re.IGNORECASE,
)
# A Manubot citation key's prefixes that name the paper itself ("doi:10.1/x", "arxiv:...").
MANUBOT_PREFIXES = {"doi", "arxiv"}


def paper_refs(values: Iterable[tuple[str, str]]) -> tuple[PaperRef, ...]:
    """arXiv and DOI references in (field, value) pairs, arXiv first, each once."""
    found: list[PaperRef] = []
    for name, value in values:
        if name == "doi" and len(_DOI_SHAPED.findall(value)) > 1:
            # "10.1/a;10.1/b" read as one DOI, "10.1/a;10.1/b": said as two (``_bad_doi``).
            continue
        if name in _ID_FIELDS:
            ref = try_parse_ref(value.strip())
            refs = [ref] if ref is not None else []
        else:
            keys = [c.key for c in find_citations(value) if c.style is CitationStyle.IDENTIFIER]
            keys = [_preprint_doi(key) for key in keys]
            keys += corr_arxiv_ids(value)  # "CoRR abs/1706.03762", as DBLP writes an arXiv id
            refs = [r for r in map(try_parse_ref, keys) if r is not None]
        found.extend(r for r in refs if r.kind is not RefKind.LOCAL and r not in found)
    # An arXiv id without its version beside the same id with one (``eprint = {2101.00001}``,
    # ``url = {.../abs/2101.00001v3}``) names that version: they agree, and the version says
    # which edition is checked. Two versions disagree: the first (``eprint`` before ``url``)
    # is checked, and ``two_identifiers`` says so.
    versioned = {r.unversioned for r in found if r.version is not None}
    found = [r for r in found if r.version is not None or r not in versioned]
    return tuple(sorted(found, key=lambda r: r.kind is not RefKind.ARXIV))


# A bioRxiv or medRxiv DOI as its page's address writes it, with the server's version and page.
_PREPRINT_DOI = re.compile(
    r"(?P<doi>10\.1101/\d[\d.]*?\d)(?:v\d+)(?:\.(?:full|abstract|full-text|full\.pdf))?",
    re.IGNORECASE,
)


def _preprint_doi(key: str) -> str:
    """``key`` without what a bioRxiv or medRxiv address adds to its DOI ("v3.full.pdf")."""
    match = _PREPRINT_DOI.fullmatch(key)
    return match.group("doi") if match else key


def _refused_arxiv_id(values: Iterable[tuple[str, str]]) -> str | None:
    """Why the first arXiv id in (field, value) pairs that arXiv's scheme cannot issue is
    refused (an ``eprint`` of ``9912.12345``): such an entry is not quietly taken as having
    no identifier."""
    for name, value in values:
        whole = name in _ID_FIELDS
        found = [c.key for c in find_citations(value)] + corr_arxiv_ids(value)
        for candidate in [value] if whole else found:
            if why := arxiv_id_error(candidate):
                return why
    return None


def _preprint_eprint(value: str) -> str | None:
    """The DOI a bioRxiv or medRxiv ``eprint`` names: its id ("2020.01.01.123456v2"), its DOI
    (with or without its version) or its page; None for anything else."""
    value = _DOI_ORG.sub("", value.strip())
    page = _PREPRINT_PAGE.match(value)
    if page is not None:
        return page.group("doi")
    found = _PREPRINT_ID.fullmatch(value)
    return f"10.1101/{found.group('id')}" if found else None


def _untex(value: str) -> str:
    """An identifier field's value without TeX's escapes: ``10.1000/abc\\_def`` is
    ``10.1000/abc_def``, a DOI, where the backslash would be looked up as part of it; and
    without the markup around it (``_unwrapped``)."""
    return _unwrapped(_TEX_ESCAPE.sub(lambda m: m.group(1) or m.group(2), value))


# A whole value written as LaTeX prints an address: ``\url{...}``, ``\href{...}{text}``, the
# doi package's ``\doi{...}``, in typewriter type (``\texttt{...}``), or kept from TeX's reading
# (``\detokenize{10.1000/a_b}``, so its ``_`` needs no escape), or in braces of its own
# (``{{10.1000/xyz}}``, as an export protects a value's case). The address is the identifier.
_WRAPPED = re.compile(
    r"\s*(?:(?:\\(?:url|doi|nolinkurl|path|detokenize|texttt)\s*)?\{(?P<inner>.*)\}"
    r"|\\href\s*\{(?P<target>[^{}]*)\}\s*\{.*\})\s*",
    re.DOTALL,
)


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _unwrapped(value: str) -> str:
    """``value`` without the markup around its whole (``_WRAPPED``), however deep (bounded);
    ``{a}{b}`` is two groups, left as written."""
    for _ in range(8):
        match = _WRAPPED.fullmatch(value)
        inner = None if match is None else match.group("inner")
        if match is not None and inner is None:
            return match.group("target")
        if inner is None or not _balanced(inner):
            break
        value = inner
    return value


def _field_pairs(record: BibRecord) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The (field, value) pairs that name the entry's work, and those of its free text."""
    fields = {
        name: _untex(value) if name in (*_ID_FIELDS, "url") else value
        for name, value in record.fields.items()
    }
    if "eprint" in fields:
        fields["eprint"] = _ARXIV_CLASS.sub("", fields["eprint"])
    archive = (fields.get("archiveprefix") or fields.get("eprinttype") or "").lower()
    naming = [(name, fields[name]) for name in _ID_FIELDS if name in fields]
    if "eprint" in fields and archive and archive not in _ARXIV_ARCHIVES:
        naming = [p for p in naming if p[0] != "eprint"]  # an eprint of another archive
        if archive in _PREPRINT_ARCHIVES and (doi := _preprint_eprint(fields["eprint"])):
            naming.append(("doi", doi))
    naming += [(name, fields[name]) for name in _NAMING_TEXT_FIELDS if name in fields]
    journal = (fields.get("journal") or "").strip().lower()
    if journal in ARXIV_JOURNALS and "volume" in fields:
        # DBLP's BibTeX of an arXiv paper: journal = {CoRR}, volume = {abs/1706.03762}; and
        # Semantic Scholar's, journal = {ArXiv}.
        naming.append(("volume", f"CoRR {fields['volume']}"))
    if record.key.partition(":")[0].lower() in MANUBOT_PREFIXES:
        # A Manubot citation key ("doi:10.1/x", "arxiv:1907.10121") names the paper itself.
        naming.append(("doi", record.key))
    free = [(name, fields[name]) for name in _FREE_TEXT_FIELDS if name in fields]
    url = fields.get("url")
    page = _PREPRINT_PAGE.match(url.strip()) if url is not None else None
    if url is not None and page is not None:
        # A bioRxiv or medRxiv page names its preprint by the DOI in its address.
        naming.append(("doi", page.group("doi")))
    elif url is not None:
        # The work's own address (doi.org, arxiv.org); any other page is text mentioning ids.
        own = try_parse_ref(url.strip())
        (naming if own is not None and own.kind is not RefKind.LOCAL else free).append(("url", url))
    return naming, free


def entry_of(record: BibRecord) -> Entry:
    """The entry a bibliography record describes, with the arXiv ids and DOIs naming its work:
    those of its fields that identify the work, else those its free text gives. A refused arXiv
    id in such a field is not passed over for an id its free text mentions."""
    naming, free = _field_pairs(record)
    refs = paper_refs(naming)
    refused = None if refs else _refused_arxiv_id(naming)
    if not refs and refused is None:
        refs = paper_refs(free)
        refused = None if refs else _refused_arxiv_id(free)
    collaboration = record.fields.get("collaboration")
    return Entry(
        record.key,
        refs,
        record.title,
        record.authors,
        record.year,
        et_al=record.et_al,
        refused=refused,
        bad_doi=None if refs or refused else _bad_doi(naming + free) or _bad_eprint(naming),
        collaboration=plain_text(collaboration).strip() or None if collaboration else None,
        unread_year=record.unread_year,
        pubmed=pubmed_ref(record.fields),
        bare_authors=record.bare_authors,
        aliases=record.aliases,
        short_authors=record.short_authors,
    )


# A DOI's shape within a field that holds more than one ("10.1038/a, 10.1038/b").
_DOI_SHAPED = re.compile(r"\b10\.\d{4,9}/[^\s,;]+")


def _bad_doi(pairs: list[tuple[str, str]]) -> str | None:
    """Why the entry's ``doi`` field, or its ``url`` at doi.org, which gives no DOI, is none
    ("1000/x", a publisher's address, a DOI with a space, ``%20`` decoded), said where the
    entry is checked, as a refused eprint is."""
    fields = dict(pairs)
    name, value = "doi", " ".join(fields.get("doi", "").split())
    url = fields.get("url", "").strip()
    if not value and _DOI_ORG.match(url):
        name, value = "url", url
    if not value:
        return None
    # A doi.org address is read as a browser reads it: percent-encoding decoded once.
    spaced = " " in value or (name == "url" and any(c.isspace() for c in unquote(value)))
    several = len(_DOI_SHAPED.findall(value))
    why = (
        f"it holds {several} DOIs; give the one of this work"
        if several > 1
        else "it holds a space"
        if spaced
        else "a DOI reads 10.NNNN/..., doi:10.NNNN/... or https://doi.org/10.NNNN/..."
    )
    # Quoted as written: a repr would double the backslash of "\\url{...}".
    return f"its {name} field '{value[:80]}' is not a DOI ({why})"


def _bad_eprint(naming: list[tuple[str, str]]) -> str | None:
    """Why an ``eprint`` (of arXiv, or of no archive named) that gives no arXiv id is none
    ("arxiv.org/abs/..." without its scheme): the entry had "no arXiv id or DOI to look up",
    as if it gave none."""
    value = " ".join(dict(naming).get("eprint", "").split())
    if not value:
        return None
    return (
        f"its eprint field '{value[:80]}' is not an arXiv id (an arXiv id reads 1706.03762, "
        "hep-th/9711200 or https://arxiv.org/abs/1706.03762)"
    )
