"""Whether two near-identical titles differ only as one title's spellings do.

A character similarity of 0.9 forgives a typo or a British spelling, but also another word:
"Ten simple rules for the care and feeding of scientific data" and "... scientific software",
"Increased risk of stroke" and "Decreased risk of stroke" are 0.92 and 0.94 alike, and are
other papers. So the titles are also compared word by word: each word that differs must be a
respelling of its counterpart (``respelt``), a word written apart or together ("non smooth",
"nonsmooth"), or a function word added or dropped ("a", "the"); a content word added, dropped
or swapped for another makes two titles.
"""

from __future__ import annotations

import difflib
import re

# Words whose presence or absence changes no title's meaning: a cited title may add or drop
# them. Negations are not among them: ``compare._distinguishing`` keeps those apart first.
_FUNCTION_WORDS = frozenset(
    "a an the of for and in on to with by from at as or via its their is are".split()
)
# Prefixes that make opposites while the rest of the word stays ("hyperthyroidism" and
# "hypothyroidism" are two edits apart, as "modelling" and "modeling" are one).
_OPPOSED_PREFIXES = (
    ("hyper", "hypo"),
    ("inter", "intra"),
    ("infra", "intra"),
    ("endo", "exo"),
    ("micro", "macro"),
    ("ante", "anti"),
)
# Scripts written without spaces between words: ``compare.words`` makes each character a word
# of its own, so that containment and similarity work on them as on spaced text. A variant form
# of one such character ("图象", "图像") is left to the whole title's similarity.
UNSPACED = re.compile(
    "([\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\U00020000-\U0003134f])"
)


def same_words(cited: str, catalogue: str) -> bool:
    """Whether titles given as ``compare.words`` writes them differ only by respellings,
    words written apart or together, and function words added or dropped."""
    left, right = cited.split(), catalogue.split()
    matcher = difflib.SequenceMatcher(None, left, right, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or _respelt_all(left[i1:i2], right[j1:j2]):  # "teh" for "the" too
            continue
        ours = [w for w in left[i1:i2] if w not in _FUNCTION_WORDS]
        theirs = [w for w in right[j1:j2] if w not in _FUNCTION_WORDS]
        if "".join(ours) != "".join(theirs) and not _respelt_all(ours, theirs):
            return False  # "".join equal: function words alone, or "data sets"/"datasets"
    return True


def swaps_a_word(text: list[str], title: list[str]) -> bool:
    """Whether the run of ``text``'s words most like ``title`` (words as ``compare.words``
    writes them) has another content word in a title word's place: an unstructured entry
    ("Goodman A. Ten simple rules ... of scientific software. PLoS ...") holds 10 of the 11
    words of "... of scientific data", and was said to give that title. A word dropped, or
    cut short ("sci." for "scientific"), is forgiven there, as it always was."""
    if not title or len(text) < len(title):
        return False
    # The title laid over the text where their longest common run of words falls.
    run = difflib.SequenceMatcher(None, text, title, autojunk=False).find_longest_match()
    start = min(max(run.a - run.b, 0), len(text) - len(title))
    best = text[start : start + len(title)]
    matcher = difflib.SequenceMatcher(None, best, title, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace":
            continue
        ours = [w for w in best[i1:i2] if w not in _FUNCTION_WORDS]
        theirs = [w for w in title[j1:j2] if w not in _FUNCTION_WORDS]
        if not (ours and theirs) or "".join(ours) == "".join(theirs):
            continue  # a function word, or a word written apart ("data sets")
        if len(ours) != len(theirs) or not all(map(_same_or_cut, ours, theirs)):
            return True
    return False


def _same_or_cut(one: str, other: str) -> bool:
    """A respelling, or one word cut short to the other's start ("sci", "scientific")."""
    short, long = sorted((one, other), key=len)
    return respelt(one, other) or (len(short) >= 3 and long.startswith(short))


def _respelt_all(ours: list[str], theirs: list[str]) -> bool:
    return len(ours) == len(theirs) and all(map(respelt, ours, theirs))


def respelt(one: str, other: str) -> bool:
    """Whether two different words are one word spelt two ways: a typo or a national spelling
    ("Pyhton", "teh", "colour", "centre", "programme"). They begin alike (a word's first
    letter is where "in-", "de-", "un-" or "non-" make another word), are at most one edit
    apart (two when one has nine letters or more; a swap of neighbours is one), and are not a
    pair of opposed prefixes on one stem."""
    if UNSPACED.fullmatch(one) and UNSPACED.fullmatch(other):
        return True
    if one[:1] != other[:1]:
        return False
    for first, second in _OPPOSED_PREFIXES:
        for a, b in ((one, other), (other, one)):
            if a.startswith(first) and b.startswith(second):
                return False
    allowed = 2 if max(len(one), len(other)) >= 9 else 1
    return _edits(one, other, allowed) <= allowed


def _edits(one: str, other: str, limit: int) -> int:
    """The optimal-string-alignment distance between the words (insertions, deletions,
    substitutions and swaps of neighbours), or ``limit + 1`` once it is surely more."""
    if abs(len(one) - len(other)) > limit:
        return limit + 1
    before: list[int] = []
    previous = list(range(len(other) + 1))
    for i, a in enumerate(one, 1):
        current = [i] + [0] * len(other)
        for j, b in enumerate(other, 1):
            current[j] = min(
                previous[j] + 1,
                current[j - 1] + 1,
                previous[j - 1] + (a != b),
            )
            if i > 1 and j > 1 and a == other[j - 2] and one[i - 2] == b:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]
