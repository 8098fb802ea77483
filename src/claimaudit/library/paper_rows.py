"""Reading the library's paper rows: a paper's metadata as ``StoredPaper``, the copy a
reference resolves to (the newest version, or exactly the one named), and the papers whose
reference or title holds some text. ``Library``'s reads, its search and its removal use them."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import datetime

from claimaudit.errors import PaperNotFoundError
from claimaudit.identity import PaperRef
from claimaudit.library.casefold import folded
from claimaudit.library.models import StoredPaper

_PAPER_COLUMNS = (
    "p.id, p.kind, p.work, p.version, p.title, p.url, p.source_path, p.content_hash, "
    "p.ingested_at, (SELECT count(*) FROM passages s WHERE s.paper_id = p.id), p.authors, "
    "p.source_format, p.extractor"
)

# A paper whose reference or title contains the LIKE pattern :any (any case, any script: SQLite's
# lower() folds ASCII only, so both sides are folded by Python's rules; see library.casefold).
_CONTAINS = (
    "(py_casefold(p.ref) LIKE :any ESCAPE '\\' OR py_casefold(p.title) LIKE :any ESCAPE '\\')"
)

Params = tuple[object, ...] | dict[str, object]

# The longest text a library listing filters by, on every surface (the API's q, MCP's query,
# `library list --match`; the web page's filter field stops there): a title is shorter.
MAX_FILTER_CHARS = 200


def _like_escaped(text: str) -> str:
    """``text`` as a case-folded LIKE operand that matches itself, wildcards included."""
    needle = folded(text.strip())
    return needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def resolve(
    conn: sqlite3.Connection, ref: PaperRef, *, exact: bool = False
) -> tuple[int, StoredPaper] | None:
    """The row id and paper ``ref`` reads (``Library.get_paper``), or None."""
    found = candidates(conn, ref, exact=exact)
    if not found:
        return None
    return max(found, key=lambda c: -1 if c[1].ref.version is None else c[1].ref.version)


def not_found(
    conn: sqlite3.Connection, ref: PaperRef, *, newest: bool = True
) -> PaperNotFoundError:
    """The error for a paper ``ref`` does not reach (``show``, ``remove``, their HTTP routes).
    A versioned ``ref`` names the copies of its work that are stored, as a check's record
    does: "not in the library" alone read as if no version of the paper were there.
    ``newest``: also say the unversioned reference reads the newest (not for a removal, which
    refuses a reference matching several copies)."""
    missing = f"{ref} is not in the library"
    if ref.version is None:
        return PaperNotFoundError(missing)
    rows = paper_rows(conn, "WHERE p.kind = ? AND p.work = ?", (ref.kind.value, ref.work))
    stored = sorted((p.ref for _, p in rows), key=lambda r: r.version or 0)
    plain = ref.unversioned
    if not stored:
        return PaperNotFoundError(missing)
    if all(copy.version is None for copy in stored):
        return PaperNotFoundError(f"{missing}, which holds {plain} without a version: name {plain}")
    names = [str(copy) for copy in stored if copy.version is not None]
    held = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    which = "that version" if len(names) == 1 else "one of them"
    if not newest:
        return PaperNotFoundError(f"{missing}, which holds {held}: name {which}")
    return PaperNotFoundError(
        f"{missing}, which holds {held}: name {which}, or {plain} without a version for the "
        "newest one stored"
    )


def candidates(
    conn: sqlite3.Connection, ref: PaperRef, *, exact: bool = False
) -> list[tuple[int, StoredPaper]]:
    """Every stored copy ``ref`` matches: each version of its work, or (``exact``) only the
    copy stored under exactly ``ref``."""
    if exact:
        return paper_rows(conn, "WHERE p.ref = ?", (str(ref),))
    rows = paper_rows(conn, "WHERE p.kind = ? AND p.work = ?", (ref.kind.value, ref.work))
    return [(i, p) for i, p in rows if ref.matches(p.ref)]


def paper_rows(
    conn: sqlite3.Connection, where: str, params: Params
) -> list[tuple[int, StoredPaper]]:
    return list(iter_paper_rows(conn, where, params))


def iter_paper_rows(
    conn: sqlite3.Connection, where: str, params: Params
) -> Iterator[tuple[int, StoredPaper]]:
    """The row id and paper of each row ``where`` (its clauses after ``FROM papers p``) selects,
    read as they are consumed."""
    rows = conn.execute(f"SELECT {_PAPER_COLUMNS} FROM papers p {where}", params)
    return (
        (
            int(r[0]),
            StoredPaper(
                ref=PaperRef.as_stored(r[1], r[2], r[3]),
                title=r[4],
                url=r[5],
                source_path=r[6],
                content_hash=r[7],
                ingested_at=datetime.fromisoformat(r[8]),
                passage_count=int(r[9]),
                authors=r[10],
                source_format=r[11],
                extractor=r[12],
            ),
        )
        for r in rows
    )


def iter_papers(
    conn: sqlite3.Connection, text: str | None, offset: int, limit: int | None
) -> Iterator[StoredPaper]:
    """``Library.iter_papers``: papers in reference order (with ``text``: those holding it)."""
    params: dict[str, object] = {
        "limit": -1 if limit is None else max(limit, 0),
        "offset": max(offset, 0),
    }
    where = "ORDER BY p.ref LIMIT :limit OFFSET :offset"
    if text:
        params["any"] = f"%{_like_escaped(text)}%"
        where = f"WHERE {_CONTAINS} {where}"
    for _, paper in iter_paper_rows(conn, where, params):
        yield paper


def find_papers(conn: sqlite3.Connection, text: str, limit: int, offset: int) -> list[StoredPaper]:
    """``Library.find_papers``: those holding ``text``, references that start with it first."""
    escaped = _like_escaped(text)
    where = (
        f"WHERE {_CONTAINS} "
        "ORDER BY py_casefold(p.ref) NOT LIKE :start ESCAPE '\\', p.ref "
        "LIMIT :limit OFFSET :offset"
    )
    params = {
        "any": f"%{escaped}%",
        "start": f"{escaped}%",
        "limit": max(limit, 0),
        "offset": max(offset, 0),
    }
    return [paper for _, paper in paper_rows(conn, where, params)]


def count_papers(conn: sqlite3.Connection, text: str | None) -> int:
    """``Library.count_papers``: all papers, or those ``find_papers`` finds unlimited."""
    if not text:
        return int(conn.execute("SELECT count(*) FROM papers").fetchone()[0])
    params = {"any": f"%{_like_escaped(text)}%"}
    row = conn.execute(f"SELECT count(*) FROM papers p WHERE {_CONTAINS}", params)
    return int(row.fetchone()[0])
