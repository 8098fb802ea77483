"""Finding CJK words inside sentences, which the search index cannot: FTS5's unicode61
tokenizer keeps a run of Han, kana or Hangul characters as one token, so "深度学习" written
inside "我们研究深度学习方法" is no token of its own and a MATCH never finds it.

Only a query holding CJK characters pays for this: a scan of the passages' text for each of its
character pairs (``search_words.cjk_grams``), a passage ranked by how many it holds.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

# The columns ``Library.search`` reads, in its order; the score is negated like bm25's, so a
# passage holding more of the pairs ranks first.
_COLUMNS = (
    "p.kind, p.work, p.version, p.title, s.passage_id, s.section, s.text, {score} AS score, "
    "s.page_start, s.page_end"
)


def cjk_rows(
    conn: sqlite3.Connection, grams: Sequence[str], paper_id: int | None, limit: int
) -> list[Any]:
    """Passages holding any of ``grams``, most of them first (then in library order)."""
    if not grams:
        return []
    held = " + ".join("(instr(s.text, ?) > 0)" for _ in grams)
    sql = (
        f"SELECT {_COLUMNS.format(score=f'-({held})')} FROM passages s "
        "JOIN papers p ON p.id = s.paper_id WHERE score < 0"
    )
    params: list[object] = list(grams)
    if paper_id is not None:
        sql += " AND s.paper_id = ?"
        params.append(paper_id)
    sql += " ORDER BY score, s.id LIMIT ?"
    params.append(limit)
    return conn.execute(sql, params).fetchall()


def merged(first: Sequence[Any], then: Sequence[Any], limit: int) -> list[Any]:
    """``first``'s rows, then ``then``'s not among them, at most ``limit``."""
    seen = {(r[0], r[1], r[2], r[4]) for r in first}
    rest = [r for r in then if (r[0], r[1], r[2], r[4]) not in seen]
    return [*first, *rest][:limit]
