"""Cheap lexical pre-selection of windows before the cross-encoder.

A full paper gives a few hundred sentence windows; the cross-encoder costs about 6 ms each on two
cores. Windows sharing no informative word with the claim almost never carry its evidence, so
only the ``limit`` best by Okapi BM25 (over this paper's windows, in numpy) are scored; the rest
count as unrelated. Abstracts (a dozen windows) are never cut. The full-paper evaluation set
measures that the cut loses no gold evidence (``training/eval_fullpaper.py``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Sequence

from claimaudit.text.arabic import has_arabic, joined_plurals, without_article
from claimaudit.text.cjkpairs import as_query, cjk_apart, cjk_as_pairs, has_cjk, lone_cjk
from claimaudit.text.folds import spelling_fold
from claimaudit.text.hebrew import has_hebrew, with_unprefixed
from claimaudit.text.number_words import composed, number_fold
from claimaudit.text.searchform import as_tokenizer_folds, ranker_form
from claimaudit.text.unspaced import has_unspaced
from claimaudit.text.wordchars import without_diacritics, words

_STOP = set(
    "the a an of in on and or to for with by is are was were be been being that this these those "
    "as at from it its their our we can may than which has have had do does did into also such "
    "other".split()
)
_K1, _B = 1.2, 0.75


def _folded(text: str, unspaced: bool = False) -> str:
    """``text`` compared blind to case and as the rankers read it (``text.searchform``): a
    paper stored decomposed (NFD), a claim typed in full-width letters and the composed
    spelling read as the same words, a Persian word with or without the non-joiner between its
    pieces, "ک" and "ی" as "ك" and "ي", "ß" as "ss", an Arabic or Hebrew word with or without
    its vowel points, a Greek or Russian one with or without its tonos or ё, a Latin one with
    or without its accents ("café" and "cafe", as the index's tokenizer folds them), so a claim
    and a window that match in ``library search`` match here; Thai broken at its marks; a
    Latin diacritic NFKC left decomposed is dropped, as the index drops it (a "k" under a
    combining circumflex, U+0302, is "k"). With ``unspaced`` (a Thai, Lao, Burmese or Khmer
    claim), those scripts in letter pairs (``text.unspaced``), as the checker's BM25 reads
    them."""
    if text.isascii():
        return text.lower()  # most windows: the same words, at the cost of before
    return as_tokenizer_folds(without_diacritics(ranker_form(text, unspaced))).casefold()


def _terms(
    text: str,
    pairs: bool = False,
    alone: Collection[str] = (),
    article: bool = False,
    unspaced: bool = False,
    hebrew: bool = False,
    fold: Callable[[str], str] | None = None,
) -> list[str]:
    # A word with the combining marks inside it ("हिन्दी"), never its letters alone, which
    # the length rule below dropped: a Hindi claim had no terms to rank windows by. With
    # ``pairs`` (a CJK claim) a CJK run is its character pairs (``text.cjkpairs``), not one word
    # no claim's word equals; a CJK character standing alone stays a term: a one-syllable
    # Korean word ("암", cancer; "약", drug) or Chinese one between punctuation is a word, as
    # the checker's BM25 and ``library search`` read it, not a stray letter; ``alone`` (the
    # claim's such characters) are words inside a window's runs too ("암은"), as there.
    # ``article`` (an Arabic claim): an Arabic word without the article written onto it
    # ("الكتاب" as "كتاب", ``text.arabic``), as the checker's BM25 reads it.
    # ``unspaced``: a Thai, Lao, Burmese or Khmer claim's letter pairs (``text.unspaced``).
    folded = _folded(text, unspaced)
    # ``fold`` (a claim holding "x²" or "Müller"): each spelling ``library search`` finds such
    # a word by read as one ("x^2" as "x2", "mueller" as "muller", ``text.folds``), as the
    # checker's BM25 reads it.
    folded = fold(folded) if fold is not None else folded
    # A claim without CJK: a window's word touching CJK text ("DNA는") is the word
    # (``text.cjkpairs.cjk_apart``), as the checker's BM25 reads it.
    folded = folded if pairs else cjk_apart(folded)
    # A Persian plural's ending written apart onto its word ("کتابها"), as there too.
    folded = without_article(joined_plurals(folded)) if article else folded
    # ``hebrew`` (a Hebrew claim): each Hebrew word also without the one-letter word written
    # onto it ("המחקר" also as "מחקר", ``text.hebrew``), as the checker's BM25 reads it.
    folded = with_unprefixed(folded) if hebrew else folded
    terms = words(cjk_as_pairs(folded, alone) if pairs else folded)
    return [t for t in terms if t not in _STOP and (len(t) > 1 or (pairs and has_cjk(t)))]


def bm25_scores(query: str, texts: Sequence[str]) -> list[float]:
    # A claim in another script reads the windows as before, whatever CJK they hold.
    pairs = has_cjk(query)
    unspaced = has_unspaced(query)
    if pairs:
        # A Korean word without the particle written onto it ("암은" as "암", cancer), a
        # Japanese one-kanji word apart from the kana after it ("癌は" as "癌"), as the
        # checker's BM25 and ``library search`` read a claim (``text.cjkpairs.as_query``).
        query = as_query(_folded(query, unspaced))
    alone = lone_cjk(_folded(query)) if pairs else frozenset()
    article = has_arabic(_folded(query))
    hebrew = has_hebrew(_folded(query))
    # A plain "Muller" too where a window writes "Mueller", which search finds by it.
    fold = spelling_fold(query, texts)
    # "covid19" and "COVID-19" too, where the claim and a window write it each way.
    fold = composed(fold, number_fold(query, texts))
    docs = [Counter(_terms(t, pairs, alone, article, unspaced, hebrew, fold)) for t in texts]
    if not docs:
        return []
    lengths = [sum(d.values()) for d in docs]
    average = sum(lengths) / len(lengths) or 1.0
    df: Counter[str] = Counter()
    for doc in docs:
        df.update(doc.keys())
    n = len(docs)
    scores = []
    terms = set(_terms(query, pairs, article=article, unspaced=unspaced, hebrew=hebrew, fold=fold))
    for doc, length in zip(docs, lengths, strict=True):
        score = 0.0
        for term in terms:
            tf = doc.get(term, 0)
            if tf:
                idf = math.log(1.0 + (n - df[term] + 0.5) / (df[term] + 0.5))
                score += idf * tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / average))
        scores.append(score)
    return scores


def preselect(query: str, texts: Sequence[str], limit: int) -> list[int]:
    """Indices of the windows to score, in document order (all of them when few)."""
    if len(texts) <= limit:
        return list(range(len(texts)))
    scores = bm25_scores(query, texts)
    best = sorted(range(len(texts)), key=lambda i: (-scores[i], i))[:limit]
    return sorted(best)
