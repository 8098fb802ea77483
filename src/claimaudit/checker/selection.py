"""Evidence selection: rank a paper's passages for a claim and keep what fits the judge's budget.

Ranking sits behind the small ``Ranker`` protocol so a better ranker (dense retrieval, a
cross-encoder) can replace BM25 without touching the checker. The budget is the judge's own
where it has one (``fit``: a judge with a context window counts tokens, see
``Judge.fit_evidence``), else a fixed number of characters. Nothing is dropped silently:
``Selection`` says how many passages were considered and how many were selected.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from claimaudit.errors import JudgeError, UsageError
from claimaudit.library.fts import MAX_TOKENS, fts_query
from claimaudit.passage import Passage
from claimaudit.text.arabic import has_arabic, joined_plurals, without_article
from claimaudit.text.cjkpairs import (
    as_query,
    cjk_apart,
    cjk_as_pairs,
    has_cjk,
    lone_cjk,
)
from claimaudit.text.folds import spelling_fold
from claimaudit.text.hebrew import (
    has_hebrew,
    with_unprefixed,
)
from claimaudit.text.number_words import composed, number_fold
from claimaudit.text.plain import is_link_only
from claimaudit.text.searchform import TOKENIZER, as_tokenizer_folds, ranker_form
from claimaudit.text.unspaced import has_unspaced
from claimaudit.text.wordchars import without_diacritics

MAX_PASSAGES = 120
MAX_CHARS = 30_000
# A CJK claim is ranked by all its character pairs, up to so many: a claim of 2,000 characters
# and a topic of 1,000 (the most the surfaces take) give fewer. Each character is a pair, so the
# first 64 terms, as other claims are ranked by, were a claim's first 64 characters: a long
# claim whose key terms came late ranked passages as if they were absent. Measured on 2 cores,
# a claim of 2,000 distinct pairs: 75 ms against 40 ms for 120 passages of 400 characters. The
# bound only keeps a caller of ``rank`` with a far longer query from an unbounded expression.
MAX_CJK_TERMS = 4096

# The version of how the rankers read and rank text: the checker's ``Bm25Ranker`` and the local
# judge's pre-selection (``judges.local.preselect``), whose choice of windows is part of no
# judge's cache identity. It is in the results cache's key (``ranking_settings``), so a change
# to either ranker that bumps it has every answer judged on passages ranked the old way asked
# afresh. 1: the ranking as it stood when the key began to name it (such keys name no version,
# so answers cached before stay found).
RANKING_VERSION = 1


# The judge's own budget: the ranked passages and the most it may take -> the passages it can
# read, best first, or None to leave the choice to the character budget.
Fit = Callable[[Sequence[Passage], int], Sequence[Passage] | None]


class Ranker(Protocol):
    def rank(self, query: str, passages: Sequence[Passage]) -> list[Passage]:
        """All of ``passages``, best match for ``query`` first."""
        ...


class Bm25Ranker:
    """Okapi BM25 from SQLite FTS5, over an in-memory index of just this paper's passages.

    Passages with no query term keep their document order after the matching ones.
    """

    def rank(self, query: str, passages: Sequence[Passage]) -> list[Passage]:
        # A CJK claim, and its passages, in character pairs: a run of CJK characters is one
        # token to unicode61, which no claim's word equals (``text.cjkpairs``). Any other
        # claim reads the passages as before.
        cjk = has_cjk(query)
        # A Thai, Lao, Burmese or Khmer claim, and its passages, in letter pairs: such a run is
        # one token too (``text.unspaced``). Any other claim reads the passages as before.
        unspaced = has_unspaced(query)
        if cjk:
            # A Korean word without the particle written onto it ("암은" as "암", cancer), a
            # Japanese one-kanji word apart from the kana after it ("癌は" as "癌").
            query = _cjk_query(query, unspaced)
        read: Callable[[str], str] = partial(_pairs if cjk else _apart, unspaced_pairs=unspaced)
        # An Arabic claim, and its passages, without the article written onto a word ("الكتاب"
        # as "كتاب", ``text.arabic``). Any other claim reads the passages as before.
        article = has_arabic(_indexed(query))
        # A Hebrew claim, and its passages, with each word also without the one-letter word
        # written onto it ("המחקר" also as "מחקר", ``text.hebrew``), so either spelling matches
        # the other. Any other claim reads the passages as before.
        hebrew = has_hebrew(_indexed(query))
        # A claim holding a word ``library search`` finds in another spelling ("x²" as "x^2",
        # "Müller" as "Mueller"), and its passages, with each such spelling read as one
        # (``text.folds``). Any other claim reads the passages as before.
        # A plain "Muller" too where a passage writes "Mueller", which search finds by it.
        texts = list(_texts(passages))
        fold = spelling_fold(query, texts)
        # A claim's "covid19" where a passage writes "COVID-19", or the other way round: each
        # pair written apart also read as the word (``text.number_words``).
        fold = composed(fold, number_fold(query, texts))
        limit = MAX_CJK_TERMS if cjk or unspaced else MAX_TOKENS
        match = fts_query(_read_with(read, article, hebrew, fold)(query), limit)
        if match is None or not passages:
            return list(passages)
        alone = lone_cjk(_indexed(query)) if cjk else frozenset()
        if alone:
            # A one-character word of the claim ("癌") is found inside a passage's runs too
            # ("癌症"), as ``library search`` finds it: as pairs alone, only where it stood alone.
            read = partial(_pairs, alone=alone, unspaced_pairs=unspaced)
        read = _read_with(read, article, hebrew, fold)
        with sqlite3.connect(":memory:") as db:
            # The library index's tokenizer (``text.searchform.TOKENIZER``): combining marks (M*)
            # are word characters, else a Devanagari vowel sign or virama split "हिन्दी" into
            # letters that any passage may hold; a letter with two diacritics ("ệ", Vietnamese)
            # folds as one with one does, as "cafe" matches "café".
            db.execute(f'CREATE VIRTUAL TABLE p USING fts5(text, section, tokenize="{TOKENIZER}")')
            db.executemany(
                "INSERT INTO p(rowid, text, section) VALUES (?, ?, ?)",
                [(i, read(p.text), read(p.section or "")) for i, p in enumerate(passages)],
            )
            # bm25() is lower-is-better; the text column weighs more than the section heading.
            rows = db.execute(
                "SELECT rowid FROM p WHERE p MATCH ? ORDER BY bm25(p, 1.0, 0.3), rowid", (match,)
            ).fetchall()
        ranked_ids = [int(row[0]) for row in rows]
        matched = set(ranked_ids)
        rest = [i for i in range(len(passages)) if i not in matched]
        return [passages[i] for i in (*ranked_ids, *rest)]


def _texts(passages: Sequence[Passage]) -> Iterator[str]:
    for p in passages:
        yield p.text
        if p.section:
            yield p.section


def _indexed(text: str) -> str:
    # As the library's index reads text (``text.searchform``): a decomposed accent or a
    # full-width letter is the word it stands for, not a word break; a Persian word the same
    # with or without the non-joiner between its pieces, "ک" and "ی" as "ك" and "ي", "ß" as
    # "ss"; an Arabic or Hebrew word with or without its vowel points; a Greek or Russian one
    # with or without its tonos or ё, as ``library search`` finds it. A claim and a passage
    # that match there so match here. Thai (no spaces) broken at its marks, as before.
    return ranker_form(text)


def _apart(text: str, unspaced_pairs: bool = False) -> str:
    # A claim without CJK: a passage's word touching CJK text ("DNA는", "使用了5000个") is the
    # word, not one token with the CJK run, which the claim's "DNA" or "5000" never equalled.
    return cjk_apart(ranker_form(text, unspaced_pairs))


def _pairs(text: str, alone: Collection[str] = (), unspaced_pairs: bool = False) -> str:
    return cjk_as_pairs(ranker_form(text, unspaced_pairs), alone)


def _read_with(
    read: Callable[[str], str],
    article: bool,
    hebrew: bool = False,
    fold: Callable[[str], str] | None = None,
) -> Callable[[str], str]:
    if fold is not None:
        # The fold reads the words as the tokenizer will ("Michaël" as "michael"): a claim's
        # "Michael", read "michal", matched no passage's "Michaël", which the tokenizer made
        # "michael" after the fold (the pre-selection folds first, and matched it).
        return _read_with(lambda text: fold(_tokenized(read(text))), article, hebrew)
    if hebrew:
        return _read_with(lambda text: with_unprefixed(read(text)), article)
    # An Arabic-script claim: a Persian plural's ending written apart onto its word too
    # ("کتابها", ``text.arabic.joined_plurals``), as a non-joiner before it is read past.
    return (lambda text: without_article(joined_plurals(read(text)))) if article else read


def _tokenized(text: str) -> str:
    return as_tokenizer_folds(without_diacritics(text))


def _cjk_query(query: str, unspaced_pairs: bool = False) -> str:
    return as_query(ranker_form(query, unspaced_pairs))


def ranking_settings(ranker: Ranker, max_passages: int, max_chars: int) -> str:
    """What the results cache's key names of the evidence selection: the ranker, the budgets,
    and ``RANKING_VERSION`` past the first."""
    settings = f"{type(ranker).__name__}:{max_passages}:{max_chars}"
    return settings if RANKING_VERSION == 1 else f"{settings}:ranking-{RANKING_VERSION}"


@dataclass(frozen=True)
class Selection:
    passages: tuple[Passage, ...]  # in document order, as the judge sees them
    considered: int

    @property
    def selected(self) -> int:
        return len(self.passages)

    @property
    def complete(self) -> bool:
        return self.selected == self.considered


def offerable(passages: Sequence[Passage]) -> list[Passage]:
    """The passages evidence may be chosen from: all but blank ones (no letter or digit) and
    those that are only web addresses (a footnote "https://..., Accessed 2014-05-15"), which say
    where, not what; a judge that quoted one as evidence would show the reader a link, or
    nothing."""
    return [p for p in passages if not is_blank(p.text) and not is_link_only(p.text)]


def unofferable_kinds(passages: Sequence[Passage]) -> list[str]:
    """What the passages ``offerable`` leaves out are ("blank passages", "web addresses"), for
    saying why a paper has nothing to judge."""
    kinds = []
    if any(is_blank(p.text) for p in passages):
        kinds.append("blank passages")
    if any(not is_blank(p.text) and is_link_only(p.text) for p in passages):
        kinds.append("web addresses")
    return kinds


def is_blank(text: str) -> bool:
    """No letter or digit: whitespace or punctuation alone, nothing a reader could check."""
    return not any(c.isalnum() for c in text)


def check_budgets(max_passages: int, max_chars: int) -> None:
    """UsageError unless both budgets are positive whole numbers. Checked when a checker is
    built: found only while checking, each paper's record would say "check failed: UsageError"
    and lose this message."""
    for name, value in (("max_passages", max_passages), ("max_chars", max_chars)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise UsageError(f"{name} must be a positive whole number, not {value!r}")


def select_candidates(
    query: str,
    passages: Sequence[Passage],
    ranker: Ranker,
    max_passages: int = MAX_PASSAGES,
    max_chars: int = MAX_CHARS,
    fit: Fit | None = None,
) -> Selection:
    """The best-ranked passages that fit the budget (``fit``'s, else ``max_chars``), at most
    ``max_passages`` of them, returned in document order. Only ``offerable`` passages are
    candidates."""
    check_budgets(max_passages, max_chars)
    order = {p.passage_id: i for i, p in enumerate(passages)}
    ranked = ranker.rank(query, offerable(passages))
    fitted = None if fit is None else fit(ranked, max_passages)
    if fitted is None:
        chosen = _by_characters(ranked, max_passages, max_chars)
    else:
        offered = {p.passage_id: p for p in ranked}
        ids = [p.passage_id for p in list(fitted)[:max_passages]]
        if len(set(ids)) != len(ids) or not set(ids) <= offered.keys():
            raise ValueError("the judge's fit returned passages that were not offered")
        # The judge names passages; their text stays the source's own, so what is judged and
        # quoted is the paper's, whatever text the judge's objects carried.
        chosen = [offered[i] for i in ids]
    chosen.sort(key=lambda p: order[p.passage_id])
    return Selection(passages=tuple(chosen), considered=len(passages))


def vet_fitted(judge: str, fitted: object, ranked: Sequence[Passage]) -> None:
    """JudgeError naming ``judge`` unless ``fitted``, its ``fit_evidence`` answer, is a list or
    tuple of passages it was offered, each once. A generator was used up by this very check and
    then read as "no passage fits the evidence budget"; a passage twice failed later as a bare
    ValueError."""
    if not isinstance(fitted, list | tuple):
        raise JudgeError(
            f"judge {judge!r} fitted passages as {type(fitted).__name__}, not a list or tuple"
        )
    offered = {p.passage_id for p in ranked}
    seen: set[str] = set()
    for passage in fitted:
        passage_id = getattr(passage, "passage_id", None)
        if passage_id not in offered:
            raise JudgeError(f"judge {judge!r} fitted passages it was not offered")
        if passage_id in seen:
            raise JudgeError(f"judge {judge!r} fitted passage {passage_id} twice")
        seen.add(passage_id)


def _by_characters(ranked: Sequence[Passage], max_passages: int, max_chars: int) -> list[Passage]:
    chosen: list[Passage] = []
    used = 0
    for passage in ranked:
        if len(chosen) >= max_passages:
            break
        if used + len(passage.text) > max_chars:
            continue  # a shorter, lower-ranked passage may still fit
        chosen.append(passage)
        used += len(passage.text)
    return chosen
