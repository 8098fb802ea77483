"""Finding CJK words inside sentences, which the search index cannot: FTS5's unicode61
tokenizer keeps a run of Han, kana or Hangul characters as one token, so "深度学习" written
inside "我们研究深度学习方法" is no token of its own and a MATCH never finds it.

Only a query holding CJK characters pays for this: a scan of the passages' text for each of its
character pairs (``search_words.cjk_grams``), a passage ranked by how many it holds. The same
tokenizer keeps the digits and Latin letters touching CJK characters in the token ("使用了5000个"
is one), and folds no full-width letters: those words are found by ``inner_rows``, a scan run
only when the index found too few passages.
"""

from __future__ import annotations

import re
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


# Han, kana and Hangul.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f"
# Word characters of scripts written with spaces: a word looked for inside CJK text must not sit
# inside one of these ("ct" in "effect"), while a CJK character or punctuation may touch it.
_SPACED_WORD = f"[^\\W_{_CJK}]"
# A passage without these holds every word as a token of the index: no need to read it here
# (a quick scan in C, where the search below would try each "ct" of "effect" in turn).
_UNINDEXED_SIGN = re.compile(f"[{_CJK}\uff01-\uff5e]")
_INNER_HELD = "claimaudit_inner_held"


def inner_rows(
    conn: sqlite3.Connection, words: Sequence[str], paper_id: int | None, limit: int
) -> list[Any]:
    """Passages holding any of ``words`` (NFKC, lower-case) where the index cannot see them:
    touching a CJK character ("使用了5000个") or in full-width characters ("CT" so written). Most
    of them first. A scan of the text, so ``Library.search`` runs it only when the index found
    fewer passages than asked for: SQLite's ``LIKE`` picks the passages holding a word's letters in
    some form, and a regular expression (any case) keeps those where it stands alone."""
    if not words:
        return []
    patterns = [_pattern(w) for w in words]

    def held(text: str) -> int:
        if not _UNINDEXED_SIGN.search(text):
            return 0
        return sum(1 for pattern in patterns if pattern.search(text))

    conn.create_function(_INNER_HELD, 1, held)
    forms = list(dict.fromkeys(f for w in words for f in _written_forms(w)))
    maybe = " OR ".join("s.text LIKE ? ESCAPE '\\'" for _ in forms)
    # CASE: the cheap LIKE first, Python only for the passages it lets through.
    score = f"CASE WHEN {maybe} THEN -{_INNER_HELD}(s.text) ELSE 0 END"
    sql = (
        f"SELECT {_COLUMNS.format(score=score)} FROM passages s "
        "JOIN papers p ON p.id = s.paper_id WHERE score < 0"
    )
    params: list[object] = [f"%{_like_escaped(f)}%" for f in forms]
    if paper_id is not None:
        sql += " AND s.paper_id = ?"
        params.append(paper_id)
    sql += " ORDER BY score, s.id LIMIT ?"
    params.append(limit)
    return conn.execute(sql, params).fetchall()


def _pattern(word: str) -> re.Pattern[str]:
    """``word`` written as is or in full-width characters, in any case, not inside a word of a
    script written with spaces."""
    either = "|".join(re.escape(f) for f in dict.fromkeys((word, _full_width(word))))
    return re.compile(f"(?<!{_SPACED_WORD})(?:{either})(?!{_SPACED_WORD})", re.IGNORECASE)


def _written_forms(word: str) -> list[str]:
    """How ``word`` may be written in stored text, as far as ``LIKE`` (ASCII letters in any
    case) tells apart: as is, in capitals, capitalised, and (an ASCII word) in full-width
    characters."""
    if not word.isascii():
        return list(dict.fromkeys((word, word.upper(), word.capitalize())))
    # LIKE folds ASCII letters itself, but not their full-width forms. Each form is a scan.
    return list(dict.fromkeys((word, _full_width(word), _full_width(word.upper()))))


def _full_width(text: str) -> str:
    # U+FF01..U+FF5E are ASCII's printable characters but the space, 0xFEE0 further on.
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _like_escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
