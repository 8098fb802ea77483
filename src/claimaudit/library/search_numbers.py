"""A decimal number searched for as itself. FTS5's tokenizer splits "2.5" into "2" and "5", so
the phrase "2 5" a query asks for (``search_words``) also matches "i_2 = 5" or "§1.2.5": a
passage the index finds only by such a phrase is kept when its text holds the number itself."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence

from claimaudit.library.search_words import SearchWords
from claimaudit.text.searchform import ascii_separators, search_form

_HOLDS_NUMBER = "claimaudit_holds_number"


def number_pattern(numbers: Sequence[str]) -> re.Pattern[str]:
    """Any of ``numbers`` as written, not a part of a longer number ("12.5", "2.55", "1.2.5")."""
    either = "|".join(re.escape(n) for n in numbers)
    return re.compile(rf"(?<!\d)(?<!\d[.,])(?:{either})(?!\d|[.,]\d)")


def number_condition(conn: sqlite3.Connection, words: SearchWords) -> tuple[str, list[object]]:
    """The SQL condition on the passage ``s`` that a search adds for the query's decimal
    numbers, and its parameters: found by the query's other words, or holding a number. Empty
    for a query without one."""
    if not words.numbers:
        return "", []
    pattern = number_pattern(words.numbers)

    def holds(text: str) -> int:
        # As the index reads it (``text.searchform``), with the Arabic separators as the ASCII
        # ones: "2.5" in full-width digits, in Arabic-Indic ones (with the Arabic decimal
        # separator or not) or with a note mark after it ("2.5¹") is the number. Read as NFKC
        # alone, the last two were not. The text as stored first: most hold it so, and a form
        # is made only for the others.
        if pattern.search(text) is not None:
            return 1
        return int(
            not text.isascii() and pattern.search(ascii_separators(search_form(text))) is not None
        )

    conn.create_function(_HOLDS_NUMBER, 1, holds, deterministic=True)
    held = f"{_HOLDS_NUMBER}(s.text)"
    if words.plain_match is None:
        return f" AND {held}", []
    # The other words' passages by one more lookup in the index; the text is read only for
    # the passages found by a number alone.
    other = "s.id IN (SELECT rowid FROM passages_fts WHERE passages_fts MATCH ?)"
    return f" AND ({other} OR {held})", [words.plain_match]
