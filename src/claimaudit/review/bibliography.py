"""Resolving citations to papers: a BibTeX or CSL-JSON file, the report's own References section,
Manubot citation tags, and keys that are references themselves (``@doi:...``, ``@arxiv:...``).

Every resolution ends in a ``PaperRef`` (``claimaudit.identity``) or a one-line reason why not.
An entry's paper is named by the fields that identify the work itself (``doi``, an arXiv
``eprint``, ``url``, ...); an id only mentioned in its free text (a ``note`` citing another
paper, say) counts only when no such field names one, as Google Scholar's exports of preprints
give theirs ("arXiv preprint arXiv:..." as the ``journal``). An entry with both an arXiv id and a
DOI resolves to the arXiv id: arXiv ids carry versions, so the edition checked can be verified;
that it names two is said with its records (``two_identifiers``).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from urllib.parse import unquote

from claimaudit.bibfile import (
    BibFormat,
    BibRecord,
    UnreadEntry,
    csl_read_as_bibtex,
    parse_bib,
    read_bib,
)
from claimaudit.citekeys import citable_names, names_alike
from claimaudit.guards.userfiles import PathArg, as_path
from claimaudit.identity import PaperRef, RefKind, arxiv_id_error, try_parse_ref
from claimaudit.review.bibliography_arguments import check_load_args, check_parse_args
from claimaudit.review.citations import Citation, CitationStyle, find_citations
from claimaudit.review.corr import ARXIV_JOURNALS, corr_arxiv_ids
from claimaudit.review.document import Block
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
# TeX's escapes of characters an identifier holds, as BibTeX exports write them in ``doi`` and
# ``url``: ``10.1000/abc{\_}def``, ``abc\_def``, ``\#``, ``\%``, ``\&``, ``\~``.
_DOI_ORG = re.compile(r"^(?:https?://)?(?:dx\.|www\.)?doi\.org/", re.IGNORECASE)
# arXiv's subject class after an id, as some exports write an ``eprint`` ("1706.03762 [cs.CL]",
# "hep-th/9711200 [hep-th]"): the id's, not part of it.
_ARXIV_CLASS = re.compile(r"\s*\[\s*[a-z][a-z\-]*(?:\.[a-z\-]+)?\s*\]\s*$", re.IGNORECASE)
_TEX_ESCAPE = re.compile(r"\{\\([_#%&~$])\}|\\([_#%&~$])")
# A bioRxiv or medRxiv page of a preprint: its DOI, then the server's version and page, which
# no DOI holds ("10.1101/2020.03.22.002386v3.full.pdf" was looked up, and not found).
_PREPRINT_PAGE = re.compile(
    r"^(?:https?://)?(?:www\.)?(?:bio|med)rxiv\.org/content/(?P<doi>10\.1101/\d[\d.]*?\d)"
    r"(?:v\d+)?(?:\.(?:full|abstract|full-text|full\.pdf|full\.pdf\+html|supplementary-material))?"
    r"/?(?:[?#]\S*)?$",
    re.IGNORECASE,
)
_TAG_DEFINITION = re.compile(r"^\[@tag:(?P<tag>[^\]\s]+)\]:[ \t]*(?P<target>\S+)[ \t]*$", re.M)
# At most six digits, as a citation's number (``numbered.MAX_NUMBER_DIGITS``): a label of
# thousands was a traceback (int() refuses more than 4300 digits), and no entry's number.
_ENTRY_NUMBER = re.compile(r"^\s*(?:\[(\d{1,6})\]|(\d{1,6})[.)])\s")
_MANUBOT_PREFIXES = {"doi", "arxiv"}
_URL_PREFIXES = {"url", "http", "https"}
# A citation key that is a local id as written: the library's name for it is the key itself.
_LOCAL_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._\-]*")
_UNSAFE_LOCAL = re.compile(r"[^A-Za-z0-9._\-]")
# Names stay well within a reference's length limit (``identity.MAX_REF_CHARS``, 500); ten hex
# digits of SHA-256 make two keys' names meeting by chance a one in 10^12 event.
_MAX_LOCAL_SLUG = 200
_KEY_HASH_CHARS = 10


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


@dataclass(frozen=True)
class Resolution:
    ref: PaperRef | None
    error: str | None = None
    entry: Entry | None = None  # the bibliography entry that gave ``ref``
    note: str | None = None  # said beside a failure to check ``ref`` (a fallback's reason)
    # A local ``ref``'s name before names were one-to-one (``legacy_local_ref``): looked up in
    # the library when ``ref`` is not there. None when it is ``ref``, or when ``clash``.
    former: PaperRef | None = None
    # The other keys of the bibliography that had the same former name: the paper stored
    # under it may be one of theirs (``claimaudit.review.local_names``).
    clash: tuple[str, ...] = ()


def legacy_local_ref(key: str) -> PaperRef | None:
    """The name ``local_ref`` gave before it was made one-to-one: each character a local id
    cannot hold became "-", so "Smith:2020" and "Smith-2020" shared ``local:Smith-2020``. A
    library imported then holds papers under it; a review looks there only when no other key
    of the bibliography had the same name (``Bibliography.local_names``)."""
    name = _UNSAFE_LOCAL.sub("-", key).lstrip("._-")
    return try_parse_ref(f"local:{name}") if name else None


def local_ref(key: str) -> PaperRef | None:
    """The library reference of an entry that has no arXiv id or DOI: ``local:<citekey>``;
    what ``library import-bib`` stores such an entry's file under, and what a review then
    looks it up by. A key a local id cannot hold as written ("Smith:2020", "Müller2020") is
    named by a readable form of it (accents dropped, other characters "-") and the start of
    a hash of the exact key, "local:Smith-2020-3f1c9a2b7d", so two keys never share a name."""
    if _LOCAL_KEY.fullmatch(key) and len(key) <= _MAX_LOCAL_SLUG:
        return try_parse_ref(f"local:{key}")
    readable = "".join(
        c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c)
    )
    slug = _UNSAFE_LOCAL.sub("-", readable).strip("._-")[:_MAX_LOCAL_SLUG].rstrip("._-")
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:_KEY_HASH_CHARS]
    return try_parse_ref(f"local:{slug}-{digest}" if slug else f"local:{digest}")


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
    naming += [(name, fields[name]) for name in _NAMING_TEXT_FIELDS if name in fields]
    journal = (fields.get("journal") or "").strip().lower()
    if journal in ARXIV_JOURNALS and "volume" in fields:
        # DBLP's BibTeX of an arXiv paper: journal = {CoRR}, volume = {abs/1706.03762}; and
        # Semantic Scholar's, journal = {ArXiv}.
        naming.append(("volume", f"CoRR {fields['volume']}"))
    if record.key.partition(":")[0].lower() in _MANUBOT_PREFIXES:
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


def parse_bibliography(
    text: str,
    *,
    kind: BibFormat | None = None,
    source: str | None = None,
    allow_empty: bool = True,
) -> Bibliography:
    """Parse BibTeX, CSL-JSON or CSL YAML text (``kind``; by default JSON when it starts with
    ``[`` or ``{``, else BibTeX); BibliographyError if unusable. ``source`` names it in
    messages (a file, say). Text with no entry (none yet, or none that could be parsed) is
    read on, as ``claimaudit review`` reads such a file, unless ``allow_empty`` is False;
    text read as BibTeX to no entry that is CSL (YAML, or JSON said to be BibTeX) is refused
    whatever ``allow_empty`` says, naming its format (pass it as ``kind``). An argument of the
    wrong kind (text that is no string, an unknown ``kind``) is a UsageError naming it."""
    check_parse_args(text, kind, source, allow_empty)
    found = parse_bib(text, kind=kind, source=source, allow_empty=True)
    name = source or UNNAMED
    if not found.records:
        misread = csl_read_as_bibtex(text, kind, source)
        if misread is not None:
            raise misread
        if not allow_empty:
            parse_bib(text, kind=kind, source=source)  # raises, saying why none was read
    return Bibliography(
        entries={r.key: entry_of(r) for r in found.records},
        source=name,
        unread=found.unread,
        empty=(name,) if not found.records and not found.unread else (),
        read_as=found.warnings,
    )


def load_bibliography(*paths: PathArg, allow_empty: bool = True) -> Bibliography:
    """Read BibTeX (``.bib``), CSL-JSON (``.json``) or CSL YAML (``.yaml``) files (``Path`` or
    ``str``), an earlier file's entry winning over a later one with its key, as BibTeX and
    Biber read ``\\bibliography{a,b}`` (the later one is unread, said as a second entry in one
    file is); BibliographyError if one is unusable. A file with no entry (none yet, or none
    that could be parsed) is read on, as ``claimaudit review`` reads it, and named in
    ``Bibliography.empty`` (its unparsed entries in ``Bibliography.unread``);
    ``allow_empty=False`` refuses it instead (anything but a bool there is a UsageError, as is
    no file at all)."""
    check_load_args(paths, allow_empty)
    entries: dict[str, Entry] = {}
    first: dict[str, str] = {}  # the file each key was first read from
    unread: list[UnreadEntry] = []
    empty: list[str] = []
    read_as: list[str] = []
    for path in paths:
        found = read_bib(as_path(path, "a bibliography"), allow_empty=allow_empty)
        for record in found.records:
            if record.key in first:
                # Silently taking the later one checked another paper than LaTeX cites.
                why = f"ignored (the first, in {first[record.key]}, is used)"
                reason = f"a second entry with the key {record.key!r}, {why}"
                unread.append(UnreadEntry(record.line, reason, source=str(path)))
                continue
            entries[record.key] = entry_of(record)
            first[record.key] = str(path)
        unread += found.unread
        if found.note is not None:
            read_as.append(found.note)
        read_as += found.warnings  # a crossref no entry has
        if not found.records and not found.unread:  # an unread entry is warned of apart
            empty.append(str(path))
    source = ", ".join(str(p) for p in paths)
    return Bibliography(
        entries=entries,
        source=source,
        unread=tuple(unread),
        empty=tuple(empty),
        read_as=tuple(read_as),
    )


def _labelled_lines(block: Block) -> list[tuple[int | None, str]]:
    """A References block as (entry number, text) parts: each line starting with a label of
    its first line's kind ("[n]", or "n." / "n)" numbering on from the entry before) begins an
    entry of its own, as an entry list written one per line with no blank line between reads
    as one paragraph; other lines continue the entry before. A block whose first line has no
    label (an ordered list item: ``block.number``) is one entry."""
    lines = block.text.split("\n")
    first = _ENTRY_NUMBER.match(lines[0])
    if first is None:
        return [(block.number, block.text)]
    bracketed = first.group(1) is not None
    parts: list[tuple[int | None, str]] = []
    for line in lines:
        match = _ENTRY_NUMBER.match(line)
        number = int(match.group(1) or match.group(2)) if match else None
        # A wrapped line may start "2017. doi:...": numbered, it is taken as the next entry
        # only when it is the next number; a bracketed label is no such accident.
        same_kind = match is not None and (match.group(1) is not None) == bracketed
        previous = parts[-1][0] if parts else None
        if same_kind and (bracketed or not parts or number == (previous or 0) + 1):
            parts.append((number, line))
        elif parts:
            parts[-1] = (parts[-1][0], f"{parts[-1][1]}\n{line}")
    return parts


def reference_entries(blocks: Sequence[Block]) -> dict[int, Entry]:
    """Numbered entries of a References section: "1. ...", "[1] ..." or an ordered list item,
    one per paragraph or one per line (``_labelled_lines``)."""
    numbered: dict[int, Entry] = {}
    for block in blocks:
        for number, text in _labelled_lines(block):
            if number is None:
                continue
            refs = paper_refs([("text", text)])
            if number in numbered:  # a second paragraph of the same entry
                refs = tuple(dict.fromkeys((*numbered[number].refs, *refs)))
                text = f"{numbered[number].text} {text}"
            numbered[number] = Entry(f"[{number}]", refs, text=" ".join(text.split()))
    return numbered


def citation_tags(report: str) -> dict[str, str]:
    """Manubot citation tags: ``[@tag:name]: doi:10...`` lines."""
    return {m.group("tag"): m.group("target") for m in _TAG_DEFINITION.finditer(report)}


# What a bibliography sent as text (over HTTP or MCP), with no file name, is called.
UNNAMED = "the bibliography"


def _no_entries(name: str) -> str:
    subject = name if name == UNNAMED else f"bibliography {name}"
    return f"{subject} has no entries: the citations it was to resolve are not checked"


@dataclass(frozen=True)
class Bibliography:
    entries: Mapping[str, Entry] = field(default_factory=dict)
    numbered: Mapping[int, Entry] = field(default_factory=dict)
    tags: Mapping[str, str] = field(default_factory=dict)
    source: str | None = None
    unread: tuple[UnreadEntry, ...] = ()  # its blocks that could not be read as entries
    empty: tuple[str, ...] = ()  # its files that hold no entry
    # One line per file read by its content, not its name, and per crossref no entry has.
    read_as: tuple[str, ...] = ()

    def warnings(self) -> tuple[str, ...]:
        """What every surface says of it before the review: each file read as its content,
        not its name, says (CSL YAML in refs.bib), each entry whose crossref no entry has,
        then each file that holds no entry."""
        return (*dict.fromkeys(self.read_as), *self.empty_warnings())

    def empty_warnings(self) -> tuple[str, ...]:
        """One warning per file (or text) of it that holds no entry: said on every surface,
        as a citation it was to resolve is otherwise only "no bibliography entry"."""
        return tuple(_no_entries(name) for name in dict.fromkeys(self.empty))

    def with_document(self, numbered: Mapping[int, Entry], tags: Mapping[str, str]) -> Bibliography:
        return replace(self, numbered=numbered, tags={**self.tags, **tags})

    def resolve(self, citation: Citation) -> Resolution:
        if citation.style is CitationStyle.NUMBER:
            return self._number(int(citation.key))
        if citation.style is CitationStyle.IDENTIFIER:
            ref = try_parse_ref(citation.key)
            if ref is None:
                why = arxiv_id_error(citation.key)
                return Resolution(None, why or f"{citation.label} is not a valid arXiv id or DOI")
            return Resolution(ref)
        return self._key(citation.key, citation.label)

    def _number(self, number: int) -> Resolution:
        entry = self.numbered.get(number)
        if entry is None:
            return Resolution(None, f"no References entry numbered {number}")
        if not entry.refs:
            return Resolution(
                None, f"References entry [{number}] has no arXiv id or DOI to check against", entry
            )
        return Resolution(entry.refs[0], entry=entry)

    @cached_property
    def former_names(self) -> dict[PaperRef, tuple[str, ...]]:
        """The keys of the entries stored under a local name (those without an arXiv id or
        DOI), by their former name (``legacy_local_ref``)."""
        names: dict[PaperRef, tuple[str, ...]] = {}
        for key, entry in self.entries.items():
            former = legacy_local_ref(key) if not (entry.refs or entry.pubmed) else None
            if former is not None:
                names[former] = (*names.get(former, ()), key)
        return names

    def _keyed(self, entry: Entry) -> Resolution:
        if entry.refs:
            return Resolution(entry.refs[0], entry=entry)
        if entry.refused:
            return Resolution(None, f"bibliography entry {entry.key!r}: {entry.refused}", entry)
        name = f"bibliography entry {entry.key!r}"
        if entry.pubmed is not None:
            # Its PubMed id names the paper in every bibliography, as Manubot's @pmid:N does.
            note = f"{name} has no arXiv id or DOI, so it is looked up in the library as "
            return Resolution(entry.pubmed, entry=entry, note=f"{note}{entry.pubmed}")
        # No identifier: the paper may still be in the library, imported from the entry's
        # attached file under its citation key (``library import-bib``).
        local = local_ref(entry.key)
        if local is None:
            return Resolution(None, f"{name} has no arXiv id or DOI to check against", entry)
        # How to import its attached file is each surface's advice on the record's error
        # (``PaperNotInLibraryError.local``): the command line's import-bib, say.
        # A doi field that names no work is said, as ``refs`` says it: not silently passed over.
        why = f" ({entry.bad_doi})" if entry.bad_doi else ""
        note = f"{name} has no arXiv id or DOI{why}, so it is looked up in the library as {local}"
        former = legacy_local_ref(entry.key)
        sharing = self.former_names.get(former, ()) if former is not None else ()
        clash = tuple(k for k in sharing if k != entry.key)
        kept = former if former != local and not clash else None
        return Resolution(local, entry=entry, note=note, former=kept, clash=clash)

    @cached_property
    def _named(self) -> dict[str, str]:
        """Every key and alias (biblatex's ``ids``) a citation may give -> its entry's key
        (``citekeys.citable_names``: a key wins over an alias; the first alias wins)."""
        return citable_names((key, entry.aliases) for key, entry in self.entries.items())

    @cached_property
    def aliases(self) -> dict[str, Entry]:
        """The entries by the other keys they are cited by (biblatex's ``ids``), where no entry
        has that key itself."""
        return {n: self.entries[key] for n, key in self._named.items() if n not in self.entries}

    def keyed(self, key: str) -> Entry | None:
        """The entry whose key, else one of whose ``ids``, is ``key`` as written."""
        return self.entries.get(key) or self.aliases.get(key)

    def resolved_entry(self, key: str) -> Entry | None:
        """The entry a citation of ``key`` resolves to (``_key``): as written, an alias, else
        the one entry whose key or alias is it in another case; None where none is, or several
        are."""
        found = self.keyed(key)
        if found is not None:
            return found
        alike = self._alike(key)
        return alike[0][1] if len(alike) == 1 else None

    def entry(self, key: str) -> Entry | None:
        """The entry of citation key ``key`` (or an alias of it, biblatex's ``ids``), its case
        ignored where no key or alias matches exactly (the first such, where several entries
        do: ``_key`` refuses to resolve that citation)."""
        return self.keyed(key) or next((entry for _, entry in self._alike(key)), None)

    def _alike(self, key: str) -> list[tuple[str, Entry]]:
        """The entries whose key or alias is ``key`` in another case, each with that name (as
        BibTeX reads keys, and the library's reader reads them: ``citekeys``)."""
        return [(name, self.entries[self._named[name]]) for name in names_alike(key, self._named)]

    def _key(self, key: str, label: str | None = None) -> Resolution:
        alike = self._alike(key) if self.keyed(key) is None else []
        if len(alike) > 1:
            # BibTeX reads keys in any case, so a key in a third case may mean either entry:
            # taking the first would check the claim against a paper perhaps not cited.
            keys = " and ".join(repr(name) for name, _ in alike)
            return Resolution(
                None,
                f"{label or '@' + key} is ambiguous: the bibliography has {keys}, which differ "
                "only in case; cite one as written",
            )
        entry = self.entry(key)
        if entry is not None:
            return self._keyed(entry)
        prefix, _, rest = key.partition(":")
        prefix = prefix.lower()
        if prefix == "tag" and rest:
            target = self.tags.get(rest)
            if target is None:
                return Resolution(None, f"no definition of the citation tag {rest!r}")
            return self._target(target, f"its tag points to {target}, which is")
        if prefix in _MANUBOT_PREFIXES:
            if prefix == "doi" and rest.startswith("10/"):
                return Resolution(None, "a short DOI, which cannot be resolved offline")
            found = self._target(key, f"{key!r} is")
            if found.ref is None and prefix == "doi" and label and label.startswith("@"):
                # Pandoc ends a key at "(" or "<": a SICI DOI is cut to "doi:10.1002/".
                hint = "a DOI holding characters that end a citation key, such as ( or <, is "
                hint += "cited in braces: [@{doi:10.1002/(SICI)...}]"
                return replace(found, error=f"{found.error}; {hint}")
            return found
        if prefix in _URL_PREFIXES:
            return self._target(rest if prefix == "url" else key, "a web address,")
        broken = next((u for u in self.unread if (u.key or "").casefold() == key.casefold()), None)
        if broken is not None:
            why = f": {broken.why}" if broken.why else ""
            cited = label or "@" + key
            return Resolution(
                None, f"the bibliography entry for {cited} ({broken.where}) could not be read{why}"
            )
        # prefix:id, a local library reference such as Manubot's @pmid:123. Only a Markdown
        # key ("@..."), with its prefix in lower case as Manubot writes it: a LaTeX key is a
        # BibTeX key, and "Virtanen:2020ab" (JabRef's, Google Scholar's style) names an entry.
        pandoc = label is None or label.startswith("@")
        written_prefix = key.partition(":")[0]
        ref = try_parse_ref(key) if rest and pandoc and written_prefix.islower() else None
        if ref is not None:
            return Resolution(ref)
        where = f" in {self.source}" if self.source else " (no bibliography was given)"
        return Resolution(None, f"no bibliography entry for {label or '@' + key}{where}")

    @staticmethod
    def _target(value: str, what: str) -> Resolution:
        ref = try_parse_ref(value)
        if ref is None or ref.kind is RefKind.LOCAL:
            why = arxiv_id_error(value)
            return Resolution(None, why or f"{what} not an arXiv id or DOI")
        return Resolution(ref)
