"""Pick the extractor for a path: a PDF, LaTeX, Markdown or text file, or a paper's folder."""

from __future__ import annotations

import re
from pathlib import Path

from claimaudit.library.errors import InputError
from claimaudit.library.extract_latex import extract_latex
from claimaudit.library.extract_markdown import extract_manubot, extract_markdown, manubot_files
from claimaudit.library.extract_pdf import extract_pdf
from claimaudit.library.extract_text import decode_text, extract_text, read_bytes
from claimaudit.library.models import ExtractedDocument

LATEX_SUFFIXES = frozenset({".tex", ".latex", ".ltx"})
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
_DOCUMENTCLASS = re.compile(r"^[^%\n]*\\documentclass", re.MULTILINE)


def extract(path: Path) -> ExtractedDocument:
    """Read ``path`` as a paper; InputError (one line, naming the file) if it cannot be."""
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    if path.is_dir():
        content = _manubot_dir(path)
        return extract_manubot(content) if content else extract(main_source(path))
    suffix = path.suffix.lower()
    if suffix == ".pdf" or read_bytes(path)[:5] == b"%PDF-":
        return extract_pdf(path)
    if suffix in LATEX_SUFFIXES:
        return extract_latex(path)
    if suffix in MARKDOWN_SUFFIXES:
        return extract_markdown(path)
    return extract_text(path)


def _manubot_dir(folder: Path) -> Path | None:
    for content in (folder / "content", folder):
        if content.is_dir() and manubot_files(content):
            return content
    return None


def main_source(folder: Path) -> Path:
    """The ``.tex`` file in ``folder`` (or one level down) that has ``\\documentclass``."""
    candidates = sorted(folder.glob("*.tex")) or sorted(folder.glob("*/*.tex"))
    mains = [p for p in candidates if _DOCUMENTCLASS.search(decode_text(p, read_bytes(p)))]
    if len(mains) == 1:
        return mains[0]
    if not mains:
        raise InputError(
            f"{folder}: no paper source found (expected Manubot content/NN.*.md files or a "
            ".tex file with \\documentclass); pass the main file instead"
        )
    names = ", ".join(p.name for p in mains)
    raise InputError(f"{folder}: several main LaTeX files ({names}); pass the one to add")
