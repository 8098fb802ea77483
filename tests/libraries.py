"""Small libraries that tests read from, made the way a user's `library add` makes them."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library


def library_of(path: Path, papers: Mapping[str, Path]) -> Path:
    """The library at ``path`` holding each paper under its reference (``{"local:notes": md}``)."""
    with Library.open(path) as library:
        for ref, paper in papers.items():
            add_path(library, paper, ref=parse_ref(ref))
    return path


def notes_library(folder: Path, markdown: str) -> Path:
    """A library in ``folder`` holding one Markdown paper, ``local:notes``, of this text."""
    paper = folder / "notes.md"
    paper.write_text(markdown, encoding="utf-8")
    return library_of(folder / "library.db", {"local:notes": paper})
