"""Reading a PDF's text layer with pypdfium2: characters grouped into positioned segments.

A segment is a run of characters on one baseline with no wide horizontal gap: a line of a
column, a line number, a page number. Layout decisions (columns, gutters, headers, paragraphs)
are made later from the segments' geometry and fonts; this module only reads. Here: the file
opened (refused with one line when encrypted, truncated, unreadable or over ``MAX_PAGES``
pages), its metadata, and each page's size, characters (``pdf_chars``), segments
(``pdf_segments``) and drawn boxes. The text and rules of a ruled table (``pdf_ruled``) and of
a table between horizontal rules (``pdf_booktabs``) are left out here, where the page's drawing
is at hand: no fraction bar, box or paragraph is read from them.

Coordinates run top-down (``top`` grows down the page), in PDF points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import scrub_surrogates
from claimaudit.library.pdf.booktabs import OpenTable, rule_bands
from claimaudit.library.pdf.boxes import Box, drawn_boxes
from claimaudit.library.pdf.chars import page_chars, with_underscores
from claimaudit.library.pdf.fractions import fraction_bars, with_fractions
from claimaudit.library.pdf.note_rules import NoteRule, note_rules
from claimaudit.library.pdf.ruled import in_grid, ruled_grids, without_rules
from claimaudit.library.pdf.rules import drawn_shapes, short_rules
from claimaudit.library.pdf.segments import Segment, segments_from

__all__ = ["PageText", "PdfText", "Segment", "read_pdf"]

# pdfium's code for a password it does not have (FPDF_ERR_PASSWORD).
_ERR_PASSWORD = 4
# A page object's type entry (not the page tree's, "/Pages").
_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
# The document entries read; Producer and Creator name the program that set the text.
_METADATA_KEYS = ("Title", "Author", "Subject", "Keywords", "doi", "DOI", "Producer", "Creator")
# The most pages read. A thesis or a book runs to 1,000; reading costs time per page, and a
# page tree can list one small page 60,000 times in a few hundred KB.
MAX_PAGES = 2_000
# The most characters read from one page, counted before any is read: the papers measured hold
# at most 6,400 (a dense two-column page); a page listing 250,000 costs seconds of reading each.
MAX_PAGE_CHARS = 50_000
# The most characters in all: a base plus so many a byte of file. Papers hold under half a
# character a byte; more is a small page drawn again and again (one page object listed 2,000
# times in the page tree, a form repeated), whose reading time no file size would bound.
BASE_CHARS = 500_000
CHARS_PER_BYTE = 10


@dataclass(slots=True)
class PageText:
    number: int  # 1-based
    width: float
    height: float
    segments: list[Segment] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)  # drawn around text (``pdf_boxes``)
    # The short rules drawn over footnotes (``pdf_note_rules``).
    note_rules: list[NoteRule] = field(default_factory=list)


@dataclass(frozen=True)
class PdfText:
    pages: list[PageText]
    metadata: dict[str, str]


def read_pdf(path: Path, data: bytes) -> PdfText:
    """Every page's segments and the document metadata; InputError (one line) for a file
    that is encrypted, truncated or not a PDF pdfium can read."""
    _check_complete(path, data)
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        # pdfium refuses a document with an empty page tree without an error code of its own
        # (it reports the last one, of whichever document failed before).
        if _no_pages(data):
            raise InputError(f"{shown_name(path)}: the PDF has no pages") from None
        if getattr(error, "err_code", None) == _ERR_PASSWORD:
            raise InputError(
                f"{shown_name(path)}: the PDF is encrypted (password-protected); decrypt it first, "
                "e.g. qpdf --decrypt"
            ) from None
        raise InputError(f"{shown_name(path)}: not a readable PDF ({_one_line(error)})") from None
    if len(document) == 0:
        document.close()
        raise InputError(f"{shown_name(path)}: the PDF has no pages")
    try:
        _check_page_count(path, len(document))
        metadata = {
            key: scrub_surrogates(value).strip()
            for key in _METADATA_KEYS
            if (value := document.get_metadata_value(key))
        }
        chars_left = BASE_CHARS + CHARS_PER_BYTE * len(data)
        pages = []
        # A table broken across pages, read on from the page it ran off (``pdf_booktabs``).
        carried: OpenTable | None = None
        for index in range(len(document)):
            page, count, carried = _read_page(path, document, index, chars_left, carried)
            pages.append(page)
            chars_left -= count
    except pdfium.PdfiumError as error:
        raise InputError(f"{shown_name(path)}: not a readable PDF ({_one_line(error)})") from None
    finally:
        document.close()
    return PdfText(pages, metadata)


def _check_page_count(path: Path, pages: int) -> None:
    """InputError (one line) for a PDF over ``MAX_PAGES``: refused before any page is read,
    as pdfium counts the pages without reading them."""
    if pages > MAX_PAGES:
        raise InputError(
            f"{shown_name(path)}: the PDF has {pages:,} pages; the limit is {MAX_PAGES:,}"
        )


def _check_complete(path: Path, data: bytes) -> None:
    if not data.lstrip()[:5] == b"%PDF-":
        raise InputError(f"{shown_name(path)}: not a PDF (no %PDF- header)")
    # Every complete PDF ends with an end-of-file marker; a cut download does not. pdfium would
    # repair such a file silently and yield whatever pages survived.
    if b"%%EOF" not in data[-2048:]:
        raise InputError(
            f"{shown_name(path)}: not a readable PDF: it is truncated (no end-of-file marker); "
            "download or copy it again"
        )


def _no_pages(data: bytes) -> bool:
    """Whether the file holds no page object, where none can hide: in a compressed object
    stream or behind encryption."""
    return _PAGE.search(data) is None and b"/ObjStm" not in data and b"/Encrypt" not in data


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _check_chars(path: Path, number: int, count: int, chars_left: int) -> None:
    """InputError (one line) for a page over ``MAX_PAGE_CHARS`` or past the file's share of
    characters, before its characters are read."""
    if count > MAX_PAGE_CHARS:
        raise InputError(
            f"{shown_name(path)}: page {number:,} of the PDF holds {count:,} characters; the limit "
            f"is {MAX_PAGE_CHARS:,} a page"
        )
    if count > chars_left:
        raise InputError(
            f"{shown_name(path)}: the PDF holds too many characters for its size by page "
            f"{number:,} (the limit is {BASE_CHARS:,} plus {CHARS_PER_BYTE} a byte of file); a "
            "page may be repeated many times"
        )


def _read_page(
    path: Path,
    document: pdfium.PdfDocument,
    index: int,
    chars_left: int,
    carried: OpenTable | None = None,
) -> tuple[PageText, int, OpenTable | None]:
    """The page, how many characters pdfium lists on it, and the table running on to the next
    page (``carried`` is the one that ran on to this page)."""
    page = document[index]
    try:
        width, height = page.get_size()
        text_page = page.get_textpage()
        try:
            count = pdfium_c.FPDFText_CountChars(text_page.raw)
            _check_chars(path, index + 1, count, chars_left)
            chars = page_chars(text_page.raw, height)
        finally:
            text_page.close()
        shapes = drawn_shapes(page, height)
    finally:
        page.close()
    grids = ruled_grids(shapes)
    if grids:
        shapes = without_rules(shapes, grids)
    result = PageText(index + 1, float(width), float(height), boxes=drawn_boxes(shapes))
    segments = segments_from(with_underscores(chars, short_rules(shapes)))
    # Rules with no vertical ones between them (``pdf_booktabs``): found from the text, so
    # only once the segments are made.
    bands = rule_bands(shapes, segments, float(height), carried)
    if bands.grids:
        shapes = without_rules(shapes, bands.grids)
        grids = [*grids, *bands.grids]
    if grids:
        segments = [s for s in segments if not in_grid(s.x0, s.top, s.x1, s.bottom, grids)]
    result.segments = with_fractions(segments, fraction_bars(shapes))
    result.note_rules = note_rules(
        shapes, result.segments, result.boxes, float(width), float(height)
    )
    return result, count, bands.open
