"""Whether a library's index holds a word, for ``library search``'s other spellings
(``search_spellings``): a spelling no passage holds finds nothing, so it takes none of the room
the spellings share, and a word is said to be searched for in only some of its spellings only
where one the library holds was left out."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import cache

# A word as one quoted term, read by the index's own tokenizer (its case folding and stemmer).
_HOLDS = "SELECT 1 FROM passages_fts WHERE passages_fts MATCH ? LIMIT 1"


def index_holds(conn: sqlite3.Connection) -> Callable[[str], bool]:
    """Whether the index of ``conn``'s library holds the word, each word asked once. An error
    is raised as the search's own would be (a damaged index, an interrupt), never read as an
    answer: an interrupt taken for "holds it" would let the search run on."""

    @cache
    def holds(word: str) -> bool:
        found = conn.execute(_HOLDS, ('"' + word.replace('"', '""') + '"',)).fetchone()
        return found is not None

    return holds
