"""Pick the extractor for a path: a PDF, LaTeX, Markdown or text file, or a paper's folder.

Nothing outside the paper is read: a folder's files, and every file a document pulls in, must
lie inside the document's own folder once symlinks are resolved.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from claimaudit.errors import CorpusFileError, InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import missing_reason
from claimaudit.library.extract_text import (
    confined,
    decode_text,
    extract_text,
    read_bytes,
)
from claimaudit.library.latex.extract import extract_latex
from claimaudit.library.markdown.extract import extract_manubot, extract_markdown, manubot_files
from claimaudit.library.models import ExtractedDocument
from claimaudit.library.pdf.extract import extract_pdf

# The version of each format's extractor, stored with every paper it read: a paper read by an
# older version is read again when its file is added again. Raise one when its output changes.
# (latex/23 and markdown/9 named run 34's reverted reading in the notebook, so they are skipped.)
EXTRACTOR_VERSIONS = {"pdf": "44", "latex": "52", "markdown": "29", "text": "4", "jsonl": "1"}
LATEX_SUFFIXES = frozenset({".tex", ".latex", ".ltx"})
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
TEXT_SUFFIXES = frozenset({".txt", ".text"})
_SOFT_HYPHEN = "\u00ad"
_DOCUMENTCLASS = re.compile(r"^[^%\n]*\\documentclass", re.MULTILINE)
# A file with its own \documentclass that is no paper: a subfile (``subfiles``' class, its
# option naming the main file) or a figure set alone (``\documentclass[tikz]{standalone}``).
_PART_CLASS = re.compile(
    r"^[^%\n]*\\documentclass\s*(?:\[[^\]]*\]\s*)?\{\s*(?:subfiles|standalone)\s*\}", re.MULTILINE
)


def extract(path: Path, *, includes: bool = True) -> ExtractedDocument:
    """Read ``path`` as a paper; InputError (one line, naming the file) if it cannot be.

    ``includes=False`` refuses every file a document would pull in (``\\input``): for uploads,
    which arrive as one file with nothing beside it that belongs to them.
    """
    return _without_soft_hyphens(_read(path, includes=includes))


def _without_soft_hyphens(document: ExtractedDocument) -> ExtractedDocument:
    """``document`` without U+00AD: a soft hyphen prints nothing inside a line, and left in a
    word ("de\\u00adcomposed") it hid the word from search and from quotes. Every reader's
    text passes here, as LaTeX's ``\\-`` is dropped by its reader."""

    def dropped(text: str | None) -> str | None:
        return None if text is None else text.replace(_SOFT_HYPHEN, "")

    blocks = [
        replace(b, text=b.text.replace(_SOFT_HYPHEN, ""), section=dropped(b.section))
        for b in document.blocks
    ]
    return replace(
        document, blocks=blocks, title=dropped(document.title), authors=dropped(document.authors)
    )


def _read(path: Path, *, includes: bool) -> ExtractedDocument:
    if not path.exists():
        # A link that loops is there but leads nowhere: say so, as every other reader does.
        raise InputError(f"{shown_name(path)}: {missing_reason(path, 'no such file or folder')}")
    if path.is_dir():
        if not includes:
            raise InputError(f"{shown_name(path)}: a folder cannot be added here; add one file")
        content = _manubot_dir(path)
        if content:
            return extract_manubot(content, root=path)
        return extract_latex(main_source(path), root=path)
    suffix = path.suffix.lower()
    if suffix == ".pdf" or read_bytes(path)[:5] == b"%PDF-":
        return extract_pdf(path)
    if suffix in LATEX_SUFFIXES:
        return extract_latex(path, includes=includes)
    if suffix in MARKDOWN_SUFFIXES:
        return extract_markdown(path)
    # "notes" and "1706.03762v5" have no format suffix; ".csv", ".json", ".html" do, and are
    # not prose: read as text, their rows and markup would become passages.
    if suffix in TEXT_SUFFIXES or not suffix[1:].isalpha():
        return extract_text(path)
    decode_text(path, read_bytes(path))  # a binary or non-UTF-8 file says so first
    message = (
        f"{shown_name(path)}: {suffix} files are not papers; add a PDF, LaTeX (.tex), Markdown "
        "(.md) or plain-text (.txt) file"
    )
    # How a corpus is imported is the command line's advice (no other surface imports one).
    raise CorpusFileError(message) if suffix == ".jsonl" else InputError(message)


def extractor_version(source_format: str) -> str:
    """``"pdf/3"``: the format and the version of the extractor that reads it."""
    return f"{source_format}/{EXTRACTOR_VERSIONS.get(source_format, '1')}"


def is_current(source_format: str | None, extractor: str | None) -> bool:
    """Whether a stored paper was read by today's extractor for its format (a paper stored
    before extractors were recorded was not)."""
    return source_format is not None and extractor == extractor_version(source_format)


_MAINS_NAMED = 5  # main LaTeX files a refused folder names


def _manubot_dir(folder: Path) -> Path | None:
    for content in (folder / "content", folder):
        if content.is_dir() and manubot_files(content):
            return content
    return None


def main_source(folder: Path) -> Path:
    """The ``.tex`` file in ``folder`` (or one level down) that has ``\\documentclass``: of
    a paper, where a subfile (``subfiles``) or a figure (``standalone``) has one too."""
    candidates = sorted(folder.glob("*.tex")) or sorted(folder.glob("*/*.tex"))
    candidates = [p for p in candidates if p.is_file()]
    # Read only what lies inside the folder: a symlink out of it is refused, not followed.
    confined(candidates, folder)
    texts = {p: decode_text(p, read_bytes(p)) for p in candidates}
    mains = [p for p in candidates if _DOCUMENTCLASS.search(texts[p])]
    # A subfile or a standalone figure is no main file beside a paper (alone, it is read).
    mains = [p for p in mains if not _PART_CLASS.search(texts[p])] or mains
    if len(mains) == 1:
        return mains[0]
    if not mains:
        raise InputError(
            f"{shown_name(folder)}: no paper source found (expected Manubot content/NN.*.md files "
            "or a .tex file with \\documentclass); pass the main file instead"
        )
    # A folder of many papers' sources would name thousands in one line: the first few.
    names = ", ".join(p.name for p in mains[:_MAINS_NAMED])
    if len(mains) > _MAINS_NAMED:
        names += f" and {len(mains) - _MAINS_NAMED:,} more"
    raise InputError(
        f"{shown_name(folder)}: several main LaTeX files ({names}); pass the one to add"
    )
