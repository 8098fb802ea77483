"""Warnings the commands print on stderr before their results: work goes on without what
they name, but nothing is dropped without a word."""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.bibfile import UnreadEntry
from claimaudit.cli._common import err_console
from claimaudit.cli._terminal import shown_text


def warn(message: str) -> None:
    err_console.print(shown_text(f"warning: {' '.join(message.split())}"))


def warn_unread(entries: Iterable[UnreadEntry]) -> None:
    """One line per bibliography block that could not be read as an entry (each once)."""
    for entry in dict.fromkeys(entries):
        warn(entry.message)
