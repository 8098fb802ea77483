"""Turn free text into a safe SQLite FTS5 MATCH expression (library search and BM25 ranking)."""

from __future__ import annotations

from claimaudit.text.wordchars import words

# Common words match nearly every passage: they slow an OR query down without ranking anything.
STOPWORDS = frozenset(
    (
        "a an and are as at be been but by can could do does for from had has have how in into is "
        "it its may might more most no not of on or our over such than that the their them then "
        "there these they this those to was we were what when where which while who will with "
        "would"
    ).split()
)
# The first so many distinct words of a query are searched for: the verifier's measured figures
# were made so (``inputs.ranking_query`` puts a topic's words first for it).
MAX_TOKENS = 64


def query_terms(text: str, limit: int = MAX_TOKENS) -> list[str]:
    """Distinct lower-cased words of ``text`` without common words (all words if only those),
    the first ``limit`` of them."""
    # A word with the combining marks inside it ("हिन्दी"), as the index reads it, never its
    # letters alone ("ह", "न", "द"), which match any passage holding them.
    tokens = [t.lower() for t in words(text)]
    content = [t for t in tokens if t not in STOPWORDS] or tokens
    return list(dict.fromkeys(content))[:limit]


def fts_query(text: str, limit: int = MAX_TOKENS) -> str | None:
    """An OR of quoted tokens, the first ``limit`` distinct ones (BM25 ranks passages matching
    more of them higher), or None.

    Every token is wrapped in double quotes, so FTS5 operators (AND, NEAR, ``*``, ``:``, ``^``)
    typed by the user are searched for as plain words, never interpreted.
    """
    terms = query_terms(text, limit)
    return " OR ".join(f'"{t}"' for t in terms) if terms else None
