"""Turn a user's free text into a safe FTS5 MATCH expression."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[^\W_]+")
# Common words match nearly every passage: they slow an OR query down without ranking anything.
_STOPWORDS = frozenset(
    "a an and are as at be been but by for from has have in is it its of on or that the their "
    "these this those to was were which with not no can may than then there into".split()
)
_MAX_TOKENS = 64


def fts_query(text: str) -> str | None:
    """An OR of quoted tokens (BM25 ranks passages matching more of them higher), or None.

    Every token is wrapped in double quotes, so FTS5 operators (AND, NEAR, ``*``, ``:``, ``^``)
    typed by the user are searched for as plain words, never interpreted.
    """
    tokens = [t.lower() for t in _TOKEN.findall(text)]
    content = [t for t in tokens if t not in _STOPWORDS] or tokens
    unique = list(dict.fromkeys(content))[:_MAX_TOKENS]
    if not unique:
        return None
    return " OR ".join(f'"{t}"' for t in unique)
