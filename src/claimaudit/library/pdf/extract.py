"""PDF papers: layout-aware text (pypdfium2), title and authors, and refs from the metadata.

Reading (``pdf_read``, in a child process under limits: ``pdf_guard``), page layout
(``pdf_layout``) and paragraphs (``pdf_blocks``) are separate steps; this module joins them
and refuses what yields no paper: an encrypted or truncated file, one without a text layer (a
scan), or one with hardly any text.
"""

from __future__ import annotations

import re
from pathlib import Path

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import PaperRef, try_parse_ref
from claimaudit.library.extract_text import SourceHasher, read_bytes
from claimaudit.library.models import ExtractedDocument, TextBlock
from claimaudit.library.pdf.blocks import PdfLayout, build_blocks
from claimaudit.library.pdf.guard import read_pdf_isolated
from claimaudit.library.pdf.layout import Removed, read_order
from claimaudit.library.pdf.words import breaks_words

_DOI = re.compile(r"\b10\.\d{4,9}/[^\s\"<>,;]+")
_ARXIV = re.compile(r"\barxiv:\s*(\d{4}\.\d{4,5}(?:v\d+)?)", re.IGNORECASE)
# Fewer words than this, in all or per page, is not a paper but a cover, a form or a scan
# with a stamp or a page header as its only text.
MIN_WORDS = 15
MIN_WORDS_PER_PAGE = 10
# A metadata title that is a file or a tool's placeholder, not the paper's title.
_PLACEHOLDER_TITLE = re.compile(
    r"^(?:untitled|microsoft word\b.*|.*\.(?:dvi|tex|docx?|pdf))$", re.IGNORECASE
)


def extract_pdf(path: Path) -> ExtractedDocument:
    document, _ = extract_pdf_layout(path)
    return document


def extract_pdf_layout(path: Path) -> tuple[ExtractedDocument, Removed]:
    """The paper and what layout cleaning removed from it (for the fidelity benchmark)."""
    data = read_bytes(path)
    hasher = SourceHasher()
    hasher.add("", data)
    pdf = read_pdf_isolated(path, data)  # in a child process, under limits (a hostile file)
    if not any(page.segments for page in pdf.pages):
        raise InputError(
            f"{shown_name(path)}: the PDF has no text layer; run OCR first, e.g. ocrmypdf (or add "
            "the paper's LaTeX source)"
        )
    lines, removed = read_order(pdf.pages)
    layout = build_blocks(lines, breaks_words(pdf.metadata))
    words = sum(len(block.text.split()) for block in layout.blocks)
    if words < MIN_WORDS:
        raise InputError(
            f"{shown_name(path)}: the PDF holds almost no text ({_count(words, 'word')} on "
            f"{_count(len(pdf.pages), 'page')}); "
            "if it is a scan, run OCR first, e.g. ocrmypdf"
        )
    _check_words_per_page(path, words, len(pdf.pages))
    meta = pdf.metadata
    title = meta.get("Title", "")
    document = ExtractedDocument(
        _blocks(layout),
        hasher.hexdigest(),
        hasher.size,
        title=title if title and not _PLACEHOLDER_TITLE.match(title) else layout.title,
        ref_hints=_metadata_refs(meta),
        authors=meta.get("Author") or layout.authors,
        source_format="pdf",
    )
    return document, removed


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _blocks(layout: PdfLayout) -> list[TextBlock]:
    return [
        TextBlock(b.text, b.section, (b.first_page, b.last_page), b.kind, b.page_starts)
        for b in layout.blocks
    ]


def _metadata_refs(meta: dict[str, str]) -> tuple[PaperRef, ...]:
    found: list[PaperRef] = []
    for key in ("doi", "DOI"):
        if key in meta and (ref := try_parse_ref(meta[key])):
            found.append(ref)
    # Not the Title: a title that names an id ("Notes on arXiv:1706.03762") is about that paper.
    for key in ("Subject", "Keywords"):
        value = meta.get(key, "")
        candidates = [m.rstrip(".") for m in _DOI.findall(value)]
        candidates += [f"arXiv:{m}" for m in _ARXIV.findall(value)]
        found.extend(ref for c in candidates if (ref := try_parse_ref(c)))
    return tuple(dict.fromkeys(found))


def _check_words_per_page(path: Path, words: int, pages: int) -> None:
    """InputError when text enough in all is too thin for the page count: a scan with a
    header or a stamp on each page, not a paper; the message says it is the average."""
    if pages > 1 and words < MIN_WORDS_PER_PAGE * pages:
        raise InputError(
            f"{shown_name(path)}: the PDF holds too little text for its length ({words:,} words on "
            f"{pages:,} pages, under {MIN_WORDS_PER_PAGE} a page); if it is a scan, run OCR "
            "first, e.g. ocrmypdf"
        )
