"""The paper source a server checks with: the CLI's default, minus the server's file paths.

A ``not_checked`` message from the library names the library file, which helps a person at a
terminal but tells a service's remote clients where the server keeps its data; one from Valyu
names the address of the server's search service. Messages reach clients with that path and
that address replaced (the server's log keeps the address); everything else about the source
is unchanged.
"""

from __future__ import annotations

import os
from pathlib import Path

from claimaudit.api import make_source
from claimaudit.errors import LibraryUnreadableError, PaperNotInLibraryError, SourceError
from claimaudit.guards.filenames import name_spellings
from claimaudit.identity import PaperRef
from claimaudit.server.judge_address import address_hidden
from claimaudit.sources.delegating import DelegatingSource
from claimaudit.sources.protocol import Source, SourcePaper
from claimaudit.sources.valyu import BASE_URL_ENV as VALYU_BASE_URL_ENV
from claimaudit.sources.valyu import DEFAULT_BASE_URL as VALYU_DEFAULT_BASE_URL

LIBRARY_NAME = "the server's library"
# Where the search service (Valyu, which ``auto`` asks for a paper not in the library) runs is
# the server's business: "Valyu unreachable at http://***@search.internal/v1" told a public
# user its internal address, as a judge's did (``claimaudit.server.judge_address``).
SEARCH_ADDRESS = "the server's search service"
FOLDER_NAME = "the server's library folder"
# The server makes its library at start: a file missing later was moved or deleted meanwhile,
# which every surface says in these words (a list, a check's record, an upload).
LIBRARY_MISSING = f"{LIBRARY_NAME} is missing: it was moved or deleted after the server started"
# How the library's messages read once its path is gone ("cannot open library PATH: ...").
# "the library PATH" first: read as "library PATH" alone it became "the the server's library"
# ("another process is writing the library PATH", said to an upload while a long import runs).
_WORDING = (
    (f"the library {LIBRARY_NAME}", LIBRARY_NAME),
    (f"library path {LIBRARY_NAME}", LIBRARY_NAME),
    (f"library {LIBRARY_NAME}", LIBRARY_NAME),
)


def hide_library(message: str, library: Path) -> str:
    """``message`` with the library file's path (and its folder's) named, not spelled out."""
    files = _spellings((library, library.resolve()))
    # A folder as short as "/" or "." would mangle every other path in the message.
    folders = [p for p in _spellings((library.parent, library.resolve().parent)) if len(p) > 1]
    for spelling in files:
        message = message.replace(spelling, LIBRARY_NAME)
    for spelling in folders:
        message = message.replace(spelling, FOLDER_NAME)
    for wordy, plain in _WORDING:
        message = message.replace(wordy, plain)
    return message


def _spellings(paths: tuple[Path, Path]) -> list[str]:
    """Every way a message spells ``paths`` (a name with a control character is shown in the
    shell's ``$'...'`` quoting, and inside a longer quoted name escaped): quoted ones first,
    whole, then the longest first, so that no shorter one cuts into a longer."""
    spellings = {spelling for path in paths for spelling in name_spellings(path)}
    return sorted(spellings, key=lambda s: (not s.startswith("$'"), -len(s)))


class ServerSource(DelegatingSource):
    """Wraps a source so that its failures never name the server's library path.

    ``made_at_start``: the server made (or found) its library when it started, so a library
    missing now vanished, and no paper is looked for elsewhere as if it were merely absent."""

    def __init__(self, inner: Source, library: Path, *, made_at_start: bool = False) -> None:
        super().__init__(inner, inner.name)
        self._library = library
        self._made_at_start = made_at_start
        base = os.environ.get(VALYU_BASE_URL_ENV, "").strip() or VALYU_DEFAULT_BASE_URL
        self._hide_search = address_hidden(base, SEARCH_ADDRESS, f"source {inner.name!r}")

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        if self._made_at_start and not self._library.exists():
            raise LibraryUnreadableError(f"{ref}: {LIBRARY_MISSING}")
        try:
            return self.inner.fetch(ref, query)
        except SourceError as error:
            # The same kind, with the same facts: the surface still gives its advice for it.
            said = self._hide_search(hide_library(str(error), self._library))
            hidden = error.reworded(said)
            if isinstance(hidden, PaperNotInLibraryError):
                hidden.library = LIBRARY_NAME
            raise hidden from None


def server_source(
    library: Path, *, made_at_start: bool = False, timeout: float | None = None
) -> ServerSource:
    """The library source; ``timeout``: a plugin source's watchdog (``serve --timeout``)."""
    source = make_source(library=library, timeout=timeout)
    return ServerSource(source, library, made_at_start=made_at_start)
