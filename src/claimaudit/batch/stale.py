"""Resuming a batch whose papers were replaced in the library since it stopped.

A record names the library's hash of the text it was judged against (``paperContentHash``) and
quotes a passage of it by id. Once the paper is re-added with other text (``library add
--replace``), or the same file is read again by a newer reader (an upgrade: the hash, the
file's, is unchanged, but the passages and their ids are the new reader's; the record's
``paperExtractor`` says which reader made the ones it judged), that id may point at other
words, so a resumed run must not count the record as done: it is taken out of ``--out`` as
``--retry-not-checked`` takes failures out (``batch_resume.drop_records``), and its pair is
judged again. Only records of lines in this run's input are taken out (each is written anew); a
record of another source carries no hash and stays, as does one whose paper is no longer
stored (nothing newer to judge it against). A record written before records named the hash has
no ``paperContentHash`` key: its quote (the whole passage, copied by code) is compared with the
passage its id names now instead, so an older claimaudit's ``--out`` is held to the library too.
A record judged on search excerpts (``--source auto`` found the paper missing from the library,
and Valyu Search gave excerpts) carries no hash either: once the library holds the paper it asks
for, a check reads the paper there, so the record is taken out and the pair judged again on
the library's text, as a ``not_checked`` record of a paper added since is by a retry. A record of
an unversioned reference (``paperRef`` arXiv:X, ``matchedRef`` arXiv:Xv1) whose reference now
reads another edition (v2 added since) is taken out too: a fresh check would judge v2, and the
record would go on answering for v1 under a reference that no longer names it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import NamedTuple

from claimaudit.batch.resume import drop_records
from claimaudit.errors import ClaimauditError
from claimaudit.identity import parse_ref, try_parse_ref
from claimaudit.library.store import Library


class Reading(NamedTuple):
    """How the library now holds a paper: the hash of the file read, and the reader that made
    its passages (None for a paper stored before readers were recorded)."""

    content_hash: str
    extractor: str | None


# A record written before records named the reader that made the passages they judged.
_UNKNOWN = object()

# How the library now holds the paper under a record's ``matchedRef``; None when none is.
StoredReading = Callable[[str], Reading | None]
# Whether the library now holds the paper a record's ``paperRef`` asks for, as a check finds it.
StoredFor = Callable[[str], bool]
# The text the library now stores under a passage id of the paper a reference names ("" where
# it has no such passage); None when no paper is stored under it.
StoredQuote = Callable[[str, str], str | None]
# The edition a check of a record's ``paperRef`` reads now (an unversioned arXiv id: the newest
# version stored), as a reference; None when the library holds none.
StoredEdition = Callable[[str], str | None]


def drop_stale(
    out: Path,
    keys: Iterable[str],
    stored_reading: StoredReading,
    stored_quote: StoredQuote | None = None,
    held: StoredFor | None = None,
    edition: StoredEdition | None = None,
) -> int:
    """Take out of ``out`` the records of input lines ``keys`` judged against text the library
    no longer holds under their paper; the number of pairs taken out (a pair written twice in
    ``out`` is still one pair to check again). A record from before records named the hash
    (no ``paperContentHash`` key) is compared by its quote, where ``stored_quote`` is given; one
    judged on search excerpts is taken out when ``held`` says the library holds its paper now;
    one whose ``paperRef`` now reads another edition than its ``matchedRef`` (v2 added since
    an unversioned reference was judged as v1) when ``edition`` says so."""
    wanted = set(keys)
    known: dict[str, Reading | None] = {}
    if edition is not None:
        edition = cache(edition)  # one look-up per reference, however many records name it
    pairs: set[tuple[object, object]] = set()

    def stale(data: dict[str, object]) -> bool:
        judged, ref = data.get("paperContentHash"), data.get("matchedRef")
        key = data.get("inputKey")
        if not (isinstance(ref, str) and key in wanted):
            return False
        if data.get("evidenceScope") == "search_excerpts":
            asked = data.get("paperRef")
            if held is None or not isinstance(asked, str) or not held(asked):
                return False
            pairs.add((key, asked))
            return True
        if edition is not None and _reads_another_edition(data, ref, edition):
            # The record says v1 while a check of its reference reads v2 now: it answers for
            # a paper the reference no longer names.
            pairs.add((key, data.get("paperRef", ref)))
            return True
        if "paperContentHash" not in data:
            if stored_quote is None or not _quote_gone(data, ref, stored_quote):
                return False
            pairs.add((key, data.get("paperRef", ref)))
            return True
        if not isinstance(judged, str):
            return False
        if ref not in known:
            known[ref] = stored_reading(ref)
        now = known[ref]
        if now is None:
            return False
        # Another reader made other passages from the same file. A record from before records
        # named the reader (no such key) says nothing about it; ``null`` does: the paper was
        # read by a claimaudit that did not record its reader, so one named now read it again.
        reader = data.get("paperExtractor", _UNKNOWN)
        reread = reader is not _UNKNOWN and reader != now.extractor
        if now.content_hash.lower() == judged.lower() and not reread:
            return False
        pairs.add((key, data.get("paperRef", ref)))
        return True

    # Every record names its matchedRef; those without a hash are read for their quote.
    drop_records(out, b"matchedRef", stale)
    return len(pairs)


def _reads_another_edition(data: dict[str, object], ref: str, edition: StoredEdition) -> bool:
    """Whether the record's ``paperRef`` now reads another stored edition than ``ref``, the
    ``matchedRef`` it was read as: an unversioned reference read as v1 before v2 was added, or
    as the copy stored without a version before a version was."""
    asked = data.get("paperRef")
    if not isinstance(asked, str):
        return False
    now = edition(asked)
    return now is not None and not _same_ref(now, ref)


def _same_ref(one: str, other: str) -> bool:
    """Whether two references name one paper (as written otherwise: ``arxiv:`` or ``arXiv:``)."""
    first, second = try_parse_ref(one), try_parse_ref(other)
    if first is None or second is None:
        return one == other
    return first == second


def _quote_gone(data: dict[str, object], ref: str, stored_quote: StoredQuote) -> bool:
    """Whether the passage an older record quotes (written before records named the hash of
    the text they judged) no longer reads as its quote in the library: the paper was re-added
    since, or read again by a newer reader, and the id names other words now. The quote is the
    whole passage, copied by code. A record quoting nothing, or whose paper is gone, stays."""
    passage, quote = data.get("evidencePassageId"), data.get("evidence")
    if not (isinstance(passage, str) and isinstance(quote, str) and quote.strip()):
        return False
    now = stored_quote(ref, passage)
    return now is not None and now != quote


def library_readings(library: Library) -> StoredReading:
    """``StoredReading`` read from ``library``: the copy stored under exactly that reference."""

    def stored_reading(ref: str) -> Reading | None:
        try:
            paper = library.get_paper(parse_ref(ref), exact=True)
        except (ClaimauditError, ValueError):
            return None  # a reference no library holds: nothing to compare with
        return Reading(paper.content_hash, paper.extractor) if paper else None

    return stored_reading


def library_holds(library: Library) -> StoredFor:
    """``StoredFor`` read from ``library``: any copy a check of the reference would read."""

    def held(ref: str) -> bool:
        try:
            return library.get_paper(parse_ref(ref)) is not None
        except (ClaimauditError, ValueError):
            return False  # a reference no library holds

    return held


def library_editions(library: Library) -> StoredEdition:
    """``StoredEdition`` read from ``library``: the copy a check of the reference reads."""

    def edition(ref: str) -> str | None:
        try:
            paper = library.get_paper(parse_ref(ref))
        except (ClaimauditError, ValueError):
            return None  # a reference no library holds
        return str(paper.ref) if paper is not None else None

    return edition


def library_quotes(library: Library) -> StoredQuote:
    """``StoredQuote`` read from ``library``: the copy stored under exactly that reference, its
    passages read once per paper."""
    texts: dict[str, dict[str, str] | None] = {}

    def stored_quote(ref: str, passage: str) -> str | None:
        if ref not in texts:
            try:
                found = library.passages(parse_ref(ref), exact=True)
            except (ClaimauditError, ValueError):
                found = None  # not stored (or no reference): nothing to compare with
            texts[ref] = None if found is None else {p.passage_id: p.text for p in found}
        stored = texts[ref]
        return None if stored is None else stored.get(passage, "")

    return stored_quote


def drop_stale_in_library(out: Path, keys: Iterable[str], path: Path | None) -> int:
    """``drop_stale`` against the library at ``path``; 0 when it cannot be read (the run itself
    then says why, pair by pair), so that this check never stops a resume."""
    try:
        with Library.open(path, create=False) as library:
            return drop_stale(
                out,
                keys,
                library_readings(library),
                library_quotes(library),
                library_holds(library),
                library_editions(library),
            )
    except (ClaimauditError, sqlite3.Error):
        return 0
