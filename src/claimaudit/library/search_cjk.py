"""Finding CJK words inside sentences, which the search index cannot: FTS5's unicode61
tokenizer keeps a run of Han, kana or Hangul characters as one token, so "深度学习" written
inside "我们研究深度学习方法" is no token of its own and a MATCH never finds it.

Only a query holding CJK characters pays for this: a scan of the passages' text for each of its
character pairs (``search_words.cjk_grams``), a passage ranked by how many it holds. Thai, Lao,
Burmese and Khmer, also written without spaces, are looked for so by their runs whole and their
letter pairs (``text.unspaced``). The same
tokenizer keeps the digits and Latin letters touching CJK characters in the token ("使用了5000个"
is one): those words are found by ``inner_rows``, a scan run only when the index found too few
passages.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from functools import cache
from typing import Any

from claimaudit.text.cjkpairs import CJK_CLASS
from claimaudit.text.unspaced import UNSPACED_CLASS
from claimaudit.text.wordchars import has_astral, marks_class

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
    # In the text as the index reads it, as the query is read: NFKC ("ำ" is "ํา" so).
    text = "coalesce(s.search_text, s.text)"
    held = " + ".join(f"(instr({text}, ?) > 0)" for _ in grams)
    # Each a CJK, Thai, Lao, Burmese or Khmer letter or more: only a passage holding such text
    # may hold one, told first (``_unindexed``). Each gram's scan of every passage made a CJK
    # query over a library of English papers cost 0.2 to 0.8 s.
    conn.create_function(_UNINDEXED, 1, _unindexed, deterministic=True)
    score = f"CASE WHEN {_UNINDEXED}({text}) THEN -({held}) ELSE 0 END"
    return _scored_rows(conn, score, list(grams), paper_id, limit)


def _scored_rows(
    conn: sqlite3.Connection, score: str, params: list[object], paper_id: int | None, limit: int
) -> list[Any]:
    """The passages whose ``score`` (an SQL expression taking ``params``) is below zero, the
    lowest first (then in library order), in ``paper_id`` when given."""
    sql = (
        f"SELECT {_COLUMNS.format(score=score)} FROM passages s "
        "JOIN papers p ON p.id = s.paper_id WHERE score < 0"
    )
    params = list(params)
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


# Han, kana and Hangul, and Thai, Lao, Burmese and Khmer, written without spaces too: a word
# touching them ("COVIDในประเทศไทย") is no token of the index either.
_CJK = CJK_CLASS + UNSPACED_CLASS
# Word characters of scripts written with spaces: a word looked for inside CJK text must not sit
# inside one of these ("ct" in "effect"), while a CJK character or punctuation may touch it. A
# combining mark after one is part of its word (the index reads "हिन्दी" as one word too).
_SPACED_LETTER = f"[^\\W_{_CJK}]"
# A passage without these holds every word as a token of the index: no need to read it here.
_UNINDEXED_SIGN = re.compile(f"[{_CJK}\uff01-\uff5e]")
_INNER_HELD = "claimaudit_inner_held"
_UNINDEXED = "claimaudit_unindexed"


@cache
def _patterns(astral: bool) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """What a word looked for inside CJK text is, and what such a text is read as: a number
    with its decimal or group separators ("2.5", "1,000", never "2" or "5" of "2.5" nor "2.5"
    of "1.2.5"), or a word of a spaced script. The passage holds the word when one of these is
    it. Then words joined by "." or ",": read by the first only where one is found (trying its
    number at each character of a text is several times slower). ``astral``: with the marks
    past the BMP (``text.wordchars.has_astral``)."""
    word = f"{_SPACED_LETTER}+(?:[{marks_class(astral)}]+{_SPACED_LETTER}*)*"
    run = re.compile(rf"\d+(?:[.,]\d+)+(?![.,]?{_SPACED_LETTER})|{word}")
    return run, re.compile(f"{word}(?:[.,]{word})*")


def inner_rows(
    conn: sqlite3.Connection, words: Sequence[str], paper_id: int | None, limit: int
) -> list[Any]:
    """Passages holding any of ``words`` (NFKC, lower-case) where the index cannot see them:
    touching a CJK character ("使用了5000个") or in full-width characters ("CT" so written). Most
    of them first. A scan of the text, so ``Library.search`` runs it only when the index found
    fewer passages than asked for. Its work does not grow with the number of words (a query
    may hold 256): a GLOB picks the passages with a CJK or full-width character, and Python
    reads each once, its words looked up in a set."""
    wanted = _Wanted(words)
    if not wanted.pieces:
        return []
    conn.create_function(_INNER_HELD, 1, wanted.held, deterministic=True)
    conn.create_function(_UNINDEXED, 1, _unindexed, deterministic=True)
    # The text as the index reads it, as the words are read (``search_words``): a "ß" is "ss"
    # in both, so "strasse" finds "我们用Straße方法" as it finds "Straße" elsewhere.
    text = "coalesce(s.search_text, s.text)"
    # First whether the passage holds CJK or full-width text at all, by a regular expression:
    # as a GLOB ("*[...]*", a class of some fifty ranges) it took 2 s on a library of 46,000
    # passages, and a search finding fewer than asked for paid it (a Hebrew query finding
    # nothing took seconds), or each of its words' GLOBs did on every passage.
    maybe = f"{_UNINDEXED}({text})"
    globs: list[object] = []
    if len(wanted.pieces) <= _FEW:
        # A few words: most such passages hold none of them, told in C (each a scan).
        globs = [_any_form_glob(piece) for piece in sorted(wanted.pieces)]
        maybe += " AND (" + " OR ".join(f"{text} GLOB ?" for _ in wanted.pieces) + ")"
    # CASE: the cheap tests first, the words read in Python only where they let one through.
    score = f"CASE WHEN {maybe} THEN -{_INNER_HELD}({text}) ELSE 0 END"
    return _scored_rows(conn, score, globs, paper_id, limit)


def _unindexed(text: str) -> bool:
    """Whether ``text`` holds CJK text or full-width characters, inside which the index sees no
    word."""
    # Most passages are ASCII, told at once (Python knows it of each string).
    return not text.isascii() and _UNINDEXED_SIGN.search(text) is not None


class _Wanted:
    """The words looked for, as ``_runs`` reads them: a word holding CJK characters
    ("使用了5000个") by its other parts ("5000"), its CJK characters being found by their pairs
    (``cjk_rows``)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.pieces = frozenset(run for word in words for run in _runs(_narrow(word).lower()))

    def held(self, text: str) -> int:
        """How many of the words ``text`` holds, each not inside a word of a spaced script
        ("ct" in "effect") nor a number ("234" in "12345"), in any case and width."""
        if not _UNINDEXED_SIGN.search(text):
            return 0
        return len(self.pieces.intersection(_runs(_narrow(text).lower())))


