"""One version of each paper per run: ``SnapshotSource`` wraps a source and answers every
request for a paper with the paper as it was first fetched.

A review reads a paper once per sentence that cites it, and a long review can outlive the
paper's text (``library add --replace`` from another terminal, an upload to the server): without
a snapshot one report could judge two versions of the same paper. The first successful fetch of
a reference is kept and every later request for that reference gets the same passages and
version; it made no new request, so it reports no calls (the first record accounts for them).

Search excerpts (``full_text`` False) are what one query found, not the paper: they are reused
only for the same query (a review with ``--topic`` searches once per paper), never for another
claim's query. A failure is not kept: it is an operational state (a timeout, a locked or absent
library, a paper not added yet) that the next sentence may find gone, as ``check`` would.

Memory: given ``uses`` (how many requests the run will make per reference), a paper is dropped
once its last request is answered; without it, every paper is held until the snapshot is.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from claimaudit.identity import PaperRef
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper


@dataclass
class _Held:
    """One reference's snapshot; its lock makes concurrent requests for it wait for one fetch."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    paper: SourcePaper | None = None
    query: str = ""  # what the kept paper was fetched for (it matters for search excerpts)
    remaining: int | None = None  # requests still to come; None: unknown, keep it


class SnapshotSource(Source):
    """``inner`` with each reference fetched once per snapshot (see the module's docstring).

    ``uses`` counts the requests to come per reference, keyed by ``str(PaperRef)``. The inner
    source stays its owner's to close.
    """

    def __init__(self, inner: Source, uses: Mapping[str, int] | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self._uses = dict(uses) if uses is not None else None
        self._held: dict[str, _Held] = {}
        self._lock = threading.Lock()

    @property
    def library_use(self) -> LibraryUse:
        return self.inner.library_use

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        held = self._entry(str(ref))
        try:
            with held.lock:
                kept = held.paper
                if kept is None:
                    paper = self.inner.fetch(ref, query)
                    held.paper, held.query = paper, query
                    return paper
                if kept.full_text or held.query == query:
                    return dataclasses.replace(kept, calls=0)
            # Excerpts for another claim's query: its own search, beside the others.
            return self.inner.fetch(ref, query)
        finally:
            self._answered(str(ref), held)

    def held(self) -> int:
        """How many papers the snapshot holds now."""
        with self._lock:
            return sum(1 for h in self._held.values() if h.paper is not None)

    def _entry(self, key: str) -> _Held:
        with self._lock:
            held = self._held.get(key)
            if held is None:
                remaining = None if self._uses is None else self._uses.get(key)
                held = self._held[key] = _Held(remaining=remaining)
            return held

    def _answered(self, key: str, held: _Held) -> None:
        with self._lock:
            if held.remaining is None:
                return
            held.remaining -= 1
            if held.remaining <= 0 and self._held.get(key) is held:
                del self._held[key]  # no request for it is to come
                if self._uses is not None:
                    self._uses[key] = 0  # one more after all (a miscount) is not held again
