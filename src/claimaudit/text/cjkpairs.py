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


def cjk_as_pairs(text: str) -> str:
    """``text`` with each CJK run as its overlapping character pairs, apart from each other and
    from the text around (a lone character stays one): "使用了5000个" -> " 使用 用了 5000 个 "."""
    if text.isascii():
        return text
    return _CJK_RUN.sub(_pairs, text)


def _pairs(run: re.Match[str]) -> str:
    chars = run.group()
    pairs = [chars[i : i + 2] for i in range(len(chars) - 1)] or [chars]
    return " " + " ".join(pairs) + " "
