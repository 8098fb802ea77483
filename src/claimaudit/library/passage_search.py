"""Searching the library's passages (``Library.search``): the full-text index's BM25 hits, with
CJK text and words inside it found in the text, and an index out of step with the passages
said to be damaged rather than read as "nothing found"."""

from __future__ import annotations

import sqlite3

from claimaudit.errors import LibraryDamagedError
from claimaudit.identity import PaperRef
from claimaudit.library.damage import (
    INDEX_DAMAGED,
    as_damage,
    index_count_out_of_step,
    index_out_of_step,
    looks_damaged,
)
from claimaudit.library.models import SearchHit
from claimaudit.library.paper_rows import not_found, resolve
from claimaudit.library.search_cjk import cjk_rows, inner_rows, merged
from claimaudit.library.search_held import index_holds
from claimaudit.library.search_numbers import number_condition
from claimaudit.library.search_words import search_words


def search_passages(
    conn: sqlite3.Connection, query: str, ref: PaperRef | None, limit: int, *, exact: bool
) -> list[SearchHit]:
    """The passages best matching the words of ``query`` (``Library.search``)."""
    words = search_words(query)  # a query with no word to search for is refused first
    if limit <= 0:
        return []
    sql = (
        "SELECT p.kind, p.work, p.version, p.title, s.passage_id, s.section, s.text, "
        "bm25(passages_fts, 1.0, 0.3) AS score, s.page_start, s.page_end FROM passages_fts "
        "JOIN passages s ON s.id = passages_fts.rowid JOIN papers p ON p.id = s.paper_id "
        "WHERE passages_fts MATCH ?"
    )
    params: list[object] = []
    paper_id: int | None = None
    if ref is not None:
        found = resolve(conn, ref, exact=exact)
        if found is None:
            raise not_found(conn, ref)
        paper_id = found[0]
        sql += " AND s.paper_id = ?"
        params.append(paper_id)
    try:
        # The spellings the index holds (``library.search_held``): asked of the index, so a
        # damaged one is said to be so below.
        words = search_words(query, index_holds(conn))
        params.insert(0, words.match)
        # "2.5" searched for is "2 5", which "i_2 = 5" holds too: such hits are left out.
        numbers, number_params = number_condition(conn, words)
        sql += numbers + " ORDER BY score LIMIT ?"
        params += [*number_params, limit]
        rows = conn.execute(sql, params).fetchall()
        # A library-wide search whose index holds fewer (or more) passages than the library
        # would leave some out, found something or not: two counts, a few milliseconds on a
        # library of 46,000 passages, are compared at every such search.
        if paper_id is None and index_count_out_of_step(conn):
            raise LibraryDamagedError(INDEX_DAMAGED, part="index")
        # Nothing found may be the answer, or an index that lost the passages: told apart
        # only then, so a query that finds something costs nothing more.
        if not rows and index_out_of_step(conn, paper_id):
            raise LibraryDamagedError(INDEX_DAMAGED, part="index")
        if words.cjk_grams:
            # CJK words inside sentences are no tokens of the index: found in the text.
            found_cjk = cjk_rows(conn, words.cjk_grams, paper_id, limit)
            rows = merged(found_cjk, rows, limit)
        if len(rows) < limit:
            # Numbers and Latin words inside CJK text or in full-width letters: no tokens
            # of the index, found after its hits (a scan, so only when they are too few).
            found_inner = inner_rows(conn, words.inner_words, paper_id, limit)
            rows = merged(rows, found_inner, limit)
    except sqlite3.Error as exc:
        damage = as_damage(conn, exc) if looks_damaged(exc, conn) else None
        if damage is not None:
            raise damage from exc
        raise
    shadowed = _versioned_works(conn, rows)
    return [
        SearchHit(
            ref=PaperRef.as_stored(r[0], r[1], r[2]),
            title=r[3],
            passage_id=r[4],
            section=r[5],
            text=r[6],
            score=-float(r[7]),
            pages=(int(r[8]), int(r[9])) if r[8] is not None else None,
            exact=(r[0], r[1]) in shadowed if r[2] is None else False,
        )
        for r in rows
    ]


def _versioned_works(
    conn: sqlite3.Connection, rows: list[tuple[object, ...]]
) -> set[tuple[object, object]]:
    """The works of the unversioned copies among ``rows`` (kind, work, version first) that
    have versions stored too: such a copy's plain reference resolves to the newest version, so
    only an exact reference reaches it."""
    works = {(r[0], r[1]) for r in rows if r[2] is None}
    return {
        (kind, work)
        for kind, work in works
        if conn.execute(
            "SELECT 1 FROM papers WHERE kind = ? AND work = ? AND version IS NOT NULL",
            (kind, work),
        ).fetchone()
    }
