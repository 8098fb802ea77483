"""Plain records passed between extraction, storage and the CLI."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from claimaudit.identity import PaperRef
from claimaudit.passage import Passage


@dataclass(frozen=True)
class TextBlock:
    """A paragraph as an extractor found it, before passage sizing."""

    text: str
    section: str | None = None
    # The pages it is printed on (first, last), where the format has pages (PDF).
    pages: tuple[int, int] | None = None
    # "text", "list" (an item), "caption", "footnote" or "table" (a Markdown pipe table's
    # cells): only text paragraphs are ever joined.
    kind: str = "text"
    # Where each page after its first begins: (how many of its words come before, the page).
    # A paragraph cut into passages gives each piece only the pages its own words are on;
    # with none given, a paragraph on several pages gives every piece all of them.
    page_starts: tuple[tuple[int, int], ...] = ()
    # Whether the source opens a new paragraph here (a blank line before it): such a block
    # never carries on the text before it. False where the format cannot tell (a PDF's
    # paragraph may be broken across a page or column).
    new_paragraph: bool = False


@dataclass(frozen=True)
class NewPaper:
    """Everything needed to store one paper; passages are already sized and in order."""

    ref: PaperRef
    title: str
    passages: list[Passage]
    content_hash: str
    url: str | None = None
    source_path: str | None = None
    authors: str | None = None
    # What the text was read from ("pdf", "latex", "markdown", "text", "jsonl") and by which
    # version of its extractor: a newer extractor re-reads the same file.
    source_format: str | None = None
    extractor: str | None = None


@dataclass(frozen=True)
class StoredPaper:
    ref: PaperRef
    title: str
    url: str | None
    source_path: str | None
    content_hash: str
    ingested_at: datetime
    passage_count: int
    authors: str | None = None
    source_format: str | None = None
    extractor: str | None = None


@dataclass(frozen=True)
class SearchHit:
    ref: PaperRef
    title: str
    passage_id: str
    section: str | None
    text: str
    score: float
    # The first and last page the passage is printed on (PDF papers), as ``Passage.pages``.
    pages: tuple[int, int] | None = None
    # An unversioned copy beside stored versions: its plain ref resolves to the newest version,
    # so only ``--exact`` (``exact=True``) reaches this copy.
    exact: bool = False


class AddOutcome(StrEnum):
    """What adding a paper did: stored it anew, replaced other content under its reference, or
    found identical content already stored."""

    ADDED = "added"
    REPLACED = "replaced"
    UNCHANGED = "unchanged"


@dataclass(frozen=True)
class ExtractedDocument:
    """What an extractor read from a file or folder, before passages are sized and stored."""

    blocks: list[TextBlock]
    # SHA-256 over every source file read (names and bytes): equal hash means identical input.
    content_hash: str
    source_bytes: int
    title: str | None = None
    # References found inside the document (PDF metadata); the file name is checked separately.
    ref_hints: tuple[PaperRef, ...] = ()
    authors: str | None = None
    source_format: str = "text"
    # What the reader read but would have the user look at (a LaTeX file cut short): said on
    # ``library add``, as ``AddResult.warnings``; the text is read all the same.
    warnings: tuple[str, ...] = ()
