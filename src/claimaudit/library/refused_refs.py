"""Papers stored under a reference claimaudit's rules now refuse (an arXiv id arXiv never issued,
``0703.1234``, stored before the rule that refuses it) or now read as another (``doi:10.1000/x,``
is ``doi:10.1000/x``; ``arXiv:math.GT/0309136`` kept beside ``arXiv:math/0309136`` by schema
step 6). Stored references are never parsed again, so such a paper stays in the library; these
helpers let ``show`` and ``remove`` still reach it by the reference it is stored under, and
``library check`` name it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from claimaudit.errors import InvalidReferenceError, PaperNotFoundError
from claimaudit.identity import PaperRef, RefKind, arxiv_id_error, parse_ref
from claimaudit.library.store import Library

_ARXIV_PREFIX = "arXiv:"


@dataclass(frozen=True)
class RefusedRef:
    """A stored reference, and why parsing it is refused now."""

    ref: str
    reason: str
    # The reference it now reads as, when it parses to another: None when it is refused.
    reads_as: str | None = None


def stored_ref(conn: sqlite3.Connection, text: str) -> PaperRef | None:
    """The reference of the paper stored under exactly ``text``, or None. An arXiv paper may
    also be named by its id alone (``0703.1234`` for ``arXiv:0703.1234``), as it is typed."""
    value = text.strip()
    if value.lower().startswith(_ARXIV_PREFIX.lower()):
        value = value[len(_ARXIV_PREFIX) :]
    row = conn.execute(
        "SELECT kind, work, version FROM papers WHERE ref = ? OR (kind = ? AND ref = ?)",
        (text.strip(), RefKind.ARXIV.value, f"{_ARXIV_PREFIX}{value}"),
    ).fetchone()
    if row is None:
        return None
    return PaperRef.as_stored(row[0], row[1], row[2])


def parse_or_stored(library: Library, text: str) -> PaperRef:
    """``text`` parsed as a reference; failing that, the reference of a paper stored under it
    (so one stored before a rule refused its reference can still be shown and removed). An
    arXiv id the rules refuse with no paper under it is PaperNotFoundError (the parser's
    reason in its message): such an id names a paper that may be stored, so a second remove
    of one is "not found", as for any reference. Else the parser's error. A paper stored under
    exactly ``text`` is the one named, even where ``text`` now reads as another reference."""
    try:
        parsed = parse_ref(text)
    except InvalidReferenceError as error:
        found = stored_ref(library.connection, text)
        if found is not None:
            return found
        if arxiv_id_error(text) is not None:
            raise PaperNotFoundError(f"no paper is stored under {text.strip()} ({error})") from None
        raise
    return stored_ref(library.connection, text) or parsed


def refused_refs(conn: sqlite3.Connection) -> list[RefusedRef]:
    """The stored references that no longer parse, or now parse as another reference, in the
    order ``library list`` shows them."""
    stored = [str(ref) for (ref,) in conn.execute("SELECT ref FROM papers ORDER BY ref")]
    refused = []
    for ref in stored:
        try:
            reads_as = str(parse_ref(ref))
        except InvalidReferenceError as error:
            refused.append(RefusedRef(ref, str(error)))
            continue
        if reads_as != ref:
            also = ", which is stored too" if reads_as in stored else ""
            refused.append(RefusedRef(ref, f"it now reads as {reads_as}{also}", reads_as))
    return refused
