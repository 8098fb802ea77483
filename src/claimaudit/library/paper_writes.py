"""Writing a paper and its passages into the library, inside a write transaction the caller
holds (``Library``): added, left as it is, or replaced (the rule of which reading replaces
which), and removed. Writing the passages writes the full-text index too (triggers)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from claimaudit.errors import (
    AmbiguousPaperError,
    ContentConflictError,
    LibraryError,
)
from claimaudit.identity import PaperRef
from claimaudit.library._derived import forget_judgements
from claimaudit.library.models import AddOutcome, NewPaper, StoredPaper
from claimaudit.library.paper_rows import candidates, not_found
from claimaudit.library.search_text import search_text
from claimaudit.passage import Passage


def add_paper(conn: sqlite3.Connection, paper: NewPaper, replace: bool) -> AddOutcome:
    """Store ``paper`` (``Library.add_paper``)."""
    if not paper.passages:
        raise LibraryError(f"{paper.ref}: no passages to store")
    row = conn.execute(
        "SELECT id, content_hash, extractor FROM papers WHERE ref = ?", (str(paper.ref),)
    ).fetchone()
    outcome = AddOutcome.ADDED
    if row is not None:
        same_reader = paper.extractor is None or row[2] == paper.extractor
        # The same file read by a newer version of its reader replaces the older reading by
        # itself; another reader (the same bytes named .md, not .txt) or an older version
        # (a newer claimaudit stored it) replaces nothing unless asked to.
        rereads = replace or _newer_reading(row[2], paper.extractor)
        if row[1] == paper.content_hash and (same_reader or not rereads):
            return AddOutcome.UNCHANGED
        if row[1] != paper.content_hash and not replace:
            raise ContentConflictError(
                f"{paper.ref} is already in the library with different content"
                + _older_reading(row[2], paper.extractor),
                ref=str(paper.ref),
            )
        delete_paper(conn, int(row[0]))
        if row[1] != paper.content_hash:
            # Its judgements quote the replaced text and never match the new one. A new
            # reading of the same file keeps them: one giving the same passages reuses them.
            forget_judgements(conn, str(paper.ref))
        outcome = AddOutcome.REPLACED
    paper_id = _next_paper_id(conn)
    conn.execute(
        "INSERT INTO papers (id, ref, kind, work, version, title, url, source_path, "
        "content_hash, ingested_at, authors, source_format, extractor) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            paper_id,
            str(paper.ref),
            paper.ref.kind.value,
            paper.ref.work,
            paper.ref.version,
            paper.title,
            paper.url,
            paper.source_path,
            paper.content_hash,
            datetime.now(UTC).isoformat(timespec="seconds"),
            paper.authors,
            paper.source_format,
            paper.extractor,
        ),
    )
    insert_passages(conn, paper_id, paper.passages)
    return outcome


def _next_paper_id(conn: sqlite3.Connection) -> int:
    """An id above every paper's and every stored passage's paper: passages left behind by a
    paper deleted outside claimaudit (foreign keys off) keep its id, and SQLite's own choice
    (the highest paper id plus one) would give it to the new paper, whose passages then
    collide with them. Chosen under the write lock, so no other writer takes it; two index
    lookups (the passages' by their ``UNIQUE (paper_id, seq)`` index)."""
    row = conn.execute(
        "SELECT max(coalesce((SELECT max(id) FROM papers), 0), "
        "coalesce((SELECT max(paper_id) FROM passages), 0)) + 1"
    ).fetchone()
    return int(row[0])


def insert_passages(conn: sqlite3.Connection, paper_id: int, passages: list[Passage]) -> None:
    conn.executemany(
        "INSERT INTO passages (paper_id, seq, passage_id, section, text, search_text, "
        "search_section, page_start, page_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                paper_id,
                i,
                p.passage_id,
                p.section,
                p.text,
                search_text(p.text),
                None if p.section is None else search_text(p.section),
                *(p.pages or (None, None)),
            )
            for i, p in enumerate(passages)
        ],
    )


def delete_paper(conn: sqlite3.Connection, paper_id: int) -> None:
    # Delete passages explicitly (not only by cascade) so the FTS triggers surely run.
    conn.execute("DELETE FROM passages WHERE paper_id = ?", (paper_id,))
    conn.execute("DELETE FROM papers WHERE id = ?", (paper_id,))


def remove_paper(conn: sqlite3.Connection, ref: PaperRef, *, exact: bool) -> StoredPaper:
    """Remove the one paper ``ref`` names (``Library.remove``)."""
    found = candidates(conn, ref, exact=exact)
    if not found:
        raise not_found(conn, ref, newest=False)
    if len(found) > 1:
        names = ", ".join(str(p.ref) for _, p in found)
        raise AmbiguousPaperError(
            f"{ref} matches several stored copies ({names}): name one",
            unversioned=any(p.ref == ref for _, p in found),
        )
    paper_id, paper = found[0]
    delete_paper(conn, paper_id)
    # Its cached judgements quote its text as evidence: that text goes with it.
    forget_judgements(conn, str(paper.ref))
    return paper


def _newer_reading(stored: str | None, reader: str | None) -> bool:
    """Whether ``reader`` is a newer version of the reader that read the stored copy
    (``latex/40`` after ``latex/14``), or the stored reading's reader was not recorded or
    cannot be read (no ``format/number``): such a reading is older than any this version makes."""
    if reader is None:
        return False
    old_format, _, old_number = (stored or "").rpartition("/")
    new_format, _, new_number = reader.rpartition("/")
    if not _version_number(old_number) or not _version_number(new_number):
        return True
    return old_format == new_format and int(old_number) < int(new_number)


def _version_number(text: str) -> bool:
    # ASCII digits only: "²" is a digit to Python, and no number to int().
    return text.isascii() and text.isdigit()


def _older_reading(stored: str | None, reader: str | None) -> str:
    """What to add to a conflict where an older reader read the stored copy: the hash covers
    the files a reader reads, and a newer one may read more of them (LaTeX's ``.bib`` from
    ``latex/15``), so unchanged files may hash otherwise. Nothing tells which, so both are said;
    "" where the readers are one, or the stored one is newer."""
    if not _newer_reading(stored, reader):
        return ""
    return (
        f", or was read from the same files by an older reader ({stored or 'unrecorded'}; this "
        f"version's {reader} may read more of them, such as a bibliography, and so hash them "
        "otherwise)"
    )
