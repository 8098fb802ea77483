"""CJK text as the rankers read it: each run of Han, kana or Hangul as its overlapping character
pairs ("深度学习方法" -> "深度 度学 学习 习方 方法"), as ``library search`` looks such text up
(``library.search_words``).

Chinese and Japanese are written without spaces, so a tokenizer (FTS5's unicode61, the
pre-selection's words) read a whole clause as one word: no claim's word equalled a passage's,
and a CJK claim ranked a paper's passages in document order. Pairs need no dictionary, and a
two-character word, the commonest length in Chinese, is one of them.

Only a claim holding CJK characters reads so (``has_cjk``), and then its passages with it: a
claim in another script ranks a paper exactly as before, whatever CJK its passages hold.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from claimaudit.text.hangul import without_particles
from claimaudit.text.kanji import kanji_apart
from claimaudit.text.unspaced import UNSPACED_CLASS

# Han (with the compatibility ideographs and the supplementary planes), kana and Hangul, as the
# inside of a regex class; the library's search reads them so too (``library.search_words``,
# ``library.search_cjk``). With the iteration marks, which repeat the character before inside
# a word ("人々", people; "様々", various), and the ideographic zero (U+3007): apart from their
# word, "人々" was looked for as "人", which "人工" and "人口" hold too.
CJK_CLASS = (
    "\u3005-\u3007\u303b\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
    "\U00020000-\U0002fa1f"
)
_CJK_RUN = re.compile(f"[{CJK_CLASS}]+")


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a Han, kana or Hangul character, as written or in its NFKC form,
    which the rankers read (``text.searchform``) and ``library search`` looks up in pairs too:
    a claim in half-width katakana ("ﾃﾞｰﾀ") or in the Kangxi radicals a PDF's text may hold
    for Han ("⼈⼯", U+2F08 U+2F2F, for "人工") was read as one word a run."""
    if text.isascii():
        return False
    return _CJK_RUN.search(text) is not None or (
        _CJK_RUN.search(unicodedata.normalize("NFKC", text)) is not None
    )


def cjk_as_pairs(text: str, alone: Collection[str] = ()) -> str:
    """``text`` with each CJK run as its overlapping character pairs, apart from each other and
    from the text around (a lone character stays one): "使用了5000个" -> " 使用 用了 5000 个 ".
    Each character of ``alone`` (a claim's ``lone_cjk``) is also a word of its own wherever a
    run holds it ("癌症" -> " 癌症 癌 "), as ``library search`` finds a character looked for
    alone inside the text: as a pair's half it matched only where it stood alone."""
    if text.isascii():
        return text
    if not alone:
        return _CJK_RUN.sub(_pairs, text)
    return _CJK_RUN.sub(lambda run: _pairs(run, alone), text)


# A CJK character touching a letter or digit of another script: "DNA는" (a Korean particle
# written onto a Latin word), "使用了5000个" (a number inside Chinese text); and so a letter of
# Thai, Lao, Burmese or Khmer, written without spaces too ("COVIDในประเทศไทย").
_UNSPACED = CJK_CLASS + UNSPACED_CLASS
_TOUCHING = re.compile(
    f"(?<=[^\\W_{_UNSPACED}])(?=[{_UNSPACED}])|(?<=[{_UNSPACED}])(?=[^\\W_{_UNSPACED}])"
)


def cjk_apart(text: str) -> str:
    """``text`` with a space between a CJK (or Thai, Lao, Burmese, Khmer) character and a
    letter or digit of another script it touches, for a ranker reading a claim without CJK:
    "DNA는" was one word to it, which the claim's "DNA" did not equal (a CJK claim's ranker
    reads such runs apart as pairs)."""
    if text.isascii():
        return text
    return _TOUCHING.sub(" ", text)


def touches_cjk(text: str) -> bool:
    """Whether ``cjk_apart`` changes ``text``."""
    return not text.isascii() and _TOUCHING.search(text) is not None


def as_query(text: str) -> str:
    """A query's CJK words as the rankers and ``library search`` look them up: a Korean word
    without the particle written onto it ("암은" as "암 암은", ``text.hangul``), a Japanese
    one-kanji word also apart from the kana after it ("癌は" as "癌 癌は", ``text.kanji``).
    Passages are read as they are."""
    return kanji_apart(without_particles(text))


def lone_cjk(text: str) -> frozenset[str]:
    """The CJK characters standing alone in ``text``, no run's part: a one-character word ("癌",
    cancer; "암", in Korean; "个")."""
    if text.isascii():
        return frozenset()
    return frozenset(run for run in _CJK_RUN.findall(text) if len(run) == 1)


def _pairs(run: re.Match[str], alone: Collection[str] = ()) -> str:
    chars = run.group()
    pairs = [chars[i : i + 2] for i in range(len(chars) - 1)] or [chars]
    if len(chars) > 1 and alone:
        pairs += [c for c in chars if c in alone]
    return " " + " ".join(pairs) + " "
