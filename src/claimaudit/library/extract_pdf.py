"""PDF papers via pypdf: page text, the /Title, and any DOI or arXiv id in the metadata."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PdfReadError, PyPdfError

from claimaudit.errors import InputError
from claimaudit.identity import PaperRef, try_parse_ref
from claimaudit.library.extract_text import SourceHasher, paragraphs, read_bytes
from claimaudit.library.models import ExtractedDocument, TextBlock
from claimaudit.untrusted import scrub_surrogates

_DOI = re.compile(r"\b10\.\d{4,9}/[^\s\"<>,;]+")
_ARXIV = re.compile(r"\barxiv:\s*(\d{4}\.\d{4,5}(?:v\d+)?)", re.IGNORECASE)
# A word broken across lines by a hyphen: "exam-\nple" -> "example".
_HYPHEN_BREAK = re.compile(r"(\w)-\n(\w)")
_LINE_BREAK = re.compile(r"(?<!\n)\n(?!\n)")


def extract_pdf(path: Path) -> ExtractedDocument:
    data = read_bytes(path)
    hasher = SourceHasher()
    hasher.add("", data)
    # pypdf logs recoverable damage as warnings; a paper that reads is good enough for us.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(path)
        if reader.is_encrypted and not reader.decrypt(""):
            raise InputError(f"{path}: the PDF is encrypted; decrypt it first")
        # A broken text map can yield lone surrogates, which no database or reply can encode.
        pages = [scrub_surrogates(page.extract_text() or "") for page in reader.pages]
        raw = reader.metadata
        meta = (
            {str(k): scrub_surrogates(str(v)) for k, v in raw.items() if v is not None}
            if raw
            else {}
        )
    except InputError:
        raise
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError, OSError) as exc:
        raise InputError(f"{path}: not a readable PDF ({_one_line(exc)})") from None
    except Exception as exc:
        # pypdf fails on damaged files in many other ways (IndexError, AttributeError,
        # RecursionError on absurdly nested objects...): each is an unreadable file, not a crash.
        raise InputError(f"{path}: not a readable PDF ({type(exc).__name__})") from None
    blocks: list[TextBlock] = []
    for page in pages:
        text = _HYPHEN_BREAK.sub(r"\1\2", page)
        # PDF text has a newline per printed line; a blank line is the only paragraph signal.
        blocks.extend(paragraphs(_LINE_BREAK.sub(" ", text)))
    if not blocks:
        raise InputError(
            f"{path}: the PDF has no extractable text (scanned images?); "
            "add its LaTeX source or an OCRed copy instead"
        )
    title = meta.get("/Title", "").strip() or None
    return ExtractedDocument(
        blocks, hasher.hexdigest(), hasher.size, title=title, ref_hints=_metadata_refs(meta)
    )


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _metadata_refs(meta: dict[str, str]) -> tuple[PaperRef, ...]:
    found: list[PaperRef] = []
    for key in ("/doi", "/DOI"):
        if key in meta and (ref := try_parse_ref(meta[key])):
            found.append(ref)
    for key in ("/Subject", "/Title", "/Keywords"):
        value = meta.get(key, "")
        candidates = [m.rstrip(".") for m in _DOI.findall(value)]
        candidates += [f"arXiv:{m}" for m in _ARXIV.findall(value)]
        found.extend(ref for c in candidates if (ref := try_parse_ref(c)))
    return tuple(dict.fromkeys(found))
