"""Resuming a batch whose papers were replaced in the library since it stopped.

A record names the library's hash of the text it was judged against (``paperContentHash``) and
quotes a passage of it by id. Once the paper is re-added with other text (``library add
--replace``), that id points at other words, so a resumed run must not count the record as
done: it is taken out of ``--out`` as ``--retry-not-checked`` takes failures out
(``batch_resume.drop_records``), and its pair is judged again. Only records of lines in this
run's input are taken out (each is written anew); a record of another source carries no hash
and stays, as does one whose paper is no longer stored (nothing newer to judge it against).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path

from claimaudit.batch.resume import drop_records
from claimaudit.errors import ClaimauditError
from claimaudit.identity import parse_ref
from claimaudit.library.store import Library

# The library's hash of the text now stored under a record's ``matchedRef``; None when none is.
StoredHash = Callable[[str], str | None]


def drop_stale(out: Path, keys: Iterable[str], stored_hash: StoredHash) -> int:
    """Take out of ``out`` the records of input lines ``keys`` judged against text the library
    no longer holds under their paper; the number of pairs taken out (a pair written twice in
    ``out`` is still one pair to check again)."""
    wanted = set(keys)
    known: dict[str, str | None] = {}
    pairs: set[tuple[object, object]] = set()

    def stale(data: dict[str, object]) -> bool:
        judged, ref = data.get("paperContentHash"), data.get("matchedRef")
        key = data.get("inputKey")
        if not (isinstance(judged, str) and isinstance(ref, str) and key in wanted):
            return False
        if ref not in known:
            known[ref] = stored_hash(ref)
        now = known[ref]
        if now is None or now.lower() == judged.lower():
            return False
        pairs.add((key, data.get("paperRef", ref)))
        return True

    drop_records(out, b"paperContentHash", stale)
    return len(pairs)


def library_hashes(library: Library) -> StoredHash:
    """``StoredHash`` read from ``library``: the copy stored under exactly that reference."""

    def stored_hash(ref: str) -> str | None:
        try:
            paper = library.get_paper(parse_ref(ref), exact=True)
        except (ClaimauditError, ValueError):
            return None  # a reference no library holds: nothing to compare with
        return paper.content_hash if paper else None

    return stored_hash


def drop_stale_in_library(out: Path, keys: Iterable[str], path: Path | None) -> int:
    """``drop_stale`` against the library at ``path``; 0 when it cannot be read (the run itself
    then says why, pair by pair), so that this check never stops a resume."""
    try:
        with Library.open(path, create=False) as library:
            return drop_stale(out, keys, library_hashes(library))
    except (ClaimauditError, sqlite3.Error):
        return 0
