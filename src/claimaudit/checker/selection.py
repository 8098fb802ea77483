"""Evidence selection: rank a paper's passages for a claim and keep what fits the judge's budget.

Ranking sits behind the small ``Ranker`` protocol so a better ranker (dense retrieval, a
cross-encoder) can replace BM25 without touching the checker. The budget is the judge's own
where it has one (``fit``: a judge with a context window counts tokens, see
``Judge.fit_evidence``), else a fixed number of characters. Nothing is dropped silently:
``Selection`` says how many passages were considered and how many were selected.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from itertools import chain
from typing import Protocol

from claimaudit.errors import JudgeError, UsageError
from claimaudit.library.fts import MAX_TOKENS, fts_query, query_terms
from claimaudit.passage import Passage
from claimaudit.text.arabic import has_arabic, joined_plurals, without_article
from claimaudit.text.cjkpairs import (
    as_query,
    cjk_apart,
    cjk_as_pairs,
    has_cjk,
    lone_cjk,
    touches_cjk,
)
from claimaudit.text.hebrew import (
    has_hebrew,
    holds_stacked_prefixes,
    with_unprefixed,
    without_acronym_marks,
)
from claimaudit.text.plain import is_link_only
from claimaudit.text.searchform import TOKENIZER, altered_characters, raised_apart, ranker_form
from claimaudit.text.unspaced import has_unspaced
from claimaudit.text.wordchars import (
    class_ranges,
    has_astral,
    unspaced_marks_as_breaks,
    without_indic_joiners,
    without_points,
)

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
        limit = MAX_CJK_TERMS if cjk or unspaced else MAX_TOKENS
        match = fts_query(_read_with(read, article, hebrew)(query), limit)
        if match is None or not passages:
            return list(passages)
        alone = lone_cjk(_indexed(query)) if cjk else frozenset()
        if alone:
            # A one-character word of the claim ("癌") is found inside a passage's runs too
            # ("癌症"), as ``library search`` finds it: as pairs alone, only where it stood alone.
            read = partial(_pairs, alone=alone, unspaced_pairs=unspaced)
        read = _read_with(read, article, hebrew)
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
    read: Callable[[str], str], article: bool, hebrew: bool = False
) -> Callable[[str], str]:
    if hebrew:
        return _read_with(lambda text: with_unprefixed(read(text)), article)
    # An Arabic-script claim: a Persian plural's ending written apart onto its word too
    # ("کتابها", ``text.arabic.joined_plurals``), as a non-joiner before it is read past.
    return (lambda text: without_article(joined_plurals(read(text)))) if article else read


def reads_hebrew_prefixes(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds a Hebrew word and it or one of ``texts`` a word that may have a
    one-letter word written onto it ("המחקר"), which the rankers once read only as written
    (so the results cache asks such a question afresh: ``text.hebrew``)."""
    if not has_hebrew(_indexed(query)):
        return False
    return any(_prefix_read(text) for text in chain((query,), texts))


