"""Warnings the commands print on stderr before their results: work goes on without what
they name, but nothing is dropped without a word."""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.bibfile import UnreadEntry
from claimaudit.cli._common import err_console
from claimaudit.cli._terminal import shown_text
from claimaudit.review.bibliography import Bibliography


def warn(message: str) -> None:
    err_console.print(shown_text(f"warning: {' '.join(message.split())}"))


def warn_empty(bibliographies: Iterable[Bibliography]) -> frozenset[str]:
    """One line per bibliography file read by its content, not its name, and per file that
    holds no entry (each once); the lines said, which a result's ``notices`` repeat and so
    need not be said again."""
    said = dict.fromkeys(m for b in bibliographies for m in b.warnings())
    for message in said:
        warn(message)
    return frozenset(said)


def warn_unread(entries: Iterable[UnreadEntry]) -> None:
    """One line per bibliography block that could not be read as an entry (each once)."""
    for entry in dict.fromkeys(entries):
        warn(entry.message)
