"""The contract every paper source keeps, and what it hands the checker: the identified paper
and its passages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Protocol, runtime_checkable

from claimaudit.errors import PluginError, SourceError
from claimaudit.identity import PaperRef
from claimaudit.passage import Passage

__all__ = ["LibraryUse", "Passage", "Source", "SourceError", "SourcePaper", "as_library_use"]


@dataclass(frozen=True)
class SourcePaper:
    """A retrieved paper whose identity has been checked against the request."""

    ref: PaperRef  # the work (and edition) asked for: another one makes the paper not_checked
    title: str
    url: str | None  # kept only when http or https
    # A list or tuple (read more than once), in document order, not empty; each passage's id
    # unique in the paper, one line of text, not blank and not "none" (see ``Passage``).
    passages: Sequence[Passage]
    retrieved_at: datetime  # with its time zone (``datetime.now(UTC)``): records name it
    search_query: str  # the query sent to a search service; "" when nothing was searched
    # True when ``passages`` are the whole text; False for search excerpts.
    full_text: bool = True
    # Backend requests made to provide this paper (for cost accounting), and the backend that
    # made them when it is not the source itself (``auto`` answering through Valyu: "valyu").
    calls: int = 0
    backend: str | None = None
    # The library's hash of the content the passages were read from (``library`` source only):
    # records name it (``paperContentHash``), and a judgement of content no longer stored is
    # not cached. Ignored, with ``extractor``, from a source whose ``library_use`` is
    # ``LibraryUse.NONE``: no library holds what it read.
    content_hash: str | None = None
    # The reader that made the passages from it ("markdown/23"; ``library`` source only).
    extractor: str | None = None


class LibraryUse(StrEnum):
    """What a source does with the local library, so callers can check it before a run."""

    NONE = "none"  # never opens it (a search service)
    READS = "reads"  # reads papers from it and never creates it
    FILLS = "fills"  # reads it and adds the papers it lacks, creating it when missing


def as_library_use(value: object, source: str) -> LibraryUse:
    """A source's ``library_use`` as the ``LibraryUse`` it means: one of its values as a string
    (``"none"``) is taken for it, since callers test it with ``is LibraryUse.NONE`` and a string
    there read as a source that opens the library; anything else is PluginError naming the
    source ``source``."""
    if isinstance(value, LibraryUse):
        return value
    if isinstance(value, str) and value in LibraryUse._value2member_map_:
        return LibraryUse(value)
    choices = ", ".join(repr(use.value) for use in LibraryUse)
    shown = repr(value)[:40] if isinstance(value, str) else type(value).__name__
    raise PluginError(
        f"source {source!r} gives its library_use as {shown}, not a claimaudit.LibraryUse "
        f"(or one of {choices})"
    )


@runtime_checkable
class Source(Protocol):
    """Where papers come from. Subclass it: ``class MySource(Source)``.

    Required: ``name`` and ``fetch``, which returns exactly the paper (work and version) the
    reference asks for, or raises ``SourceError`` when it cannot (not found, service failure),
    which becomes a ``not_checked`` record; any other exception is treated the same way, as a
    bug of the source, and so is a plugin's ``fetch`` that has not returned within the timeout
    (``--timeout``, default 60 s). A source that does not read the library leaves
    ``SourcePaper.content_hash`` and ``extractor`` unset; what it sets there is ignored.
    Optional, with the defaults below: ``library_use`` (a
    ``LibraryUse``; its value as a string, ``"none"``, is taken for it, anything else refused
    with PluginError) and ``close``.
    """

    name: str

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        """Return the paper ``ref`` asks for, or raise SourceError. ``query`` is claim + topic."""
        ...

    @property
    def library_use(self) -> LibraryUse:
        """What it does with the local library (see ``LibraryUse``); the default: nothing."""
        return LibraryUse.NONE

    def close(self) -> None:
        """Release what the source holds (connections); called once it is no longer used. The
        default holds nothing."""
        return None