def reads_hebrew_stacked_prefixes(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds a Hebrew word and it or one of ``texts`` a word with two
    one-letter words written onto it ("ובבית", and in the house), which the rankers once read
    without the first alone ("בבית", never "בית"): the results cache asks such a question
    afresh (``text.hebrew``)."""
    if not has_hebrew(_indexed(query)):
        return False
    return any(holds_stacked_prefixes(_indexed(text)) for text in chain((query,), texts))


def _prefix_read(text: str) -> bool:
    if not has_hebrew(text):
        return False
    form = _indexed(text)
    return with_unprefixed(form) != form


def reads_arabic_article(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds an Arabic word and it or one of ``texts`` a word with the
    article written onto it ("الكتاب"), which the rankers once read as a word of its own (so
    the results cache asks such a question afresh: ``text.arabic``)."""
    if not has_arabic(_indexed(query)):
        return False
    return any(_article_read(text) for text in chain((query,), texts))


def reads_persian_plurals(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds an Arabic-script word and it or one of ``texts`` a Persian plural
    ending written apart from its word, which the rankers once read as a word of its own (so
    the results cache asks such a question afresh: ``text.arabic.joined_plurals``)."""
    if not has_arabic(_indexed(query)):
        return False
    return any(_plural_read(text) for text in chain((query,), texts))


def _plural_read(text: str) -> bool:
    if not has_arabic(text):
        return False
    form = _indexed(text)
    return joined_plurals(form) != form


def _article_read(text: str) -> bool:
    if not has_arabic(text):
        return False
    form = _indexed(text)
    return without_article(form) != form


def _cjk_query(query: str, unspaced_pairs: bool = False) -> str:
    return as_query(ranker_form(query, unspaced_pairs))


def reads_cjk_apart(query: str, texts: Iterable[str]) -> bool:
    """Whether ``query`` holds no CJK and it or one of ``texts`` a word touching CJK text
    ("DNA는"), which the rankers once read as one word with it (``text.cjkpairs.cjk_apart``):
    the results cache asks such a question afresh."""
    return not has_cjk(query) and any(touches_cjk(text) for text in chain((query,), texts))


def reads_unspaced_pairs(query: str) -> bool:
    """Whether ``query`` holds Thai, Lao, Burmese or Khmer, which the rankers once read broken
    at its marks, and now in letter pairs (``text.unspaced``): the results cache asks such a
    question afresh."""
    return has_unspaced(query)


def reads_cjk_words_apart(query: str) -> bool:
    """Whether ``query`` holds a Korean word with a particle written onto it ("암은") or a
    Japanese one-kanji word with kana after it ("癌は"), which the rankers once looked for as
    written, never finding the word alone ("암", "癌"): the results cache asks such a
    question afresh (``text.cjkpairs.as_query``)."""
    return has_cjk(query) and _cjk_query(query) != _indexed(query)


def finds_lone_cjk(query: str) -> bool:
    """Whether ``query`` holds a CJK character standing alone, which the rankers once matched
    only where a passage held it alone too (so the results cache asks such a question afresh)."""
    return has_cjk(query) and bool(lone_cjk(_indexed(query)))


def read_otherwise(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` reads otherwise to the rankers now (``text.searchform``) than
    before they read the search form (NFKC, without vowel points and Indic joiners): a Persian
    word's non-joiner, a Persian kaf, a "ß", a soft hyphen, a Greek tonos, a Vietnamese "ệ".
    The results cache asks a question whose claim or passages hold one afresh: its answer was
    judged on passages ranked otherwise."""
    return any(_reads_otherwise(text) for text in texts)


def _reads_otherwise(text: str) -> bool:
    if text.isascii():
        return False
    # Quick for most text (a key is made for each question, of each passage): NFKC-normal and
    # without a character the forms tell apart, it reads as before.
    if unicodedata.is_normalized("NFKC", text) and not _altered(has_astral(text)).search(text):
        return False
    before = _before(text)
    return ranker_form(text) != before or _altered(True).search(before) is not None


@cache
def _altered(astral: bool) -> re.Pattern[str]:
    # What ``ranker_form`` changes (``text.searchform.altered_characters``), and the Latin
    # letters with two diacritics ("ệ"), which the ranker's tokenizer kept as they were before
    # it folded them as the index's does (remove_diacritics 2).
    def two(code: int) -> bool:
        parts = unicodedata.normalize("NFD", chr(code))
        return len(parts) > 2 and parts[0].isascii()

    two_diacritics = class_ranges(c for c in range(0xC0, 0x1F00) if two(c))
    return re.compile(f"[{altered_characters(astral)}{two_diacritics}]")


def _before(text: str) -> str:
    normal = without_indic_joiners(without_points(unicodedata.normalize("NFKC", text)))
    return unspaced_marks_as_breaks(normal)


def _composed(text: str) -> str:
    # As the rankers read it, NFKC first (``text.searchform``): a PDF's Arabic presentation
    # form of an alef maksura (U+FEF0) is the letter the ranker folds, and its question is
    # asked afresh as the letter's is. Read as stored, it kept an answer judged otherwise.
    return text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)


def _holds_acronym_mark(text: str) -> bool:
    # Without the vowel points, as the search form reads it: "צָה״ל" holds one too. Quick for
    # text without a Hebrew letter (or its presentation form), most text.
    if not _HEBREW_LETTER.search(text):
        return False
    plain = without_points(_composed(text))
    return without_acronym_marks(plain) != plain


def holds_zero_width_space(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a zero-width space, which the rankers once left out,
    joining the words around it, and now read as a word break (``text.searchform``): the
    results cache asks such a question afresh."""
    return any("\u200b" in text for text in texts)


def holds_raised_digits(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds superscript digits after a digit ("10⁵"), which the
    rankers once read as plain digits ("105") and now as an exponent apart ("10^5",
    ``text.searchform.raised_apart``): the results cache asks such a question afresh."""
    return any(not text.isascii() and raised_apart(text) != text for text in texts)


def holds_hamza_alef(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an Arabic alef with a hamza or madda, which the rankers
    once kept and now read as the bare alef (``text.searchform``): the results cache asks such
    a question afresh."""
    return any(not text.isascii() and _HAMZA_ALEF.search(_composed(text)) for text in texts)


_HAMZA_ALEF = re.compile("[\u0622\u0623\u0625\u0671]")


def holds_folded_letters(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an Arabic alef maksura or teh marbuta, a dotless i, a
    Bengali khanda ta or a Malayalam chillu, which the rankers once kept and now read as yeh,
    heh, "i" and the consonant with its virama (``text.searchform``): the results cache asks
    such a question afresh."""
    return any(not text.isascii() and _FOLDED_LETTER.search(_composed(text)) for text in texts)


_FOLDED_LETTER = re.compile("[\u0629\u0649\u0131\u09ce\u0d54-\u0d56\u0d7a-\u0d7f]")


def holds_urdu_letters(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an Urdu heh goal or yeh barree (or the letters like them:
    ``text.searchform._PLAIN``), which the rankers once kept and now read as the Arabic heh and
    yeh: the results cache asks such a question afresh."""
    return any(not text.isascii() and _URDU_LETTER.search(_composed(text)) for text in texts)


_HEBREW_LETTER = re.compile("[\u05d0-\u05f2\ufb1d-\ufb4f]")
_URDU_LETTER = re.compile("[\u06c0-\u06c3\u06d2\u06d3]")


def holds_modifier_apostrophes(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a modifier letter apostrophe or turned comma ("мʼясо"),
    which the rankers once read as a letter and now as the ASCII apostrophe
    (``text.searchform``): the results cache asks such a question afresh."""
    return any(not text.isascii() and ("\u02bb" in text or "\u02bc" in text) for text in texts)


def holds_plain_latin_letters(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an "æ", "œ", "ł", "đ" or "ħ" (or its capital), which the
    rankers once kept and now read as "ae", "oe", "l", "d" and "h" (``text.searchform``): the
    results cache asks such a question afresh."""
    return any(not text.isascii() and _PLAIN_LATIN.search(_composed(text)) for text in texts)


_PLAIN_LATIN = re.compile("[\u00e6\u00c6\u0153\u0152\u0142\u0141\u0111\u0110\u0127\u0126]")


def holds_o_stroke(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds an "ø" or "Ø", which the rankers once kept and now read
    as "o" (``text.searchform``): the results cache asks such a question afresh."""
    return any(not text.isascii() and ("\u00f8" in text or "\u00d8" in text) for text in texts)


def holds_hebrew_acronym_marks(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a gershayim, geresh or quotation mark between two Hebrew
    letters ("צה״ל"), which the rankers once read as a word break and now read past
    (``text.hebrew.without_acronym_marks``): the results cache asks such a question afresh."""
    return any(not text.isascii() and _holds_acronym_mark(text) for text in texts)


def holds_other_digits(texts: Iterable[str]) -> bool:
    """Whether one of ``texts`` holds a decimal digit of another script than ASCII ("٢٠٢٤"),
    which the rankers once kept and now read as the ASCII digit (``text.searchform``): the
    results cache asks such a question afresh."""
    return any(not text.isascii() and _OTHER_DIGIT.search(text) for text in texts)


_OTHER_DIGIT = re.compile(r"(?![0-9])\d")


def past_word_cap(query: str) -> bool:
    """Whether ``Bm25Ranker`` ranks by more of ``query``'s terms than MAX_TOKENS: a CJK query of
    more character pairs, once ranked by its first MAX_TOKENS alone (so the results cache asks
    such a question afresh)."""
    return has_cjk(query) and len(query_terms(_pairs(query), MAX_TOKENS + 1)) > MAX_TOKENS


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
