"""The paper source a server checks with: the CLI's default, minus the server's file paths.

A ``not_checked`` message from the library names the library file, which helps a person at a
terminal but tells a service's remote clients where the server keeps its data. Messages reach
clients with that path replaced; everything else about the source is unchanged.
"""

from __future__ import annotations

from pathlib import Path

from claimaudit.api import make_source
from claimaudit.errors import SourceError
from claimaudit.identity import PaperRef
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper

LIBRARY_NAME = "the server's library"


class ServerSource(Source):
    """Wraps a source so that its failures never name the server's library path."""

    def __init__(self, inner: Source, library: Path) -> None:
        self.inner = inner
        self.name = inner.name
        self._paths = sorted({str(library), str(library.resolve())}, key=len, reverse=True)

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        try:
            return self.inner.fetch(ref, query)
        except SourceError as error:
            message = str(error)
            for path in self._paths:
                message = message.replace(path, LIBRARY_NAME)
            raise SourceError(message, calls=error.calls, backend=error.backend) from None

    @property
    def library_use(self) -> LibraryUse:
        return self.inner.library_use

    def close(self) -> None:
        self.inner.close()


def server_source(library: Path) -> ServerSource:
    return ServerSource(make_source(library=library), library)
