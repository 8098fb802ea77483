"""One version of each paper per run: ``SnapshotSource`` wraps a source and answers every
request for a paper with the paper as it was first fetched.

A review reads a paper once per sentence that cites it, and a long review can outlive the
paper's text (``library add --replace`` from another terminal, an upload to the server): without
a snapshot one report could judge two versions of the same paper. The first successful fetch of
a reference is kept and every later request for that reference gets the same passages and
version; it made no new request, so it reports no calls (the first record accounts for them).

Two references can name one stored paper: ``arXiv:X`` is answered with an edition the source
holds (``arXiv:Xv2``, say), which ``arXiv:Xv2`` asks for by name. A whole text is therefore also
kept under the reference the source answered with, and the first text kept for it is the one
every request answered with that paper gets: ``arXiv:Xv2`` after ``arXiv:X`` is answered from
the snapshot without a fetch, and ``arXiv:X`` after ``arXiv:Xv2`` gets the kept text even when
the fetch it had to make (to learn which edition answers it) found a replaced one; that fetch's
calls are its own.

Search excerpts (``full_text`` False) are what one query found, not the paper: they are reused
only for the same query (a review with ``--topic`` searches once per paper), never for another
claim's query. A failure is not kept: it is an operational state (a timeout, a locked or absent
library, a paper not added yet) that the next sentence may find gone, as ``check`` would.

Memory: given ``uses`` (how many requests the run will make per reference), a paper is dropped
once the last request for its work (any edition of it, or none named) is answered, since any of
them may be answered with it; without it, every paper is held until the snapshot is.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from claimaudit.identity import PaperRef, try_parse_ref
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper


@dataclass
class _Held:
    """One reference's snapshot; its lock makes concurrent requests for it wait for one fetch."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    paper: SourcePaper | None = None
    query: str = ""  # what the kept paper was fetched for (it matters for search excerpts)


def _work(ref: PaperRef) -> str:
    """The key the memory accounting counts by: every edition of a work, and none, share it."""
    return str(ref.unversioned)


def _work_of_key(key: str) -> str:
    ref = try_parse_ref(key)
    return key if ref is None else _work(ref)


class SnapshotSource(Source):
    """``inner`` with each reference fetched once per snapshot (see the module's docstring).

    ``uses`` counts the requests to come per reference, keyed by ``str(PaperRef)``. The inner
    source stays its owner's to close.
    """

    def __init__(self, inner: Source, uses: Mapping[str, int] | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        # Requests still to come per work; a work absent from it (or no ``uses``) is kept.
        self._remaining: dict[str, int] = {}
        if uses is not None:
            for key, count in uses.items():
                work = _work_of_key(key)
                self._remaining[work] = self._remaining.get(work, 0) + count
        self._held: dict[str, _Held] = {}  # by requested reference
        self._stored: dict[str, SourcePaper] = {}  # whole texts, by the reference answered with
        self._keys: dict[str, set[str]] = {}  # work -> its keys in _held and _stored
        self._lock = threading.Lock()

    @property
    def library_use(self) -> LibraryUse:
        return self.inner.library_use

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        held = self._entry(ref)
        try:
            with held.lock:
                kept = held.paper
                if kept is None:
                    paper = self._kept_as(ref)
                    if paper is None:
                        paper = self._share(ref, self.inner.fetch(ref, query))
                    held.paper, held.query = paper, query
                    return paper
                if kept.full_text or held.query == query:
                    return dataclasses.replace(kept, calls=0)
            # Excerpts for another claim's query: its own search, beside the others.
            return self.inner.fetch(ref, query)
        finally:
            self._answered(ref)

    def held(self) -> int:
        """How many papers the snapshot holds now."""
        with self._lock:
            papers = {id(h.paper) for h in self._held.values() if h.paper is not None}
            return len(papers | {id(p) for p in self._stored.values()})

    def _entry(self, ref: PaperRef) -> _Held:
        key = str(ref)
        with self._lock:
            held = self._held.get(key)
            if held is None:
                held = self._held[key] = _Held()
                self._keys.setdefault(_work(ref), set()).add(key)
            return held

    def _kept_as(self, ref: PaperRef) -> SourcePaper | None:
        """The whole text kept under the very reference ``ref`` names (an edition another
        request was answered with), reused without a fetch; None when there is none."""
        with self._lock:
            kept = self._stored.get(str(ref))
        return None if kept is None else dataclasses.replace(kept, calls=0)

    def _share(self, ref: PaperRef, paper: SourcePaper) -> SourcePaper:
        """``paper`` kept under the reference it was answered with, or the text kept there
        first (with this fetch's calls: they were made)."""
        if not paper.full_text or not ref.matches(paper.ref):
            return paper  # excerpts are one query's; a wrong paper is the checker's to refuse
        key = str(paper.ref)
        with self._lock:
            first = self._stored.setdefault(key, paper)
            self._keys.setdefault(_work(paper.ref), set()).add(key)
        if first is paper:
            return paper
        return dataclasses.replace(first, calls=paper.calls, backend=paper.backend)

    def _answered(self, ref: PaperRef) -> None:
        work = _work(ref)
        with self._lock:
            remaining = self._remaining.get(work)
            if remaining is None:
                return
            # At 0 no request for the work is to come; one more after all (a miscount) is
            # answered and dropped at once.
            self._remaining[work] = remaining - 1
            if remaining - 1 <= 0:
                for key in self._keys.pop(work, ()):
                    self._held.pop(key, None)
                    self._stored.pop(key, None)
