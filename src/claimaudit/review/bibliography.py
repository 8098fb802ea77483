"""Resolving citations to papers: a BibTeX or CSL-JSON file, the report's own References section,
Manubot citation tags, and keys that are references themselves (``@doi:...``, ``@arxiv:...``).

Every resolution ends in a ``PaperRef`` (``claimaudit.identity``) or a one-line reason why not.
This module reads bibliography files and text into a ``Bibliography``; the parts live apart,
each with its own reason to change, and are exported from here as before:

- ``entry``: an ``Entry``, and ``two_identifiers`` (an entry naming two works);
- ``entry_ids``: the arXiv ids and DOIs an entry's fields name (``entry_of``, ``paper_refs``);
- ``local_refs``: the library name of an entry with neither (``local_ref``, ``legacy_local_ref``);
- ``reference_list``: a draft's References section and citation tags;
- ``resolution``: ``Bibliography`` and ``Resolution``, a citation resolved through it.
"""

from __future__ import annotations

from claimaudit.bibfile import (
    BibFormat,
    UnreadEntry,
    csl_read_as_bibtex,
    parse_bib,
    read_bibs,
)
from claimaudit.guards.userfiles import PathArg, as_path
from claimaudit.review.bibliography_arguments import check_load_args, check_parse_args
from claimaudit.review.entry import Entry, two_identifiers
from claimaudit.review.entry_ids import entry_of, paper_refs
from claimaudit.review.local_refs import legacy_local_ref, local_ref
from claimaudit.review.reference_list import citation_tags, reference_entries
from claimaudit.review.resolution import UNNAMED, Bibliography, Resolution

__all__ = [
    "UNNAMED",
    "Bibliography",
    "Entry",
    "Resolution",
    "citation_tags",
    "entry_of",
    "legacy_local_ref",
    "load_bibliography",
    "local_ref",
    "paper_refs",
    "parse_bibliography",
    "reference_entries",
    "two_identifiers",
]


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
    files = [as_path(path, "a bibliography") for path in paths]
    # Read as one, so that a crossref parent kept in another of the files is found.
    for path, found in zip(files, read_bibs(files, allow_empty=allow_empty), strict=True):
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
