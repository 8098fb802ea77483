"""Resolving citations to papers: a BibTeX or CSL-JSON file, the report's own References section,
Manubot citation tags, and keys that are references themselves (``@doi:...``, ``@arxiv:...``).

Every resolution ends in a ``PaperRef`` (``claimaudit.identity``) or a one-line reason why not.
An entry with both an arXiv id and a DOI resolves to the arXiv id: arXiv ids carry versions, so
the edition checked can be verified.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from claimaudit.errors import BibliographyError, InvalidTextError, NestingError
from claimaudit.identity import PaperRef, RefKind, try_parse_ref
from claimaudit.review.citations import Citation, CitationStyle, find_citations
from claimaudit.review.document import Block
from claimaudit.untrusted import check_brace_depth, check_text, load_json

# Fields whose whole value is an identifier, then fields searched for identifiers in their text.
_ID_FIELDS = ("eprint", "arxiv", "arxivid", "doi")
_TEXT_FIELDS = ("url", "note", "journal", "howpublished", "number", "archive_location", "id")
_ARXIV_ARCHIVES = {"arxiv"}
_TAG_DEFINITION = re.compile(r"^\[@tag:(?P<tag>[^\]\s]+)\]:[ \t]*(?P<target>\S+)[ \t]*$", re.M)
_ENTRY_NUMBER = re.compile(r"^\s*(?:\[(\d+)\]|(\d+)[.)])\s")
_MANUBOT_PREFIXES = {"doi", "arxiv"}
_URL_PREFIXES = {"url", "http", "https"}
# Far beyond any real bibliography (tens of thousands of entries are a few MiB).
MAX_BIBLIOGRAPHY_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class Entry:
    key: str
    refs: tuple[PaperRef, ...]  # arXiv first, then DOI
    title: str | None = None


@dataclass(frozen=True)
class Resolution:
    ref: PaperRef | None
    error: str | None = None


def _paper_refs(values: Iterable[tuple[str, str]]) -> tuple[PaperRef, ...]:
    """arXiv and DOI references in (field, value) pairs, arXiv first, each once."""
    found: list[PaperRef] = []
    for name, value in values:
        if name in _ID_FIELDS:
            ref = try_parse_ref(value.strip())
            refs = [ref] if ref is not None else []
        else:
            keys = [c.key for c in find_citations(value) if c.style is CitationStyle.IDENTIFIER]
            refs = [r for r in map(try_parse_ref, keys) if r is not None]
        found.extend(r for r in refs if r.kind is not RefKind.LOCAL and r not in found)
    return tuple(sorted(found, key=lambda r: r.kind is not RefKind.ARXIV))


def _clean(value: str) -> str:
    return " ".join(value.replace("{", "").replace("}", "").split())


def _bibtex_entries(text: str) -> dict[str, Entry]:
    # Imported on use: every command loads this module, few reviews need BibTeX.
    from bibtexparser.entrypoint import parse_string

    # bibtexparser logs each block it cannot parse to stderr (Python's last-resort handler);
    # the failure is reported once, as our own one-line error, instead.
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        library = parse_string(text)
    finally:
        logger.setLevel(level)
    entries: dict[str, Entry] = {}
    for item in library.entries:
        fields = {name.lower(): str(f.value) for name, f in item.fields_dict.items()}
        archive = (fields.get("archiveprefix") or fields.get("eprinttype") or "").lower()
        pairs = [(name, fields[name]) for name in _ID_FIELDS if name in fields]
        if "eprint" in fields and archive and archive not in _ARXIV_ARCHIVES:
            pairs = [p for p in pairs if p[0] != "eprint"]  # an eprint of another archive
        pairs += [(name, fields[name]) for name in _TEXT_FIELDS if name in fields]
        title = _clean(fields["title"]) if "title" in fields else None
        entries[item.key] = Entry(item.key, _paper_refs(pairs), title)
    if not entries and library.failed_blocks:
        first = library.failed_blocks[0]
        error = getattr(first, "error", None)
        why = " ".join(str(getattr(error, "abort_reason", None) or error or "").split())
        start = first.start_line
        line = f"entry starting on line {start + 1}: " if start is not None else ""
        where = f" ({line}{why})" if why else ""
        raise BibliographyError(f"no BibTeX entry could be parsed{where}")
    return entries


def _csl_entries(data: Any) -> dict[str, Entry]:
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise BibliographyError("CSL-JSON must be a list of objects")
    entries: dict[str, Entry] = {}
    for item in data:
        key = item.get("id")
        if not isinstance(key, str | int):
            continue
        fields = {str(k).lower(): str(v) for k, v in item.items() if isinstance(v, str | int)}
        pairs = [(name, fields[name]) for name in _ID_FIELDS if name in fields]
        pairs += [(name, fields[name]) for name in _TEXT_FIELDS if name in fields]
        title = fields.get("title")
        entries[str(key)] = Entry(str(key), _paper_refs(pairs), title)
    return entries


BibliographyFormat = Literal["bibtex", "csl-json"]


def parse_bibliography(
    text: str, *, kind: BibliographyFormat | None = None, source: str | None = None
) -> Bibliography:
    """Parse BibTeX or CSL-JSON text (``kind``; by default JSON when it starts with ``[`` or
    ``{``); BibliographyError if unusable. ``source`` names it in messages (a file, say)."""
    name = f"bibliography {source}" if source else "the bibliography"
    is_json = kind == "csl-json" if kind is not None else text.lstrip()[:1] in ("[", "{")
    try:
        check_text(text, name)
        if is_json:
            entries = _csl_entries(load_json(text))
        else:
            check_brace_depth(text)
            entries = _bibtex_entries(text)
    except json.JSONDecodeError as error:
        raise BibliographyError(f"{name} is not valid JSON: {error}") from None
    except (NestingError, InvalidTextError) as error:
        raise BibliographyError(f"{name}: {error}") from None
    if not entries:
        raise BibliographyError(f"{name} holds no entries")
    return Bibliography(entries=entries, source=source or "the bibliography")


def load_bibliography(path: Path) -> Bibliography:
    """Read a BibTeX (``.bib``) or CSL-JSON (``.json``) file; BibliographyError if unusable."""
    if path.is_dir():
        raise BibliographyError(f"bibliography {path} is a folder; give a .bib or .json file")
    try:
        if path.stat().st_size > MAX_BIBLIOGRAPHY_BYTES:
            limit = MAX_BIBLIOGRAPHY_BYTES // (1024 * 1024)
            raise BibliographyError(f"bibliography {path} is over {limit} MiB")
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise BibliographyError(
            f"cannot read bibliography {path}: not UTF-8 text (invalid byte at offset "
            f"{error.start})"
        ) from None
    except OSError as error:
        raise BibliographyError(
            f"cannot read bibliography {path}: {error.strerror or error}"
        ) from None
    kind: BibliographyFormat | None = "csl-json" if path.suffix.lower() == ".json" else None
    return parse_bibliography(text, kind=kind, source=str(path))


def reference_entries(blocks: Sequence[Block]) -> dict[int, Entry]:
    """Numbered entries of a References section: "1. ...", "[1] ..." or an ordered list item."""
    numbered: dict[int, Entry] = {}
    for block in blocks:
        match = _ENTRY_NUMBER.match(block.text)
        number = int(match.group(1) or match.group(2)) if match else block.number
        if number is None:
            continue
        refs = _paper_refs([("text", block.text)])
        if number in numbered:  # a second paragraph of the same entry
            refs = tuple(dict.fromkeys((*numbered[number].refs, *refs)))
        numbered[number] = Entry(f"[{number}]", refs)
    return numbered


def citation_tags(report: str) -> dict[str, str]:
    """Manubot citation tags: ``[@tag:name]: doi:10...`` lines."""
    return {m.group("tag"): m.group("target") for m in _TAG_DEFINITION.finditer(report)}


@dataclass(frozen=True)
class Bibliography:
    entries: Mapping[str, Entry] = field(default_factory=dict)
    numbered: Mapping[int, Entry] = field(default_factory=dict)
    tags: Mapping[str, str] = field(default_factory=dict)
    source: str | None = None

    def with_document(self, numbered: Mapping[int, Entry], tags: Mapping[str, str]) -> Bibliography:
        return Bibliography(self.entries, numbered, {**self.tags, **tags}, self.source)

    def resolve(self, citation: Citation) -> Resolution:
        if citation.style is CitationStyle.NUMBER:
            return self._number(int(citation.key))
        if citation.style is CitationStyle.IDENTIFIER:
            ref = try_parse_ref(citation.key)
            if ref is None:
                return Resolution(None, f"{citation.label} is not a valid arXiv id or DOI")
            return Resolution(ref)
        return self._key(citation.key)

    def _number(self, number: int) -> Resolution:
        entry = self.numbered.get(number)
        if entry is None:
            return Resolution(None, f"no References entry numbered {number}")
        return self._entry(entry, f"References entry [{number}]")

    @staticmethod
    def _entry(entry: Entry, name: str) -> Resolution:
        if not entry.refs:
            return Resolution(None, f"{name} has no arXiv id or DOI to check against")
        return Resolution(entry.refs[0])

    def _key(self, key: str) -> Resolution:
        entry = self.entries.get(key) or next(
            (e for k, e in self.entries.items() if k.casefold() == key.casefold()), None
        )
        if entry is not None:
            return self._entry(entry, f"bibliography entry {key!r}")
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
            return self._target(key, f"{key!r} is")
        if prefix in _URL_PREFIXES:
            return self._target(rest if prefix == "url" else key, "a web address,")
        ref = try_parse_ref(key) if rest else None
        if ref is not None:
            return Resolution(ref)  # prefix:id, a local library reference such as pmid:123
        where = f" in {self.source}" if self.source else " (no bibliography was given)"
        return Resolution(None, f"no bibliography entry for @{key}{where}")

    @staticmethod
    def _target(value: str, what: str) -> Resolution:
        ref = try_parse_ref(value)
        if ref is None or ref.kind is RefKind.LOCAL:
            return Resolution(None, f"{what} not an arXiv id or DOI")
        return Resolution(ref)
