"""Warnings the commands print on stderr before their results: work goes on without what
they name, but nothing is dropped without a word."""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.bibfile import UnreadEntry
from claimaudit.cli._common import err_console
from claimaudit.cli._terminal import shown_text


def warn(message: str) -> None:
    err_console.print(shown_text(f"warning: {' '.join(message.split())}"))


def warn_empty(files: Iterable[str]) -> None:
    """One line per bibliography file that holds no entry (each once)."""
    for name in dict.fromkeys(files):
        warn(f"bibliography {name} has no entries: the citations it was to resolve are not checked")


def warn_unread(entries: Iterable[UnreadEntry]) -> None:
    """One line per bibliography block that could not be read as an entry (each once)."""
    for entry in dict.fromkeys(entries):
        warn(entry.message)