def _runs(text: str) -> list[str]:
    """The words ``_patterns``' first reads in ``text``, sooner."""
    run, joined_words = _patterns(has_astral(text))
    found: list[str] = []
    for joined in joined_words.findall(text):
        if "." in joined or "," in joined:
            found += run.findall(joined)
        else:
            found.append(joined)
    return found


# Up to so many words, each is first looked for by a GLOB (a scan in C each).
_FEW = 16


def _any_form_glob(piece: str) -> str:
    """A GLOB for the passages holding ``piece`` in any case and width (and more: ``held``
    tells). A piece holds word characters, "." and ",", none of them special to GLOB."""
    return "*" + "".join(_any_form(c) for c in piece) + "*"


def _any_form(char: str) -> str:
    """A GLOB for one lower-case character of a piece in any case and width. One whose capital
    is no single character, or lowers to another ("ß" is "SS", whose lower case "ss" a GLOB of
    one character cannot be; "STRAẞE" lowers to "straße"), is any character: ``held`` tells."""
    upper = char.upper()
    if len(upper) != 1 or upper.lower() != char:
        return "?"
    return "[" + "".join(dict.fromkeys((char, upper, _wide(char), _wide(upper)))) + "]"


def _wide(char: str) -> str:
    return chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char


# Full-width forms of ASCII's printable characters but the space (U+FF01..U+FF5E), as ASCII.
_NARROW = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_WIDE_RUN = re.compile("[\uff01-\uff5e]+")


def _narrow(text: str) -> str:
    # Only the full-width runs are translated: a translation of the whole text reads each
    # character through the table, several times slower.
    return _WIDE_RUN.sub(lambda run: run.group().translate(_NARROW), text)
