"""The text the search index reads for a passage: NFKC-normalised, so a word held as a ligature
("ﬁnding"), in full-width letters or digits or with superscripts is found by the word as a user
types it ("finding", "CT", "2024"), as ``search_words`` reads the query; with the capitals
the index's tokenizer cannot fold in lower case; without the invisible characters that may sit
inside a word; and without the vowel points of Arabic and Hebrew, so a vocalised word is found
by the word as it is mostly written, and the other way round (``text.searchform``).

The passage itself is stored, shown and quoted as read; its search form is kept beside it
(``passages.search_text``) only where the two differ, NULL otherwise, and the index reads
``coalesce(search_text, text)`` (the view ``passages_search``). Its heading likewise
(``passages.search_section``). The form itself is ``text.searchform``'s, which the rankers
read a claim and its passages in too."""

from __future__ import annotations

import sqlite3

from claimaudit.text.searchform import search_form

SQL_NAME = "claimaudit_search_text"


def search_text(text: str) -> str | None:
    """``text`` as the index reads it, None when that is ``text`` itself (most passages)."""
    normal = search_form(text)
    return None if normal == text else normal


def _sql_search_text(value: str | bytes | int | float | None) -> str | None:
    # A non-text value (a blob another tool stored) is indexed as it is.
    return search_text(value) if isinstance(value, str) else None


def register(conn: sqlite3.Connection) -> None:
    """Make ``claimaudit_search_text(x)`` callable in ``conn``'s SQL: the migration that made
    the column fills it for the passages stored before."""
    conn.create_function(SQL_NAME, 1, _sql_search_text, deterministic=True)
