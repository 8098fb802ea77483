"""The paper source of an evaluation: the corpus file, imported into a temporary library.

The library is an implementation detail of ``eval``: its path is deleted when the run ends and
``claimaudit library add`` is no help, so a document the corpus lacks is reported as missing
from the corpus file the user gave.
"""

from __future__ import annotations

from pathlib import Path

from claimaudit.errors import InputError, SourceError
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import PaperRef
from claimaudit.library.scifact import CorpusFormat, empty_documents
from claimaudit.library.store import Library
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper


class CorpusSource(Source):
    """``inner`` (a source reading the library at ``library``), its failures for documents the
    library lacks worded as missing from ``corpus``."""

    def __init__(self, inner: Source, library: Path, corpus: Path) -> None:
        self.inner = inner
        self.name = inner.name
        self._library = library
        self._corpus = corpus
        self._empty_documents: frozenset[PaperRef] | None = None

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        try:
            return self.inner.fetch(ref, query)
        except SourceError as error:
            # Looked up only after a failure: a found document costs nothing extra.
            if self._stored(ref):
                raise
            missing = "has an empty abstract in" if self._empty(ref) else "is not in"
            raise SourceError(
                f"{ref} {missing} the corpus ({shown_name(self._corpus)})", calls=error.calls
            ) from None

    def _empty(self, ref: PaperRef) -> bool:
        """Whether the corpus holds ``ref`` without text (the import skipped it: no passage)."""
        corpus_format = CorpusFormat.of_ref(ref)
        if corpus_format is None:
            return False
        if self._empty_documents is None:
            # Read once, and only when a document is missing: most runs never pay for it.
            try:
                self._empty_documents = empty_documents(self._corpus, corpus_format)
            except InputError:  # changed since it was imported: then say only what is sure
                self._empty_documents = frozenset()
        return ref in self._empty_documents

    def _stored(self, ref: PaperRef) -> bool:
        with Library.open(self._library, create=False) as library:
            return library.get_paper(ref) is not None

    @property
    def library_use(self) -> LibraryUse:
        return self.inner.library_use

    def close(self) -> None:
        self.inner.close()
