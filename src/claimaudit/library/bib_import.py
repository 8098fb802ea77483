"""``library import-bib``: a reference manager's export (BibTeX or CSL-JSON) into the library.

Each entry with an attached paper file (see ``bib_files``) is ingested under the reference its
arXiv id or DOI gives (an arXiv eprint, a ``doi`` field, or one in its URL: the same rule that
resolves a draft's citations, ``claimaudit.review.bibliography``), else under
``local:<citekey>``, which is what a review then looks the key up by. An entry without a file
is listed; with ``fetch``, one with an arXiv id is downloaded from arXiv instead. Nothing stops
the import: each entry ends added, replaced, skipped (already there with the same text),
failed (with why; a later entry of a reference an earlier one stored fails, naming it, so that
two entries of one paper never replace each other) or without a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from claimaudit.bibfile import BibRecord, UnreadEntry, read_bib
from claimaudit.errors import ClaimauditError, ContentConflictError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import read_regular
from claimaudit.identity import PaperRef, RefKind
from claimaudit.library.bib_files import (
    NOT_REGULAR,
    WEB_ADDRESS,
    Attachment,
    attachments,
    file_directories,
)
from claimaudit.library.models import AddOutcome
from claimaudit.library.store import Library
from claimaudit.review.bibliography import entry_of, local_ref
from claimaudit.sources.arxiv import ArxivClient


class ImportStatus(StrEnum):
    ADDED = "added"
    REPLACED = "replaced"
    SKIPPED = "skipped"  # already in the library with the same text
    FAILED = "failed"
    NO_FILE = "no_file"  # nothing attached (and not fetched)


@dataclass(frozen=True)
class EntryImport:
    key: str
    status: ImportStatus
    ref: PaperRef | None
    detail: str  # the file read, or why it failed, or what could be fetched
    title: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {
            "key": self.key,
            "status": self.status.value,
            "ref": None if self.ref is None else str(self.ref),
            "detail": self.detail,
            "title": self.title,
        }


@dataclass
class ImportSummary:
    entries: list[EntryImport] = field(default_factory=list)
    unread: tuple[UnreadEntry, ...] = ()  # blocks of the file that could not be read as entries

    def count(self, status: ImportStatus) -> int:
        return sum(e.status is status for e in self.entries)

    def of(self, *statuses: ImportStatus) -> list[EntryImport]:
        return [e for e in self.entries if e.status in statuses]

    def to_dict(self) -> dict[str, object]:
        return {
            "added": self.count(ImportStatus.ADDED),
            "replaced": self.count(ImportStatus.REPLACED),
            "skipped": self.count(ImportStatus.SKIPPED),
            "failed": self.count(ImportStatus.FAILED),
            "noFile": self.count(ImportStatus.NO_FILE),
            "entries": [e.to_dict() for e in self.entries],
            **({"unreadEntries": [u.to_dict() for u in self.unread]} if self.unread else {}),
        }


# What an entry that reached the library ended as: its reference holds its paper.
_STORED = (ImportStatus.ADDED, ImportStatus.REPLACED, ImportStatus.SKIPPED)


def entry_ref(record: BibRecord) -> PaperRef | None:
    """The reference an entry's paper is stored under: its arXiv id or DOI, else its PubMed
    id (``pmid:N``), else its key."""
    entry = entry_of(record)
    return entry.refs[0] if entry.refs else entry.pubmed or local_ref(record.key)


def _outcome(outcome: AddOutcome) -> ImportStatus:
    return {
        AddOutcome.ADDED: ImportStatus.ADDED,
        AddOutcome.REPLACED: ImportStatus.REPLACED,
        AddOutcome.UNCHANGED: ImportStatus.SKIPPED,
    }[outcome]


# How the caller's surface words an error: its message plus that surface's advice.
Explain = Callable[[ClaimauditError], str]


def _add_file(
    library: Library,
    record: BibRecord,
    ref: PaperRef,
    files: list[Attachment],
    replace: bool,
    explain: Explain,
) -> EntryImport:
    # PDF extraction is heavy: on use.
    from claimaudit.library.add_file import add_file
    from claimaudit.library.ingest import tidy_title

    found = next((a for a in files if a.path is not None), None)
    if found is None or found.path is None:
        if all(a.web for a in files):  # not a missing file: a link, never downloaded
            why = f"attached file is {WEB_ADDRESS} ({', '.join(a.written for a in files)})"
        else:
            # Not "not found" when one is there but is no file to read (a FIFO, a device).
            head = "cannot be read" if any(a.problem == NOT_REGULAR for a in files) else "not found"
            why = "attached file {} ({})".format(
                head, "; ".join(f"{a.written}: {a.problem}" for a in files)
            )
        return EntryImport(record.key, ImportStatus.FAILED, ref, why)
    try:
        # The add ``library add`` makes: identical content with another title, a copy that
        # stored versions of its work outrank, are treated and said alike.
        settled = add_file(library, found.path, ref=ref, title=record.title, replace=replace)
    except ClaimauditError as error:
        why = _naming(found.path, explain(error)) + _another_paper(library, record, ref, error)
        return EntryImport(record.key, ImportStatus.FAILED, ref, why)
    except OSError as error:
        return EntryImport(
            record.key, ImportStatus.FAILED, ref, f"{found.path}: {error.strerror or error}"
        )
    added = settled.result
    status = _outcome(added.outcome)
    notes = list(added.warnings)
    if settled.retitled:  # the same text: only its title was replaced
        status = ImportStatus.REPLACED
        notes.insert(0, "the same text, retitled with the entry's title")
    elif settled.title_kept:
        notes.insert(
            0,
            f"stored with the same text, titled {added.title!r}, not the entry's "
            f"{tidy_title(record.title)!r}; --replace retitles it",
        )
    # A file that names another paper than its entry is stored all the same (the entry's
    # reference wins), with why it may be the wrong file beside it.
    detail = "; ".join([str(found.path), *notes])
    return EntryImport(record.key, status, added.ref, detail, added.title)


def _another_paper(
    library: Library, record: BibRecord, ref: PaperRef, error: ClaimauditError
) -> str:
    """What a conflict under an entry's local name holds, where its title is not the entry's:
    a library shared by projects may hold another bibliography's ``smith2020`` there, which
    ``--replace`` (the advice for a conflict) would overwrite. Empty otherwise."""
    from claimaudit.refcheck.compare import titles_match

    title = record.title
    if not isinstance(error, ContentConflictError) or ref.kind is not RefKind.LOCAL or not title:
        return ""
    stored = library.get_paper(ref, exact=True)
    if stored is None or titles_match(title, stored.title):
        return ""
    return (
        f"; the paper stored there is titled {stored.title!r}, not {title!r}: perhaps another "
        f"bibliography's {record.key!r}, which --replace would overwrite (give this entry a DOI "
        "or arXiv id, or keep this project's papers in a library of their own, --library)"
    )


def _naming(path: Path, why: str) -> str:
    """``why`` the file at ``path`` was not added, naming it once: most readers' errors start
    with the file (or the file of a folder) already, as ``shown_name`` shows it."""
    shown = shown_name(path)
    return why if shown in why else f"{shown}: {why}"


def _fetch(
    library: Library,
    record: BibRecord,
    ref: PaperRef,
    client: ArxivClient,
    replace: bool,
    explain: Explain,
) -> EntryImport:
    from claimaudit.library.arxiv import add_from_arxiv

    try:
        added = add_from_arxiv(library, ref, client, replace=replace)
    except ClaimauditError as error:
        return EntryImport(record.key, ImportStatus.FAILED, ref, f"arXiv: {explain(error)}")
    return EntryImport(record.key, _outcome(added.outcome), added.ref, "from arXiv", added.title)


def import_entries(
    library: Library,
    path: Path,
    *,
    fetch: bool = False,
    replace: bool = False,
    client: Callable[[], ArxivClient] = ArxivClient,
    on_entry: Callable[[EntryImport], None] | None = None,
    on_unread: Callable[[UnreadEntry], None] | None = None,
    explain: Explain = str,
    on_note: Callable[[str], None] | None = None,
) -> ImportSummary:
    """Import every entry of the BibTeX or CSL-JSON file at ``path``; BibliographyError when
    the file cannot be read. ``client`` makes the arXiv client, on first use. ``on_unread``
    hears of each block that could not be read as an entry, before any import, and
    ``on_note`` of a file read by its content, not its name (CSL YAML in refs.bib), and of
    each entry whose ``crossref`` no entry has. ``explain`` words an entry's failure (the
    command line adds its advice: ``--replace``)."""
    found = read_bib(path)
    if on_note is not None:
        for note in (found.note, *found.warnings):  # a crossref no entry has, too
            if note is not None:
                on_note(note)
    if on_unread is not None:
        for unread in found.unread:
            on_unread(unread)
    # read_bib has vetted the file (regular, within the limit, UTF-8); its text again, for the
    # folders its ``file`` fields are relative to.
    raw = read_regular(path) if path.suffix.lower() != ".json" else b""
    text = raw.decode("utf-8-sig")
    folders = file_directories(text, path.resolve().parent)
    summary = ImportSummary(unread=found.unread)
    made: list[ArxivClient] = []
    late: list[EntryImport] = []  # an entry stored just before an interrupt
    try:
        each = _each(library, found.records, folders, fetch, replace, client, made, explain, late)
        for result in each:
            summary.entries.append(result)
            if on_entry is not None:
                on_entry(result)
    except KeyboardInterrupt:
        # Stored is said: the entry whose commit the interrupt followed is reported as those
        # before it, so that every paper the command stored has its line.
        for result in late:
            summary.entries.append(result)
            if on_entry is not None:
                on_entry(result)
        raise
    finally:
        for arxiv in made:
            arxiv.close()
    return summary


def _each(
    library: Library,
    records: list[BibRecord],
    folders: list[Path],
    fetch: bool,
    replace: bool,
    client: Callable[[], ArxivClient],
    made: list[ArxivClient],
    explain: Explain,
    late: list[EntryImport],
) -> Iterator[EntryImport]:
    # The first entry that stored each reference: a later one with the same reference (two
    # entries of one paper) would replace it, and a rerun with --replace swap them back.
    stored_by: dict[PaperRef, str] = {}
    for record in records:
        refused = entry_of(record).refused
        if refused:
            yield EntryImport(record.key, ImportStatus.FAILED, None, refused)
            continue
        ref = entry_ref(record)
        if ref is None:
            yield EntryImport(
                record.key, ImportStatus.FAILED, None, "its key cannot be a library reference"
            )
            continue
        files = attachments(record.fields.get("file", ""), folders)
        fetched = not files and fetch and ref.kind is RefKind.ARXIV
        if not files and not fetched:
            yield _no_file(library, record, ref)
            continue
        if ref in stored_by:
            yield EntryImport(
                record.key,
                ImportStatus.FAILED,
                ref,
                f"the same reference as entry {stored_by[ref]}, earlier in this file, whose "
                "paper is stored under it; not imported (merge the two entries)",
            )
            continue
        # What an interrupt just after the commit leaves to say: whether the reference held a
        # paper already (the add's own outcome is lost with it).
        before, held = len(library.stored), library.get_paper(ref, exact=True) is not None
        try:
            if files:
                result = _add_file(library, record, ref, files, replace, explain)
            else:
                if not made:
                    made.append(client())
                result = _fetch(library, record, ref, made[0], replace, explain)
        except KeyboardInterrupt:
            status = ImportStatus.REPLACED if held else ImportStatus.ADDED
            for stored in library.stored[before:]:
                late.append(EntryImport(record.key, status, stored, "stored as it was interrupted"))
            raise
        if result.status in _STORED:
            stored_by.setdefault(ref, record.key)
        yield result


def _no_file(library: Library, record: BibRecord, ref: PaperRef) -> EntryImport:
    held = library.get_paper(ref)
    if held is not None:  # nothing to fetch: the check will read the stored copy
        hint = f"; the library already holds {held.ref}"
    elif ref.kind is RefKind.ARXIV:
        hint = "; --fetch downloads it from arXiv"
    else:
        hint = ""
    return EntryImport(record.key, ImportStatus.NO_FILE, ref, f"no attached file{hint}")
